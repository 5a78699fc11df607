import { JUDGE_DEFAULTS } from '../defaults.js';
import { type JudgeCache, judgeCacheKey, memoryJudgeCache } from '../judge/cache.js';
import { JUDGE_PROMPT_VERSION } from '../judge/prompt.js';
import { parseJudgeReply } from '../judge/reply.js';
import type { Judge, JudgeAnswer, WireVerdict } from '../judge/types.js';
import { summarize } from './check.js';
import { applyJudgement, type Judgement } from './judge-apply.js';
import type { Chunk, ChunkReport, ClaimVerdict, FailurePolicy, JudgeSummary } from './types.js';

/** A configured judge and its limits (defaults: `JUDGE_DEFAULTS`). */
export interface JudgeSetup {
  judge: Judge;
  /** Verdicts kept between answers; a cache of this one call when none is given. */
  cache?: JudgeCache;
  answerDeadlineMs?: number;
  maxCallsPerAnswer?: number;
  minEvidenceWords?: number;
}

/**
 * The claims the deterministic checks left open: cited, every cited chunk present, and classified
 * `verification_uncertain` or `weak_support`. Everything else is decided without a call: a
 * missing chunk, a fabricated quotation, a figure no cited chunk holds and a wrong citation are
 * proven; a claim verbatim in its chunk is proven too; an uncited claim has no chunk to judge by.
 */
function needsJudge(verdict: ClaimVerdict): boolean {
  return (
    verdict.claim.ids.length > 0 &&
    verdict.missingIds.length === 0 &&
    (verdict.classification === 'verification_uncertain' ||
      verdict.classification === 'weak_support')
  );
}

/** The claims to send, grouped by their distinct set of cited chunks (keys in input order). */
function judgeGroups(
  report: ChunkReport,
  chunks: readonly Chunk[],
): Array<{ chunks: Chunk[]; claims: number[] }> {
  const order = new Map(chunks.map((chunk, position) => [chunk.key, position]));
  const groups = new Map<string, { chunks: Chunk[]; claims: number[] }>();
  report.claims.forEach((verdict, position) => {
    if (!needsJudge(verdict)) return;
    const keys = [...new Set(verdict.claim.ids)].sort((a, b) => order.get(a)! - order.get(b)!);
    const name = keys.join('\u0000');
    let group = groups.get(name);
    if (!group) {
      group = { chunks: keys.map((key) => chunks[order.get(key)!]!), claims: [] };
      groups.set(name, group);
    }
    group.claims.push(position);
  });
  return [...groups.values()];
}

/**
 * Ask the judge about the claims the checks left open (see `needsJudge`): one request per
 * distinct cited chunk set, carrying all its claims, each claim first looked up in the cache.
 * Fails closed: a YES counts only with an evidence quote verbatim in a cited chunk, and every
 * fault (unparsable reply, unknown ids, timeout, 429, unreachable, the call cap, the deadline)
 * leaves the claim as the checks classified it, with the reason. Never throws for a judge's
 * failure. Returns the report re-summarized, with what the pass cost in `judge`.
 */
export async function judgeChunkReport(
  report: ChunkReport,
  chunks: readonly Chunk[],
  setup: JudgeSetup,
): Promise<ChunkReport> {
  const pass: JudgePass = {
    report,
    judge: setup.judge,
    cache: setup.cache ?? memoryJudgeCache(),
    maxCalls: setup.maxCallsPerAnswer ?? JUDGE_DEFAULTS.maxCallsPerAnswer,
    signal: AbortSignal.timeout(setup.answerDeadlineMs ?? JUDGE_DEFAULTS.answerDeadlineMs),
    judgements: new Map(),
    summary: {
      model: setup.judge.model,
      promptVersion: JUDGE_PROMPT_VERSION,
      claimsSent: 0,
      callsMade: 0,
      attempts: 0,
      callsFromCache: 0,
      claimsFromCache: 0,
      uncounted: 0,
    },
  };
  for (const group of judgeGroups(report, chunks)) await judgeGroup(pass, group);
  const policy: FailurePolicy = {
    requireCitations: report.requireCitations,
    failOnWeakSupport: report.failOnWeakSupport,
    ...(report.failOnPartialSupport ? { failOnPartialSupport: true } : {}),
  };
  const minWords = setup.minEvidenceWords ?? JUDGE_DEFAULTS.minEvidenceWords;
  const claims = report.claims.map((verdict, position) => {
    const judgement = pass.judgements.get(position);
    return judgement ? applyJudgement(verdict, judgement, chunks, policy, minWords) : verdict;
  });
  pass.summary.uncounted = claims.filter((verdict) => verdict.judge?.counted === false).length;
  return { ...summarize(claims, chunks, policy), judge: pass.summary };
}

