import { JUDGE_DEFAULTS } from '../defaults.js';
import { describeError } from '../errors.js';
import { type JudgeCache, judgeCacheKey, memoryJudgeCache } from '../judge/cache.js';
import { JUDGE_PROMPT_VERSION } from '../judge/prompt.js';
import { parseJudgeReply } from '../judge/reply.js';
import type {
  Judge,
  JudgeAnswer,
  JudgeFaultKind,
  JudgeRequest,
  WireVerdict,
} from '../judge/types.js';
import { mapConcurrently } from '../util/pool.js';
import { summarize } from './check.js';
import type { JudgeConfig } from './config.js';
import { applyJudgement, type Judgement } from './judge-apply.js';
import type { Chunk, ChunkReport, ClaimVerdict, JudgeSummary } from './types.js';

/** A configured judge and its limits (`JudgeConfig`; defaults: `JUDGE_DEFAULTS`). */
export type JudgeSetup = Omit<
  JudgeConfig,
  'url' | 'model' | 'cacheDir' | 'recordDir' | 'replayDir' | 'requestTimeoutMs'
> & {
  judge: Judge;
  /** Verdicts kept between answers; without one, a cache of this call. */
  cache?: JudgeCache;
};

/** The claims the checks left open (uncertain or weak); the rest is proven without a call. */
function needsJudge(verdict: ClaimVerdict, uncited: boolean): boolean {
  if (verdict.claim.ids.length === 0) return uncited && verdict.classification === 'uncited_claim';
  return (
    verdict.missingIds.length === 0 &&
    (verdict.classification === 'verification_uncertain' ||
      verdict.classification === 'weak_support')
  );
}

interface Group {
  chunks: Chunk[];
  claims: number[];
}

