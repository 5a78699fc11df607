/**
 * The stable code of every verdict, beside its words (as a linter's rule id), read
 * `<what>.<outcome>[.<case>]` and mapped to the outcome(s) it comes with; a code is only ever
 * added, never renamed (docs/CODES.md). It imports nothing, so every verdict type can use it.
 */

/** The bucket, status, classification or action (or those) a verdict with this code has. */
type CodeEntry = string | readonly string[];

/** The code of a link verdict (`LinkVerdict.code`). */
export const LINK_CODES = {
  'link.listed': 'directory',
  'link.listed.domain': 'directory',
  'link.listed.dead': 'broken',
  'link.live': 'live',
  'link.unverified': 'unverified',
  'link.unverified.gov': 'unverified',
  'link.unverified.lookalike.one-name': 'unverified',
  'link.unverified.lookalike.other-suffix': 'unverified',
  'link.unverified.lookalike.split': 'unverified',
  'link.unverified.lookalike.edits': 'unverified',
  'link.unverified.lookalike.inside': 'unverified',
  'link.unverified.lookalike.folded': 'unverified',
  'link.inconclusive': 'inconclusive',
  'link.broken': 'broken',
  'link.invented.empty-label': 'invented',
  'link.invented.hyphen-label': 'invented',
  'link.invented.ip': 'invented',
  'link.invented.reserved': 'invented',
  'link.invented.no-suffix': 'invented',
  'link.invented.placeholder': 'invented',
  'link.invented.userinfo': 'invented',
  'link.invented.unregistered-gov': 'invented',
  'link.invented.label-mismatch': 'invented',
  'link.invented.lookalike.confusable': 'invented',
  'link.invented.lookalike.buried': 'invented',
  'link.invented.lookup': 'invented',
  'link.wrong-jurisdiction': 'wrong_jurisdiction',
} as const satisfies Record<string, CodeEntry>;

/** The code of a phone verdict (`PhoneVerdict.code`). */
export const PHONE_CODES = {
  'phone.service-line': 'service_line',
  'phone.verified': 'verified',
  'phone.verified.under-heading': 'verified',
  'phone.verified.named-above': 'verified',
  'phone.verified.line-kind': 'verified',
  'phone.misattributed': 'misattributed',
  'phone.misattributed.other-line': 'misattributed',
  'phone.misattributed.tty': 'misattributed',
  'phone.unchecked': 'unchecked',
  'phone.known': 'known',
  'phone.known.owner-word': 'known',
  'phone.unlisted': 'unlisted',
  'phone.uncharged.unlisted-name': ['known', 'unlisted'],
  'phone.uncharged.own-label': ['known', 'unlisted'],
  'phone.uncharged.weak-name': ['known', 'unlisted'],
  'phone.uncharged.same-bare-name': ['known', 'unlisted'],
  'phone.uncharged.site-or-parent': ['known', 'unlisted'],
  'phone.uncharged.line-label': ['known', 'unlisted'],
  'phone.wrong-jurisdiction': 'wrong_jurisdiction',
} as const satisfies Record<string, CodeEntry>;

/** The code of a finding's correction (`Correction.code`). */
export const CORRECTION_CODES = {
  'correction.replace.org-number': 'replace',
  'correction.replace.org-page': 'replace',
  'correction.replace.resembled-domain': 'replace',
  'correction.replace.resembled-page': 'replace',
  'correction.remove.other-jurisdiction': 'remove',
  'correction.remove.no-number': 'remove',
  'correction.remove.no-page': 'remove',
  'correction.review.not-tied': 'review',
  'correction.review.several-named': 'review',
  'correction.review.which-number': 'review',
  'correction.review.which-page': 'review',
} as const satisfies Record<string, CodeEntry>;

/** The code of an answer's recommendation (`Recommendation.code`). */
export const ACTION_CODES = {
  'action.pass': 'pass',
  'action.repair': 'repair',
  'action.review': 'review',
  'action.refuse.nothing-repaired': 'refuse',
  'action.refuse.all-removed': 'refuse',
  'action.refuse.still-fails': 'refuse',
  'action.refuse.over-budget': 'refuse',
  'action.retry.still-fails': 'retry',
  'action.retry.all-removed': 'retry',
} as const satisfies Record<string, CodeEntry>;

/** The code of a chunk claim's verdict (`ClaimVerdict.code`). */
export const CLAIM_CODES = {
  'claim.citation-not-found': 'citation_not_found',
  'claim.fabricated-quote': 'fabricated_quote',
  'claim.unsupported.fact-mismatch': 'unsupported_claim',
  'claim.unsupported.fact-missing': 'unsupported_claim',
  'claim.unsupported.judge-no': 'unsupported_claim',
  'claim.unsupported.judge-quote': 'unsupported_claim',
  'claim.wrong-citation.quote': 'wrong_citation',
  'claim.wrong-citation.fact': 'wrong_citation',
  'claim.exact-match': 'exact_match',
  'claim.weak-support': 'weak_support',
  'claim.verification-uncertain': 'verification_uncertain',
  'claim.uncited.fact': 'uncited_claim',
  'claim.uncited.statement': 'uncited_claim',
  'claim.uncited.judge-found': 'uncited_claim',
  'claim.faithful-paraphrase': 'faithful_paraphrase',
  'claim.context-contradiction': 'context_contradiction',
  'claim.partially-supported': 'partially_supported',
  'claim.not-verified.judge-fault': 'not_verified',
  'claim.not-verified.quote-unchecked': 'not_verified',
  'claim.not-verified.quote-off-topic': 'not_verified',
} as const satisfies Record<string, CodeEntry>;

export type LinkCode = keyof typeof LINK_CODES;
export type PhoneCode = keyof typeof PHONE_CODES;
export type CorrectionCode = keyof typeof CORRECTION_CODES;
export type ActionCode = keyof typeof ACTION_CODES;
export type ClaimCode = keyof typeof CLAIM_CODES;

/** Every code of one table, for a schema's enum. */
export function codesOf<Code extends string>(table: Record<Code, CodeEntry>): Code[] {
  return Object.keys(table) as Code[];
}
