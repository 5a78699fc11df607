/**
 * The stable code of every verdict, beside its reason (as a linter's messages carry a rule id).
 * The reason says what was seen, in words for a person, and its wording may change from one
 * release to the next; the code names the rule that decided, and does not change: tests, a
 * caller's filters and a dashboard key on it. docs/CODES.md lists them for users.
 *
 * A code reads `<what>.<outcome>[.<case>]`: what was judged (`link`, `phone`, `claim`, a
 * `correction`, the answer's `action`), the outcome in kebab case (a link's bucket, a number's
 * status, a claim's classification, a correction's action), and, where one outcome is reached
 * by rules a person would tell apart, which rule it was. Each table below maps a code to the
 * outcome(s) it comes with (`of`) and what it means; a code is only ever added, never renamed.
 *
 * This file imports nothing, so `types.ts` and `chunks/types.ts` can type their verdicts by it.
 */

interface CodeEntry {
  /** The bucket, status, classification or action a verdict with this code has. */
  of: string | readonly string[];
  means: string;
}

/** The code of a link verdict (`LinkVerdict.code`). */
export const LINK_CODES = {
  'link.listed': { of: 'directory', means: 'its URL is listed in the directory (`urls`)' },
  'link.listed.domain': {
    of: 'directory',
    means: 'its host is a directory domain (`domains`) or lies under one',
  },
  'link.listed.dead': {
    of: 'broken',
    means:
      'listed in the directory, but liveness found it dead: the directory needs fixing (`stale`)',
  },
  'link.live': { of: 'live', means: 'not in the directory; liveness found the page' },
  'link.unverified': {
    of: 'unverified',
    means: 'not in the directory, and liveness is off: nothing proves it either way',
  },
  'link.unverified.gov': {
    of: 'unverified',
    means: 'a registered .gov domain not in the directory, with liveness off',
  },
  'link.unverified.lookalike.one-name': {
    of: 'unverified',
    means:
      'resembles a directory domain (`lookalike_of`): its name with the dot dropped or made a hyphen (`mass-gov.com`)',
  },
  'link.unverified.lookalike.other-suffix': {
    of: 'unverified',
    means: 'resembles a directory domain: its name under another suffix (`lawhelp.net`)',
  },
  'link.unverified.lookalike.split': {
    of: 'unverified',
    means: 'resembles a directory domain: its name split with dots',
  },
  'link.unverified.lookalike.edits': {
    of: 'unverified',
    means: 'resembles a directory domain: one or two edits away (`lawhlep.org`)',
  },
  'link.unverified.lookalike.inside': {
    of: 'unverified',
    means:
      'resembles a directory domain: its name is a word of a longer host (`masslegalhelp-login.org`)',
  },
  'link.unverified.lookalike.folded': {
    of: 'unverified',
    means: 'resembles a directory domain: near it once look-alike characters are folded',
  },
  'link.inconclusive': {
    of: 'inconclusive',
    means:
      'liveness could not tell (bot protection, 5xx, timeout, TLS, network down); `liveness` holds what it saw',
  },
  'link.broken': {
    of: 'broken',
    means:
      'liveness found the page gone (404, 410, a page saying not found, a refused connection); `liveness` holds what it saw',
  },
  'link.invented.empty-label': {
    of: 'invented',
    means: 'the host has an empty label (`.example.org`, `a..org`)',
  },
  'link.invented.hyphen-label': {
    of: 'invented',
    means: 'a label of the host starts or ends with a hyphen',
  },
  'link.invented.ip': { of: 'invented', means: 'the host is an IP address' },
  'link.invented.reserved': {
    of: 'invented',
    means: 'the host is a reserved or private name (`.local`, `.test`, `localhost`, …)',
  },
  'link.invented.no-suffix': {
    of: 'invented',
    means: 'the host has no public suffix (no such top-level domain)',
  },
  'link.invented.placeholder': {
    of: 'invented',
    means: 'a documentation or template name (`example.org`, `yourwebsite.com`)',
  },
  'link.invented.userinfo': {
    of: 'invented',
    means: 'a name before `@` hides the real host (`https://mass.gov@evil.example`)',
  },
  'link.invented.unregistered-gov': {
    of: 'invented',
    means: 'a .gov domain that is not in the .gov registry',
  },
  'link.invented.label-mismatch': {
    of: 'invented',
    means: "the link's text shows another site than it goes to",
  },
  'link.invented.lookalike.confusable': {
    of: 'invented',
    means:
      'spells a directory domain with look-alike characters (`lawhe1p.org`, a Cyrillic `о`): `lookalike_of`',
  },
  'link.invented.lookalike.buried': {
    of: 'invented',
    means: 'puts a directory domain in front of another site (`mass.gov.help-center.com`)',
  },
  'link.invented.lookup': {
    of: 'invented',
    means: 'liveness: the host does not exist, or it is or resolves to a non-public address',
  },
  'link.wrong-jurisdiction': {
    of: 'wrong_jurisdiction',
    means: 'the site serves only other jurisdictions than the one asked (`served`)',
  },
} as const satisfies Record<string, CodeEntry>;

