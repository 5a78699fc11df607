import type { ChunkSettings } from '../chunks/config.js';
import type { Chunk } from '../chunks/types.js';
import type { CheckJson } from '../format/check-schema.js';
import { prepareAnswer } from '../text/prepared.js';
import { toJson } from '../format/formatters.js';
import { judgeConfig, settingsOf, type VerifierConfig } from '../promptfoo/settings.js';
import { guardOutput, type VerifierSettings } from '../run.js';
import type { FlagConfig } from './args-check.js';
import type { ChunkOutcome } from './check-chunks.js';
import type { CliIo } from './io.js';

/** Which checks `check` runs, settled once; the link check's settings resolved per answer. */
export interface CheckPlan {
  links?: LinkPlan;
  chunks?: { settings: ChunkSettings; chunks?: readonly Chunk[] };
}

/** The link check's config as judged once, with the flag that set each key. */
export interface LinkPlan {
  config: VerifierConfig;
  labels: Readonly<Record<string, string>>;
}

export interface AnswerChecks {
  pass: boolean;
  guarded?: Awaited<ReturnType<typeof guardOutput>>;
  chunks?: ChunkOutcome;
}

/** The link check's flags (over the config file) judged by its schema; throws `InputError`. */
export async function judgeLinks(links: FlagConfig, io: Pick<CliIo, 'env'>): Promise<LinkPlan> {
  return { config: await judgeConfig(links.config, io.env, links.labels), labels: links.labels };
}

/** The link check's settings for one answer and its row's fields; throws `InputError`. */
export function linkSettings(
  links: LinkPlan,
  io: Pick<CliIo, 'env' | 'cwd'>,
  vars?: Readonly<Record<string, unknown>>,
): VerifierSettings {
  return settingsOf(links.config, io.env, io.cwd, {
    front: 'cli',
    labels: links.labels,
    ...(vars === undefined ? {} : { vars }),
  });
}

/** Run the plan's checks on one answer; a row's own chunks replace the plan's. */
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

export function checksJson(checks: AnswerChecks): CheckJson {
  return {
    pass: checks.pass,
    ...(checks.guarded === undefined ? {} : { verdict: toJson(checks.guarded.report) }),
    ...(checks.chunks === undefined ? {} : { chunks: checks.chunks.audit }),
  };
}
