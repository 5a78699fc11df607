/**
 * promptfoo assertion: checks an answer's `[N]` chunk citations against the retrieved passages.
 * Use it beside the judge and the verifier:
 *
 *   assert:
 *     - type: javascript
 *       value: file://assertions/chunk-citations.ts
 *       config: { contextVar: context, requireCitations: false }
 *
 * The chunks come from the test variable `config.contextVar` (default `context`): an array of
 * strings, an array of `{id, text}`, or one string of `[1] …` / `Passage 1: …` blocks. When the
 * test has no such variable, the provider response's metadata under the same key is used (a RAG
 * provider can return what it retrieved there). It never throws: a thrown error would turn the row
 * into an ERROR and lose the judge's result beside it, so every problem becomes a failing result.
 */
import { resolve } from 'node:path';
import type { ChunkSettings, JudgeConfig } from '../src/chunks/config.js';
import { guardClaims, guardJudgedClaims } from '../src/chunks/repair.js';
import type { PreparedAnswer } from '../src/text/prepared.js';
import { buildJudgeSetup } from '../src/chunks/judge-setup.js';
import type { Chunk, ChunkReport } from '../src/chunks/types.js';
import {
  type GradingContext,
  gradedBySelf,
  loadGradingJudge,
} from '../src/promptfoo/grading-judge.js';
import { promptfooBaseDir } from '../src/promptfoo/settings.js';
import { answerText } from '../src/util/answer-text.js';
import { isRecord } from '../src/util/record.js';
import { checkChunkCitations } from '../src/chunks/check.js';
import { resolveChunkConfig } from '../src/chunks/config.js';
import { CHUNK_REASON_PREFIX, chunkGradingResult } from '../src/chunks/grading.js';
import { parseChunks } from '../src/chunks/parse.js';
import { describeError, InputError } from '../src/errors.js';
import { errorResult, type GradingResult } from '../src/format/grading.js';

/** What the judge pass needs from the deterministic one. */
interface Judged {
  answer: string;
  chunks: Chunk[];
  settings: ChunkSettings;
  judge: JudgeConfig;
}

interface AssertionContext extends GradingContext {
  config?: unknown;
  vars?: unknown;
  metadata?: unknown;
  providerResponse?: { metadata?: unknown } | null;
}

/**
 * Without `config.judge` the result is returned at once, as before; with it, a promise (promptfoo
 * awaits an assertion's result). Neither ever rejects: a judge's failure leaves claims uncertain.
 */
export default function chunkCitations(
  output: unknown,
  context?: AssertionContext & { config?: { judge?: undefined; [key: string]: unknown } | null },
): GradingResult;
export default function chunkCitations(
  output: unknown,
  context?: AssertionContext,
): GradingResult | Promise<GradingResult>;
export default function chunkCitations(
  output: unknown,
  context?: AssertionContext,
): GradingResult | Promise<GradingResult> {
  const checked = checkOrError(output, context);
  if ('pass' in checked) return checked;
  return judged(checked, context).catch((error: unknown) =>
    errorResult(CHUNK_REASON_PREFIX, describeError(error)),
  );
}

/** The deterministic check's result, or (with a judge configured) what the judge pass needs. */
function checkOrError(
  output: unknown,
  context: AssertionContext | undefined,
): GradingResult | Judged {
  try {
    const settings = resolveChunkConfig(context?.config);
    const found = findChunks(context, settings.contextVar);
    if (!found) {
      return errorResult(
        CHUNK_REASON_PREFIX,
        `no chunks: the test has no variable "${settings.contextVar}" and the provider response metadata has no "${settings.contextVar}"; set vars.${settings.contextVar} to the retrieved passages (an array of strings, an array of {id, text}, or "[1] …" blocks), or config.contextVar to the variable that holds them`,
      );
    }
    let chunks;
    try {
      chunks = parseChunks(found.value, { root: found.where });
    } catch (error) {
      const hint = listSplitHint(found, settings.contextVar, error);
      if (hint) return errorResult(CHUNK_REASON_PREFIX, hint);
      throw error;
    }
    const answer = answerText(output);
    if (settings.judge) return { answer, chunks, settings, judge: settings.judge };
    const verify = (text: string | PreparedAnswer): ChunkReport =>
      checkChunkCitations(text, chunks, settings);
    return chunkGradingResult(guardClaims(answer, verify(answer), settings, verify).report);
  } catch (error) {
    return errorResult(CHUNK_REASON_PREFIX, describeError(error));
  }
}

/**
 * The judge pass: promptfoo's grading provider (never the model under test), or the server
 * `config.judge.url` names; folders resolve against the config's folder, as promptfoo's do.
 */
async function judged(
  checked: Judged,
  context: AssertionContext | undefined,
): Promise<GradingResult> {
  const base = promptfooBaseDir(process.argv, process.cwd());
  const config = resolveJudgeFolders(checked.judge, base);
  const grading =
    config.url === undefined && config.replayDir === undefined
      ? await loadGradingJudge(context, base)
      : undefined;
  const setup = buildJudgeSetup(config, process.env, grading);
  const { answer, chunks, settings } = checked;
  const guarded = await guardJudgedClaims(answer, chunks, settings, setup);
  const result = chunkGradingResult(guarded.report);
  const self = grading ? gradedBySelf(grading, context) : undefined;
  return self === undefined
    ? result
    : {
        ...result,
        reason: `${result.reason}\nwarning: the grading provider ${self} is the model under test; a model grading its own answer proves little, so name another in options.provider`,
      };
}

function resolveJudgeFolders(config: JudgeConfig, base: string): JudgeConfig {
  const at = (path: string | undefined): string | undefined =>
    path === undefined ? undefined : resolve(base, path.replace(/^file:\/\//, ''));
  const folders = {
    cacheDir: at(config.cacheDir),
    recordDir: at(config.recordDir),
    replayDir: at(config.replayDir),
  };
  return {
    ...config,
    ...Object.fromEntries(Object.entries(folders).filter(([, value]) => value !== undefined)),
  };
}

/**
 * promptfoo turns a list in `vars` (`context: ["a", "b"]`) into one test per item, so each test
 * gets one passage as a plain string and the user, who did give an array, is told to give one.
 * Say what happened and how to keep the list whole.
 */
function listSplitHint(
  found: { value: unknown; where: string },
  name: string,
  error: unknown,
): string | undefined {
  if (!(error instanceof InputError) || error.code !== 'INVALID_CHUNKS') return undefined;
  if (
    typeof found.value !== 'string' ||
    !found.where.startsWith('vars.') ||
    !error.message.includes('no passage headers')
  )
    return undefined;
  return (
    `vars.${name} is one passage as a plain string. If your config lists the passages (${name}: ["passage 1", "passage 2"]), ` +
    `promptfoo has split that list into one test per passage. Keep the list whole by nesting it (vars: { ${name}: [ ["passage 1", "passage 2"] ] }), ` +
    `or load it from a file (${name}: file://chunks.json), or write one string of "[1] …" blocks`
  );
}

function findChunks(
  context: AssertionContext | undefined,
  name: string,
): { value: unknown; where: string } | undefined {
  const fromVars = field(context?.vars, name);
  if (fromVars !== undefined) return { value: fromVars, where: `vars.${name}` };
  const fromMetadata =
    field(context?.metadata, name) ?? field(context?.providerResponse?.metadata, name);
  if (fromMetadata !== undefined)
    return { value: fromMetadata, where: `providerResponse.metadata.${name}` };
  return undefined;
}

function field(record: unknown, name: string): unknown {
  return isRecord(record) ? record[name] : undefined;
}