/** The claims to send, by distinct cited chunk set (an uncited statement: every chunk). */
function judgeGroups(report: ChunkReport, chunks: readonly Chunk[], uncited: boolean): Group[] {
  const order = new Map(chunks.map((chunk, position) => [chunk.key, position]));
  const groups = new Map<string, Group>();
  report.claims.forEach((verdict, position) => {
    if (!needsJudge(verdict, uncited)) return;
    const ids = verdict.claim.ids.length > 0 ? verdict.claim.ids : chunks.map((chunk) => chunk.key);
    const keys = [...new Set(ids)].sort((a, b) => order.get(a)! - order.get(b)!);
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
 * Ask the judge about the claims left open, one request per cited chunk set not in the cache; the
 * call cap applied in the answer's order before any is sent. Fails closed (`not_verified`) unless
 * advisory; never throws. The report re-summarized, its cost in `judge`.
 */
export async function judgeChunkReport(
  report: ChunkReport,
  chunks: readonly Chunk[],
  setup: JudgeSetup,
): Promise<ChunkReport> {
  const advisory = setup.advisory ?? JUDGE_DEFAULTS.advisory;
  const summary: JudgeSummary = {
    model: setup.judge.model,
    promptVersion: JUDGE_PROMPT_VERSION,
    claimsSent: 0,
    callsMade: 0,
    attempts: 0,
    callsFromCache: 0,
    claimsFromCache: 0,
    uncounted: 0,
    advisory,
    uncitedSent: 0,
    tokens: { prompt: 0, completion: 0, cached: 0 },
  };
  const pass: JudgePass = {
    report,
    judge: setup.judge,
    cache: setup.cache ?? memoryJudgeCache(),
    signal: AbortSignal.timeout(setup.answerDeadlineMs ?? JUDGE_DEFAULTS.answerDeadlineMs),
    judgements: new Map(),
    summary,
  };
  const groups = judgeGroups(report, chunks, setup.uncited ?? false);
  summary.uncitedSent = groups
    .flatMap((group) => group.claims)
    .filter((position) => report.claims[position]!.claim.ids.length === 0).length;
  const asks = await lookUp(pass, groups);
  const maxCalls = setup.maxCallsPerAnswer ?? JUDGE_DEFAULTS.maxCallsPerAnswer;
  for (const ask of asks.slice(maxCalls))
    for (const position of ask.open)
      pass.judgements.set(position, {
        fault: `the judge was not asked: the cap of ${maxCalls} judge calls per answer was reached (call_cap)`,
      });
  const sent = asks.slice(0, maxCalls);
  summary.callsMade = sent.length;
  await mapConcurrently(sent, setup.concurrency ?? JUDGE_DEFAULTS.concurrency, (ask) =>
    askGroup(pass, ask),
  );
  const rules = {
    minWords: setup.minEvidenceWords ?? JUDGE_DEFAULTS.minEvidenceWords,
    advisory,
  };
  const claims = report.claims.map((verdict, position) => {
    const judgement = pass.judgements.get(position);
    return judgement ? applyJudgement(verdict, judgement, chunks, report, rules) : verdict;
  });
  summary.uncounted = claims.filter((verdict) => verdict.judge?.counted === false).length;
  return { ...summarize(claims, chunks, report), judge: summary };
}

interface JudgePass {
  report: ChunkReport;
  judge: Judge;
  cache: JudgeCache;
  signal: AbortSignal;
  judgements: Map<number, Judgement>;
  summary: JudgeSummary;
}

/** A chunk set's claims not in the cache, and each claim's cache key. */
interface Ask {
  group: Group;
  open: number[];
  keyOf: (position: number) => string;
}

async function lookUp(pass: JudgePass, groups: readonly Group[]): Promise<Ask[]> {
  const asks: Ask[] = [];
  for (const group of groups) {
    pass.summary.claimsSent += group.claims.length;
    const texts = group.chunks.map((chunk) => chunk.text);
    const keyOf = (position: number): string =>
      judgeCacheKey(
        pass.judge.model,
        JUDGE_PROMPT_VERSION,
        texts,
        claimText(pass.report.claims[position]!),
      );
    const open: number[] = [];
    for (const position of group.claims) {
      const cached = await pass.cache.get(keyOf(position));
      if (cached) pass.judgements.set(position, { ...cached, cached: true });
      else open.push(position);
    }
    pass.summary.claimsFromCache += group.claims.length - open.length;
    if (open.length === 0) pass.summary.callsFromCache += 1;
    else asks.push({ group, open, keyOf });
  }
  return asks;
}

/** One request for one chunk set's open claims; its verdicts are cached, its faults are not. */
async function askGroup(pass: JudgePass, { group, open, keyOf }: Ask): Promise<void> {
  const request: JudgeRequest = {
    chunks: group.chunks.map((chunk) => ({ id: chunk.id, text: chunk.text })),
    claims: open.map((position) => ({
      id: String(position + 1),
      text: claimText(pass.report.claims[position]!),
    })),
  };
  let answer: JudgeAnswer;
  try {
    answer = await pass.judge.ask(request, pass.signal);
  } catch (error) {
    // A judge that throws (a bug in a front's adapter) is a fault too: the row is never an ERROR.
    answer = { kind: 'fault', fault: 'provider_error', detail: describeError(error), attempts: 1 };
  }
  const { summary } = pass;
  summary.attempts += answer.attempts;
  if (answer.kind === 'reply' && answer.usage) {
    summary.tokens.prompt += answer.usage.prompt;
    summary.tokens.completion += answer.usage.completion;
    summary.tokens.cached += answer.usage.cached;
  }
  for (const [position, judgement] of readAnswer(answer, open)) {
    pass.judgements.set(position, judgement);
    if ('label' in judgement)
      await pass.cache.set(keyOf(position), {
        label: judgement.label,
        evidenceQuote: judgement.evidenceQuote,
      });
  }
}

/** Each fault in words that follow "the judge" (the kind's name follows in brackets). */
const FAULT_WORDS: Record<JudgeFaultKind, string> = {
  timeout: 'timed out',
  rate_limited: 'was rate limited',
  server_error: 'failed with a server error',
  http_error: 'refused the request',
  unreachable: 'could not be reached',
  bad_response: 'sent no chat completion',
  provider_error: '(the grading provider) returned an error',
  not_recorded: 'has no recording of this request',
};

/** Each asked claim's judgement from one answer: a verdict, or the reason there is none. */
function readAnswer(answer: JudgeAnswer, positions: readonly number[]): Map<number, Judgement> {
  const out = new Map<number, Judgement>();
  const all = (fault: string): Map<number, Judgement> => {
    for (const position of positions) out.set(position, { fault });
    return out;
  };
  if (answer.kind === 'fault')
    return all(`the judge ${FAULT_WORDS[answer.fault]} (${answer.fault}: ${answer.detail})`);
  const ids = positions.map((position) => String(position + 1));
  const outcome = parseJudgeReply(answer.text, ids);
  if (outcome.kind === 'unparsable')
    return all(`the judge's reply could not be read (unparsable: ${outcome.reason})`);
  if (outcome.kind === 'unknown_ids')
    return all(
      `the judge's reply names claims not asked about (${outcome.ids.join(', ')}), so none of it counts`,
    );
  const byId = new Map<string, WireVerdict>(
    outcome.verdicts.map((verdict) => [verdict.id, verdict]),
  );
  positions.forEach((position, index) => {
    const verdict = byId.get(ids[index]!);
    out.set(
      position,
      verdict
        ? { label: verdict.label, evidenceQuote: verdict.evidenceQuote, cached: false }
        : { fault: 'the judge gave no verdict for this claim' },
    );
  });
  return out;
}

/** The claim as the judge reads it: without its markers, and without the space they left (`time .`). */
function claimText(verdict: ClaimVerdict): string {
  return verdict.claim.prose.replace(/\s+([.,;:!?])/g, '$1').trim();
}