/** The code of a phone verdict (`PhoneVerdict.code`). */
export const PHONE_CODES = {
  'phone.service-line': { of: 'service_line', means: 'a three-digit service line (211, 988, …)' },
  'phone.verified': {
    of: 'verified',
    means: 'listed for the organization named near it',
  },
  'phone.verified.under-heading': {
    of: 'verified',
    means: 'listed for the organization of the item or heading it sits under',
  },
  'phone.verified.named-above': {
    of: 'verified',
    means: 'listed for the organization named in the blocks just above it',
  },
  'phone.verified.line-kind': {
    of: 'verified',
    means: 'listed as the kind of line the answer labels it (a TTY, a fax: `phone_kinds`)',
  },
  'phone.misattributed': {
    of: 'misattributed',
    means: 'given for an organization whose listed numbers do not include it',
  },
  'phone.misattributed.other-line': {
    of: 'misattributed',
    means:
      "offered as the number to call, but the directory lists it as the organization's fax, TTY or pager",
  },
  'phone.misattributed.tty': {
    of: 'misattributed',
    means: 'labelled the TTY of an organization whose TTY in the directory is another number',
  },
  'phone.unchecked': {
    of: 'unchecked',
    means: 'given for an organization with no numbers in the directory',
  },
  'phone.known': {
    of: 'known',
    means: 'no organization named next to it; the directory lists it (for `owners`)',
  },
  'phone.known.owner-word': {
    of: 'known',
    means:
      "written near one organization, but a word points at the number's owner in the directory",
  },
  'phone.unlisted': {
    of: 'unlisted',
    means: 'no organization named next to it, and the directory does not know it',
  },
  'phone.uncharged.unlisted-name': {
    of: ['known', 'unlisted'],
    means: 'given for a name that is not in the directory',
  },
  'phone.uncharged.own-label': {
    of: ['known', 'unlisted'],
    means: 'follows another number of the organization, under a label of its own',
  },
  'phone.uncharged.weak-name': {
    of: ['known', 'unlisted'],
    means: 'the organization is named only by a weak name (common words, a role, a shared alias)',
  },
  'phone.uncharged.same-bare-name': {
    of: ['known', 'unlisted'],
    means: 'listed for an entry of the same name without its article or legal form',
  },
  'phone.uncharged.site-or-parent': {
    of: ['known', 'unlisted'],
    means: 'listed for a site of the organization, or for its parent (`PARENT - SITE`)',
  },
  'phone.uncharged.line-label': {
    of: ['known', 'unlisted'],
    means:
      'labelled a fax, TTY or ADA line, which the directory does not list for the organization',
  },
  'phone.wrong-jurisdiction': {
    of: 'wrong_jurisdiction',
    means: 'every organization listing it serves only other jurisdictions (`served`)',
  },
} as const satisfies Record<string, CodeEntry>;

/** The code of a finding's correction (`Correction.code`). */
export const CORRECTION_CODES = {
  'correction.replace.org-number': {
    of: 'replace',
    means:
      'the one number the directory lists for the organization (of the kind the answer labels it)',
  },
  'correction.replace.org-page': {
    of: 'replace',
    means: 'the page the directory lists for the organization the answer ties the link to',
  },
  'correction.replace.resembled-domain': {
    of: 'replace',
    means: 'the directory domain the link resembles',
  },
  'correction.replace.resembled-page': {
    of: 'replace',
    means: 'the one listed page on the host the link resembles',
  },
  'correction.remove.other-jurisdiction': {
    of: 'remove',
    means: 'it serves another jurisdiction, and nothing says what would replace it',
  },
  'correction.remove.no-number': {
    of: 'remove',
    means: 'the organization has no number on file',
  },
  'correction.remove.no-page': {
    of: 'remove',
    means: 'the directory has no page to put in its place',
  },
  'correction.review.not-tied': {
    of: 'review',
    means: 'nothing in the answer ties the number to the organization alone',
  },
  'correction.review.several-named': {
    of: 'review',
    means: 'the answer names other organizations where it gives the number',
  },
  'correction.review.which-number': {
    of: 'review',
    means: 'the directory lists several numbers (or none of the kind) for the organization',
  },
  'correction.review.which-page': {
    of: 'review',
    means: 'the directory lists several pages for the organization',
  },
} as const satisfies Record<string, CodeEntry>;

