import type { ChunkSettings } from '../chunks/config.js';
import type { Chunk } from '../chunks/types.js';
import type { CheckJson } from '../format/check-schema.js';
import { prepareAnswer } from '../text/prepared.js';
import { toJson } from '../format/formatters.js';
import { resolveSettings } from '../promptfoo/settings.js';
import { guardOutput, type VerifierSettings } from '../run.js';
import type { FlagConfig } from './args-check.js';
import type { ChunkOutcome } from './check-chunks.js';
import type { CliIo } from './io.js';

/**
 * Which checks `check` runs on an answer, settled once for a run: the link check (its config from
 * flags and the config file, resolved per answer because a JSON Lines row may name its own
 * jurisdiction, as a promptfoo row does in its vars), the chunk check (its settings, and the chunks
 * of `--chunks FILE`, which a row's own chunks replace), or both.
 */
export interface CheckPlan {
  links?: FlagConfig;
  chunks?: { settings: ChunkSettings; chunks?: readonly Chunk[] };
}

/** What the checks found in one answer. */
export interface AnswerChecks {
  pass: boolean;
  guarded?: Awaited<ReturnType<typeof guardOutput>>;
  chunks?: ChunkOutcome;
}

/**
 * The link check's settings for one answer; `vars` are the row's fields (JSON Lines) or none.
 * Throws `InputError` for a bad setting, named as the flag or config key that set it.
 */
export function linkSettings(
  links: FlagConfig,
  io: Pick<CliIo, 'env' | 'cwd'>,
  vars?: Readonly<Record<string, unknown>>,
): VerifierSettings {
  return resolveSettings(links.config, io.env, io.cwd, {
    front: 'cli',
    labels: links.labels,
    ...(vars === undefined ? {} : { vars }),
  });
}

/**
 * Run the plan's checks on one answer; it passes when every check that ran passes. A row's chunks
 * (the chunk settings' `contextVar` field of `vars`) are read with the chunk assertion's parser and
 * named as `where`'s field. Throws `InputError` for bad input.
 */
export async function checkAnswer(
  plan: CheckPlan,
  answer: string,
  io: CliIo,
  row?: { vars: Readonly<Record<string, unknown>>; where: string },
): Promise<AnswerChecks> {
  const result: AnswerChecks = { pass: true };
  // When both checks run, both read the answer prepared once (its tokens, its structure).
  const prepared = plan.links && plan.chunks ? prepareAnswer(answer) : answer;
  if (plan.links) {
    const settings = linkSettings(plan.links, io, row?.vars);
    result.guarded = await guardOutput(prepared, settings);
    result.pass &&= result.guarded.report.pass;
  }
  if (plan.chunks) {
    const { settings } = plan.chunks;
    const own = row?.vars[settings.contextVar];
    // Loaded only when the chunk check runs: the allowlist path never pays for it.
    const { checkChunks, parseChunks } = await import('./check-chunks.js');
    const chunks =
      own === undefined
        ? plan.chunks.chunks
        : parseChunks(own, { root: settings.contextVar, ...(row ? { where: row.where } : {}) });
    if (chunks !== undefined) {
      result.chunks = await checkChunks(prepared, chunks, settings, io.env);
      result.pass &&= result.chunks.pass;
    }
  }
  return result;
}

/** The checks as one JSON document (`CheckJsonSchema`). */
export function checksJson(checks: AnswerChecks): CheckJson {
  return {
    pass: checks.pass,
    ...(checks.guarded === undefined ? {} : { verdict: toJson(checks.guarded.report) }),
    ...(checks.chunks === undefined ? {} : { chunks: checks.chunks.audit }),
  };
}
