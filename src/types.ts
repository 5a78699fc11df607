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
 * Where a link lands; a closed union every front switches over. `directory`: in the allowlist;
 * `live` / `broken` / `inconclusive`: liveness found it up / gone / could not tell;
 * `unverified`: not in the directory, liveness off; `invented`: provably no usable resource;
 * `wrong_jurisdiction`: proven to serve only other jurisdictions than the one given.
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

/** What liveness saw for one link. */
export type LivenessEvidence = z.infer<typeof LivenessJsonSchema>;
/** Which allowlist entry a correction's replacement comes from. */
export type CorrectionSource = z.infer<typeof CorrectionSourceJsonSchema>;
/** A finding's fix: `replace`, `remove` or `review`. */
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
  liveness?: LivenessEvidence;
  /** A directory link that liveness found dead: the directory needs fixing. */
  stale?: boolean;
  /** The directory domain this host resembles: reported, counted only as the bucket says. */
  lookalikeOf?: string;
  /** Only with a jurisdiction, when the link's area is known. */
  served?: Served;
  correction?: Correction;
}

/** Where the knowledge of who a link or number serves comes from. */
export type AreaSource = z.infer<typeof ServedJsonSchema>['source'];

/** The areas served (two-letter codes, `US` nationwide), what carried them, and the source. */
export interface Served {
  areas: readonly string[];
  source: AreaSource;
  via: string;
}

/**
 * What a phone number turned out to be; a closed union. `verified` / `misattributed`: listed / not
 * listed for the organization named near it, which has numbers; `known` / `unlisted`: no name
 * near it, listed / not; `unchecked`: the name has no numbers on file; `service_line`: 211, …;
 * `wrong_jurisdiction`: every listed owner serves only other jurisdictions (penalized).
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
  /** The organization named near the number. */
  organization?: string;
  /** Organizations the directory lists this number for. */
  owners: string[];
  /** The kind of line the directory gives the number (`phone_kinds`). */
  kind?: PhoneKind;
  status: PhoneStatus;
  /** The rule that decided the status (`src/codes.ts`): stable, where `reason` is words. */
  code: PhoneCode;
  reason: string;
  served?: Served;
  correction?: Correction;
  /** Only when misattributed, for the fix: the name charged, alone in reach or not, the line. */
  charge?: { matched: string; sole: boolean; line?: 'TTY' | 'hotline' };
}

/**
 * What a caller should do with an answer (`src/repair/action.ts`): `pass` as is, `repair` (the
 * repaired answer passes), `review` (a correction needs a person), `refuse` (the repair fails too).
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
  liveness: boolean;
  /** A misattributed number fails the answer whatever the score (opt-in). */
  failOnMisattribution: boolean;
  jurisdiction?: JurisdictionCheck;
  /** When the front asked (`verifyOutput` always does). */
  recommendation?: Recommendation;
}

/** What a report was checked against, and whether a wrong-jurisdiction link fails it. */
export interface JurisdictionCheck {
  code: string;
  /** False with `wrongJurisdiction: "score"`: such a link only scores 0. */
  failsAnswer: boolean;
  /** Distinct `wrong_jurisdiction` numbers (each costs the phone penalty once). */
  wrongNumbers: number;
}
