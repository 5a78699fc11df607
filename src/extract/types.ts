/** Findings: text as written, value compared, where (UTF-16 offsets, end exclusive). */
export interface Span {
  start: number;
  end: number;
}

/** How a link was written; scheme-less forms are the ones naive checkers miss. */
export type LinkForm = 'markdown' | 'angle' | 'scheme' | 'www' | 'bare';

export interface LinkFinding extends Span {
  kind: 'link';
  raw: string;
  /** Canonical URL (see `normalizeUrl`): https, folded host, no tracking, fragment or trailing slash. */
  normalized: string;
  /** Canonical host (lower case, punycode, no `www.`, no trailing dot). */
  host: string;
  form: LinkForm;
  /** Set when the written address hides another host behind `user@` (`lawhelp.org@evil.com`). */
  userinfo?: string;
  /** A markdown link's text (`[mvlslaw.org](https://…)` → `mvlslaw.org`), as written. */
  label?: string;
}

export interface PhoneFinding extends Span {
  kind: 'phone';
  raw: string;
  /** E.164 (`+16175550123`), or the three digits of a service line (`211`). */
  normalized: string;
  extension?: string;
  /** Written with letters (`1-800-LAW-HELP`). */
  vanity: boolean;
  /** A three-digit service line such as 211 or 988. */
  serviceLine: boolean;
}

export interface OrgFinding extends Span {
  kind: 'organization';
  raw: string;
  /** The organization's name as the allowlist lists it (an alias resolves to its organization). */
  normalized: string;
  /** The allowlist name or alias that matched. */
  matched: string;
  /** A weak name (`isWeakName`): it may verify a number, never charge one nor drive a fix. */
  weak?: true;
}

export type Finding = LinkFinding | PhoneFinding | OrgFinding;
