import type { z } from 'zod';
import type { PhoneKind } from './allowlist/phone-kinds.js';
import type { ActionCode, LinkCode, PhoneCode } from './codes.js';
import type { LinkFinding, OrgFinding, PhoneFinding } from './extract/types.js';
import type {
  CorrectionJsonSchema,
  CorrectionSourceJsonSchema,
  LivenessJsonSchema,
  ServedJsonSchema,
} from './format/finding-schema.js';

/**
 * Where a link lands. A closed union: every front switches over it exhaustively.
 * - `directory`: the URL is in the allowlist's `urls`, or its host is a `domains` entry (or below one).
 * - `live`: liveness on, not in the directory, and it resolved.
 * - `unverified`: not in the directory and liveness off: nothing proves it either way.
 * - `inconclusive`: liveness on, but the evidence is weak (bot protection, 5xx, timeout, network down).
 * - `broken`: liveness on and the page is gone (404, 410, refused).
 * - `invented`: provably not a usable resource (no public suffix, private or placeholder host,
 *   lookalike of a directory domain, host that does not exist).
 * - `wrong_jurisdiction`: only when a jurisdiction is given: the site is proven to serve only other
 *   jurisdictions (see `src/jurisdiction/`); never a nationwide site, one of the asked
 *   jurisdiction, or one whose area is unknown.
 */
export const LINK_BUCKETS = [
  'directory',
  'live',
  'unverified',
  'inconclusive',
  'broken',
  'invented',
  'wrong_jurisdiction',
] as const;
export type LinkBucket = (typeof LINK_BUCKETS)[number];

/** The buckets from most to least serious: the order problems are listed in. */
export const LINK_SEVERITY: readonly LinkBucket[] = [
  'invented',
  'broken',
  'wrong_jurisdiction',
  'inconclusive',
  'unverified',
  'live',
  'directory',
];

/** A bucket that fails the answer on its own, whatever the score. */
export function isFatalBucket(bucket: LinkBucket): boolean {
  return bucket === 'broken' || bucket === 'invented' || bucket === 'wrong_jurisdiction';
}

/** A bucket worth a warning but no failure: nothing proved the link good or bad. */
export function isDoubtfulBucket(bucket: LinkBucket): boolean {
  return bucket === 'inconclusive' || bucket === 'unverified';
}

/** What liveness saw for one link, kept on the verdict for reports and the `stale` list. */
export type LivenessEvidence = z.infer<typeof LivenessJsonSchema>;
/** Which allowlist entry a correction's replacement comes from (`CorrectionSourceJsonSchema`). */
export type CorrectionSource = z.infer<typeof CorrectionSourceJsonSchema>;
/** A finding's fix, as data: a closed union of `replace`, `remove` and `review` (`CorrectionJsonSchema`). */
export type Correction = z.infer<typeof CorrectionJsonSchema>;

/** A correction repair writes: `replace` or `remove` (a `review` is left for a person). */
export type Fix = Exclude<Correction, { action: 'review' }>;

export interface LinkVerdict {
  finding: LinkFinding;
  bucket: LinkBucket;
  score: number;
  /** The rule that decided the bucket (`src/codes.ts`): stable, where `reason` is words. */
  code: LinkCode;
  reason: string;
  /** Liveness evidence, when liveness ran for this link. */
  liveness?: LivenessEvidence;
  /** A directory link that liveness found dead: the directory needs fixing. */
  stale?: boolean;
  /**
   * The directory domain this link's host resembles (`masslegalhelp-login.org` →
   * `masslegalhelp.org`): reported so a person can look, not counted against the answer unless the
   * bucket says so (see `src/match/lookalike.ts`).
   */
  lookalikeOf?: string;
  /** Only when a jurisdiction was given and the link's area is known: who it serves, and the proof. */
  served?: Served;
  /** The fix, for a link that counts against the answer or resembles a directory site. */
  correction?: Correction;
}

/** Where the knowledge of who a link or number serves comes from, in the order it is asked. */
export type AreaSource = z.infer<typeof ServedJsonSchema>['source'];

/**
 * The areas a link or number serves (two-letter codes, `US` for the whole country), what carried
 * them (the host, domain, URL or organization) and the source that says so.
 */