/** The state of one answer's judge pass. */
interface JudgePass {
  report: ChunkReport;
  judge: Judge;
  cache: JudgeCache;
  maxCalls: number;
  signal: AbortSignal;
  judgements: Map<number, Judgement>;
  summary: JudgeSummary;
}

/** One chunk set: its claims from the cache, the rest in one request (unless the cap is reached). */
async function judgeGroup(
  pass: JudgePass,
  group: { chunks: Chunk[]; claims: number[] },
): Promise<void> {
  const { report, summary, judgements } = pass;
  summary.claimsSent += group.claims.length;
  const keyOf = (position: number): string =>
    judgeCacheKey(
      pass.judge.model,
      JUDGE_PROMPT_VERSION,
      group.chunks.map((chunk) => chunk.text),
      claimText(report.claims[position]!),
    );
  const open: number[] = [];
  for (const position of group.claims) {
    const cached = await pass.cache.get(keyOf(position));
    if (cached) judgements.set(position, { ...cached, cached: true });
    else open.push(position);
  }
  summary.claimsFromCache += group.claims.length - open.length;
  if (open.length === 0) {
    summary.callsFromCache += 1;
    return;
  }
  if (summary.callsMade >= pass.maxCalls) {
    const fault = `the cap of ${pass.maxCalls} judge calls per answer was reached`;
    for (const position of open) judgements.set(position, { fault });
    return;
  }
  summary.callsMade += 1;
  const request = {
    chunks: group.chunks.map((chunk) => ({ id: chunk.id, text: chunk.text })),
    claims: open.map((position) => ({
      id: String(position + 1),
      text: claimText(report.claims[position]!),
    })),
  };
  const answer = await askSafely(pass.judge, request, pass.signal);
  summary.attempts += answer.attempts;
  for (const [position, judgement] of readAnswer(answer, open)) {
    judgements.set(position, judgement);
    if ('label' in judgement)
      await pass.cache.set(keyOf(position), {
        label: judgement.label,
        evidenceQuote: judgement.evidenceQuote,
      });
  }
}

/** A judge that throws (a bug in a front's adapter) is a fault too: the row is never an ERROR. */
async function askSafely(
  judge: Judge,
  request: Parameters<Judge['ask']>[0],
  signal: AbortSignal,
): Promise<JudgeAnswer> {
  try {
    return await judge.ask(request, signal);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'fault', fault: 'provider_error', detail, attempts: 1 };
  }
}

/** Each asked claim's judgement from one answer: a verdict, or the reason there is none. */
function readAnswer(answer: JudgeAnswer, positions: readonly number[]): Map<number, Judgement> {
  const out = new Map<number, Judgement>();
  const all = (fault: string): Map<number, Judgement> => {
    for (const position of positions) out.set(position, { fault });
    return out;
  };
  if (answer.kind === 'fault') return all(`judge ${answer.fault}: ${answer.detail}`);
  const ids = positions.map((position) => String(position + 1));
  const outcome = parseJudgeReply(answer.text, ids);
  if (outcome.kind === 'unparsable') return all(`judge reply unparsable: ${outcome.reason}`);
  if (outcome.kind === 'unknown_ids')
    return all(`judge reply names claims not asked about (${outcome.ids.join(', ')})`);
  const byId = new Map<string, WireVerdict>(
    outcome.verdicts.map((verdict) => [verdict.id, verdict]),
  );
  positions.forEach((position, index) => {
    const verdict = byId.get(ids[index]!);
    out.set(
      position,
      verdict
        ? { label: verdict.label, evidenceQuote: verdict.evidenceQuote, cached: false }
        : { fault: 'the judge reply gave no verdict for this claim' },
    );
  });
  return out;
}

/** The claim as the judge reads it: without its markers, and without the space they left (`time .`). */
function claimText(verdict: ClaimVerdict): string {
  return verdict.claim.prose.replace(/\s+([.,;:!?])/g, '$1').trim();
}
