import { buildIndex } from './match/index.js';
import type { Allowlist } from './allowlist/read.js';
import { compareStrings } from './util/strings.js';
import { citedLinks } from './extract/cited.js';
import { extractLinks } from './extract/links.js';
import { createLinkChecker, withoutScheme } from './liveness/checker.js';
import type {
  LinkChecker,
  LivenessKind,
  LivenessOptions,
  LivenessOutcome,
} from './liveness/types.js';
import { classifyLink } from './match/links.js';
import { normalizeUrl } from './normalize/url.js';
import { isFatalBucket, LINK_SEVERITY } from './types.js';

/** A link's liveness kind, or `moved`: a directory link live at another address (`movedTo`). */
export type StaleKind = LivenessKind | 'moved';

/** One link checked: as written (what was fetched), normalized, and where it was found. */
export interface StaleEntry {
  url: string;
  normalized: string;
  kind: StaleKind;
  outcome: LivenessOutcome;
  /** For `moved`: where the redirects end, the address the directory should give now. */
  movedTo?: string;
  foundIn: string[];
}

export interface StaleReport {
  checked: number;
  counts: Record<StaleKind, number>;
  /** Every link checked, by URL. */
  links: StaleEntry[];
  /** Every link not live, most serious first (`LINK_SEVERITY`, then moved), by URL within each. */
  stale: StaleEntry[];
  /** Stopped early (Ctrl-C): `checked` counts the links finished before. */
  interrupted: boolean;
  /** Why the network was shown unavailable: the links not yet checked then are inconclusive. */
  networkUnavailable?: string;
}

export interface StaleInput {
  allowlist: Allowlist;
  answers?: ReadonlyArray<{ text: string; where: string }>;
  liveness?: LivenessOptions;
  /** Aborting reports what was checked so far (`interrupted`). */
  signal?: AbortSignal;
  onProgress?: (finished: number, total: number) => void;
  /** Tests inject a checker; otherwise one is built from `liveness` and closed at the end. */
  checker?: LinkChecker;
}

/** `check`'s severity order (`LINK_SEVERITY`), then `moved`. */
const severity = (kind: StaleKind): number =>
  kind === 'moved' ? LINK_SEVERITY.length : LINK_SEVERITY.indexOf(kind);

const FROM_URLS = 'allowlist (urls)';
const FROM_DOMAINS = 'allowlist (domains)';

/**
 * Where a directory link now lives: a `urls` entry's page the normalizer calls different (no
 * scheme or `www.` move), a `domains` entry's host outside the domain. Null for answers' links.
 */
export function movedTo(
  entry: Pick<StaleEntry, 'normalized' | 'foundIn'>,
  outcome: LivenessOutcome,
): string | null {
  if (outcome.kind !== 'live' || outcome.redirects === 0) return null;
  const final = normalizeUrl(outcome.finalUrl);
  const start = normalizeUrl(entry.normalized);
  if (!final.ok || !start.ok) return null;
  if (entry.foundIn.includes(FROM_URLS) && final.url !== start.url) return outcome.finalUrl;
  const sameSite = final.host === start.host || final.host.endsWith(`.${start.host}`);
  if (entry.foundIn.includes(FROM_DOMAINS) && !sameSite) return outcome.finalUrl;
  return null;
}

interface Pending {
  fetch: string;
  url: string;
  normalized: string;
  foundIn: string[];
  /** The offline rules' invented verdict (placeholder, lookalike): reported, never fetched. */
  inventedOffline?: string;
}

/** The links to check, by what is fetched: links written differently are fetched apart. */
export function collectLinks(
  input: Pick<StaleInput, 'allowlist' | 'answers' | 'liveness'>,
): Pending[] {
  const links = new Map<string, Pending>();
  const add = (fetch: string, url: string, normalized: string, where: string): Pending => {
    let entry = links.get(fetch);
    if (!entry) links.set(fetch, (entry = { fetch, url, normalized, foundIn: [] }));
    if (!entry.foundIn.includes(where)) entry.foundIn.push(where);
    return entry;
  };
  const { allowlist } = input;
  for (const url of allowlist.urls) {
    const written = allowlist.urlsAsWritten?.get(url);
    add(written ?? withoutScheme(url), written ?? url, url, FROM_URLS);
  }
  for (const domain of allowlist.domains)
    add(domain, `https://${domain}`, `https://${domain}`, FROM_DOMAINS);
  const index = buildIndex(allowlist);
  const allowPrivate = input.liveness?.allowPrivateNetworks;
  const allowPrivateNetworks = allowPrivate !== undefined && allowPrivate !== false;
  for (const answer of input.answers ?? []) {
    for (const link of citedLinks(extractLinks(answer.text))) {
      const entry = add(link.raw, link.raw, link.normalized, answer.where);
      const verdict = classifyLink(link, index, { allowPrivateNetworks });
      if (verdict.bucket === 'invented') entry.inventedOffline = verdict.reason;
    }
  }
  return [...links.values()].sort((a, b) => compareStrings(a.fetch, b.fetch));
}