export interface Served {
  areas: readonly string[];
  source: AreaSource;
  via: string;
}

/**
 * What a phone number given in an answer turned out to be. A closed union.
 * - `verified`: the number is listed for an organization named near it.
 * - `misattributed`: the organization named near it has listed numbers and this is not one (penalized).
 * - `known`: no organization is named near it, but the directory lists it (for `owners`).
 * - `unlisted`: no organization named near it and the directory does not know it (a warning).
 * - `unchecked`: the organization named near it has no numbers on file, so nothing can be said.
 * - `service_line`: a three-digit service line (211, 988, …), valid anywhere.
 * - `wrong_jurisdiction`: only when a jurisdiction is given: every organization the directory
 *   lists the number for serves only other jurisdictions (penalized as a misattribution is).
 */
export const PHONE_STATUSES = [
  'verified',
  'misattributed',
  'known',
  'unlisted',
  'unchecked',
  'service_line',
  'wrong_jurisdiction',
] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];

export interface PhoneVerdict {
  finding: PhoneFinding;
  /** The organization the number is attributed to, when one is named near it. */
  organization?: string;
  /** Organizations the directory lists this number for. */
  owners: string[];
  /** The kind of line the directory gives the number (`phone_kinds`), when it gives one. */
  kind?: PhoneKind;
  status: PhoneStatus;
  /** The rule that decided the status (`src/codes.ts`): stable, where `reason` is words. */
  code: PhoneCode;
  reason: string;
  /** Only when a jurisdiction was given and the owners' areas are known (see `LinkVerdict.served`). */
  served?: Served;
  /** The fix, for a misattributed number. */
  correction?: Correction;
  /**
   * Only on a misattributed number: the name it was charged through and whether that
   * organization was the only one in reach (the sentence or block named no other, or the wording
   * gave it the number alone), and the kind of line the answer labels it (`TTY`, `hotline`;
   * none for a number to call). What a fix needs beyond a grade (`src/match/corrections.ts`).
   */
  charge?: { matched: string; sole: boolean; line?: 'TTY' | 'hotline' };
}

/**
 * What a runtime caller should do with an answer (`src/repair/action.ts` decides it, docs/SERVICE.md):
 * - `pass`: it passes and nothing in it needs correcting;
 * - `repair`: something needs correcting, and the repaired answer passes;
 * - `review`: something needs correcting that the directory cannot correct beyond doubt (a
 *   `review` correction): a person decides, nothing is guessed;
 * - `refuse`: it fails, and the repaired answer fails too.
 */
export type Action = 'pass' | 'repair' | 'review' | 'refuse';

export interface Recommendation {
  action: Action;
  code: ActionCode;
  reason: string;
}

/** The result of verifying one answer. Every front (assertion, CLI, report) only formats this. */
export interface Report {
  pass: boolean;
  score: number;
  threshold: number;
  /** Mean of link scores (1 with no links). */
  linkScore: number;
  /** One verdict per distinct normalized URL, in order of first appearance. */
  links: LinkVerdict[];
  phones: PhoneVerdict[];
  organizations: OrgFinding[];
  /** Distinct misattributed numbers (each costs the penalty once). */
  misattributedCount: number;
  /** Every problem and warning, one line each, most serious first. */
  reasons: string[];
  /** Whether liveness ran. */
  liveness: boolean;
  /** Whether a misattributed number failed the answer whatever the score (opt-in). */
  failOnMisattribution: boolean;
  /** The jurisdiction the answer was checked against; absent when none was given. */
  jurisdiction?: JurisdictionCheck;
  /** What to do with the answer, when the front asked (`verifyOutput` always does). */
  recommendation?: Recommendation;
}

/** What a report was checked against, and whether a wrong-jurisdiction link fails it. */
export interface JurisdictionCheck {
  code: string;
  /** False when configured so that a wrong-jurisdiction link only scores 0 (`wrongJurisdiction: "score"`). */
  failsAnswer: boolean;
  /** Distinct numbers whose status is `wrong_jurisdiction` (each costs the phone penalty once). */
  wrongNumbers: number;
}