/** The code of an answer's recommendation (`Recommendation.code`). */
export const ACTION_CODES = {
  'action.pass': { of: 'pass', means: 'it passes with nothing to correct' },
  'action.repair': { of: 'repair', means: 'the repaired answer passes' },
  'action.review': {
    of: 'review',
    means: 'a finding cannot be corrected beyond doubt: a person decides',
  },
  'action.refuse.nothing-repaired': {
    of: 'refuse',
    means: 'it fails, and nothing could be repaired',
  },
  'action.refuse.all-removed': {
    of: 'refuse',
    means: 'repairing it removed every claim',
  },
  'action.refuse.still-fails': { of: 'refuse', means: 'the repaired answer still fails' },
  'action.refuse.over-budget': {
    of: 'refuse',
    means: 'chunk check: more claims fail than `maxFailingClaims`; nothing is repaired',
  },
  'action.retry.still-fails': {
    of: 'retry',
    means:
      'chunk check: with its failing claims dropped or hedged it still fails; regenerate once with `retry`',
  },
  'action.retry.all-removed': {
    of: 'retry',
    means: 'chunk check: dropping its failing claims leaves nothing; regenerate once with `retry`',
  },
} as const satisfies Record<string, CodeEntry>;

/** The code of a chunk claim's verdict (`ClaimVerdict.code`). */
export const CLAIM_CODES = {
  'claim.citation-not-found': {
    of: 'citation_not_found',
    means: 'it cites an id that no chunk has',
  },
  'claim.fabricated-quote': {
    of: 'fabricated_quote',
    means: 'a quotation is verbatim in no chunk it cites, nor in another',
  },
  'claim.unsupported.fact-mismatch': {
    of: 'unsupported_claim',
    means:
      'a figure is in none of the cited chunks, and the cited passage gives another of its kind (`facts[].nearest`)',
  },
  'claim.unsupported.fact-missing': {
    of: 'unsupported_claim',
    means: 'a figure is in none of the cited chunks',
  },
  'claim.unsupported.judge-no': {
    of: 'unsupported_claim',
    means: 'the judge says the cited chunks do not state it',
  },
  'claim.unsupported.judge-quote': {
    of: 'unsupported_claim',
    means: 'the judge said YES, but its evidence quote is not verbatim in a cited chunk',
  },
  'claim.wrong-citation.quote': {
    of: 'wrong_citation',
    means: 'a quotation is not in the cited chunks, but is verbatim in another chunk',
  },
  'claim.wrong-citation.fact': {
    of: 'wrong_citation',
    means: 'a figure is not in the chunk cited right after it, but is in another cited chunk',
  },
  'claim.exact-match': { of: 'exact_match', means: 'its words are verbatim in a cited chunk' },
  'claim.weak-support': {
    of: 'weak_support',
    means: 'few of its content words are in the cited chunk closest to it',
  },
  'claim.verification-uncertain': {
    of: 'verification_uncertain',
    means: 'passes the deterministic checks; only a judge can say more',
  },
  'claim.uncited.fact': {
    of: 'uncited_claim',
    means: 'states a figure or a quotation and cites nothing',
  },
  'claim.uncited.statement': {
    of: 'uncited_claim',
    means: 'states a fact and cites nothing (with `requireCitations`)',
  },
  'claim.uncited.judge-found': {
    of: 'uncited_claim',
    means: 'cites nothing, and the judge finds a chunk that states it',
  },
  'claim.faithful-paraphrase': {
    of: 'faithful_paraphrase',
    means: 'the judge says the cited chunks support it, quoting one verbatim',
  },
  'claim.context-contradiction': {
    of: 'context_contradiction',
    means: 'the judge says the cited chunks state otherwise',
  },
  'claim.partially-supported': {
    of: 'partially_supported',
    means: 'the judge says the cited chunks state only part of it',
  },
  'claim.not-verified.judge-fault': {
    of: 'not_verified',
    means:
      'the judge gave no verdict (an error, a reply that does not parse or leaves it out, the call cap)',
  },
  'claim.not-verified.quote-unchecked': {
    of: 'not_verified',
    means: 'the judge said YES without an evidence quote long enough to check',
  },
  'claim.not-verified.quote-off-topic': {
    of: 'not_verified',
    means: "the judge said YES quoting words that share none of the claim's content",
  },
} as const satisfies Record<string, CodeEntry>;

export type LinkCode = keyof typeof LINK_CODES;
export type PhoneCode = keyof typeof PHONE_CODES;
export type CorrectionCode = keyof typeof CORRECTION_CODES;
export type ActionCode = keyof typeof ACTION_CODES;
export type ClaimCode = keyof typeof CLAIM_CODES;
export type FindingCode = LinkCode | PhoneCode | CorrectionCode | ActionCode | ClaimCode;

/** Every code of one table, for a schema's enum. */
export function codesOf<Code extends string>(table: Record<Code, CodeEntry>): Code[] {
  return Object.keys(table) as Code[];
}