/**
 * `stale` as a library: check every allowlist link and every link the answers cite. Once the
 * network is shown unavailable, the links not yet finished are `inconclusive` at once.
 */
export async function findStaleLinks(input: StaleInput): Promise<StaleReport> {
  const links = collectLinks(input);
  const checker = input.checker ?? createLinkChecker(input.liveness ?? {});
  const outcomes = new Map<string, LivenessOutcome>();
  let networkUnavailable: string | undefined;
  let askedNetwork = false;
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  input.signal?.addEventListener('abort', stop, { once: true });
  if (input.signal?.aborted) stop();

  let over = false;
  const finish = (link: Pending, outcome: LivenessOutcome): void => {
    if (over) return;
    outcomes.set(link.fetch, outcome);
    input.onProgress?.(outcomes.size, links.length);
  };
  const checkOne = async (link: Pending): Promise<void> => {
    if (link.inventedOffline !== undefined)
      return finish(link, {
        kind: 'invented',
        error: 'offline-rule',
        reason: link.inventedOffline,
      });
    const outcome = await checker.check(link.fetch, { hostDeadline: true });
    finish(link, outcome);
    if (!askedNetwork && outcome.kind === 'inconclusive' && outcome.networkUnavailable) {
      askedNetwork = true;
      const down = await checker.networkDown();
      if (down !== null) {
        networkUnavailable = down;
        stop();
      }
    }
  };
  try {
    input.onProgress?.(0, links.length);
    await Promise.race([Promise.all(links.map(checkOne)), stopped]);
  } finally {
    // Links still in flight when the run stopped are not counted, whatever they return later.
    over = true;
    input.signal?.removeEventListener('abort', stop);
    if (!input.checker) await checker.close();
  }

  const interrupted = input.signal?.aborted === true && networkUnavailable === undefined;
  return staleReport(links, outcomes, interrupted, networkUnavailable);
}

/** The report from each link's outcome (one never checked as the network went down says so). */
function staleReport(
  links: readonly Pending[],
  outcomes: ReadonlyMap<string, LivenessOutcome>,
  interrupted: boolean,
  networkUnavailable: string | undefined,
): StaleReport {
  const entries: StaleEntry[] = [];
  for (const link of links) {
    let outcome = outcomes.get(link.fetch);
    if (!outcome) {
      if (interrupted) continue;
      outcome = {
        kind: 'inconclusive',
        error: 'network-unavailable',
        networkUnavailable: true,
        reason: `not checked: the network is unavailable (${networkUnavailable ?? 'unknown'})`,
      };
    }
    const moved = movedTo(link, outcome);
    entries.push({
      url: link.url,
      normalized: link.normalized,
      kind: moved === null ? outcome.kind : 'moved',
      outcome,
      ...(moved === null ? {} : { movedTo: moved }),
      foundIn: link.foundIn,
    });
  }
  const counts: Record<StaleKind, number> = {
    live: 0,
    broken: 0,
    invented: 0,
    inconclusive: 0,
    moved: 0,
  };
  for (const entry of entries) counts[entry.kind]++;
  const stale = entries
    .filter((entry) => entry.kind !== 'live')
    .sort((a, b) => severity(a.kind) - severity(b.kind) || compareStrings(a.url, b.url));
  return {
    checked: entries.length,
    counts,
    links: entries,
    stale,
    interrupted,
    ...(networkUnavailable !== undefined ? { networkUnavailable } : {}),
  };
}

/** Exit status of a stale run: a broken or invented link fails it; a moved one does not. */
export function staleFailed(report: StaleReport): boolean {
  return report.stale.some((entry) => entry.kind !== 'moved' && isFatalBucket(entry.kind));
}
