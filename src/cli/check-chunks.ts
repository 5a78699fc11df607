import { resolve } from 'node:path';
import { buildChunkAudit } from '../chunks/audit.js';
import { checkChunkCitations } from '../chunks/check.js';
import { resolveChunkConfig } from '../chunks/config.js';
import { formatChunkAuditText } from '../chunks/format.js';
import { buildJudgeSetup } from '../chunks/judge-setup.js';
import { judgeChunkReport } from '../chunks/judged.js';
import { parseChunks } from '../chunks/parse.js';
import { lineOfPath, parseJsonText } from '../input/json.js';
import { printable } from '../util/strings.js';
import { EXIT, readTextFile, type CliIo } from './io.js';
import type { Output } from './output.js';

export interface ChunkCheckArgs {
  answer: string;
  /** Relative paths resolve against `io.cwd`. */
  chunksPath: string;
  format: 'text' | 'json';
  requireCitations: boolean;
  failOnWeakSupport?: boolean;
  /** As typed (`numberFromText`): judged with `locale` by the chunk assertion's own config schema. */
  weakSupportThreshold?: number | string;
  locale?: string;
  failOnPartialSupport?: boolean;
  /** `--judge-url`, `--judge-model`, `--judge-cache`, `--judge-record`: a judge only when given. */
  judgeUrl?: string;
  judgeModel?: string;
  judgeCache?: string;
  judgeRecord?: string;
  judgeReplay?: string;
}

/** The `check --chunks` flag of each chunk config key, for messages. */
export const CHUNK_FLAGS = {
  requireCitations: '--require-citations',
  failOnWeakSupport: '--fail-on-weak-support',
  weakSupportThreshold: '--weak-support-threshold',
  locale: '--locale',
  failOnPartialSupport: '--fail-on-partial-support',
  judge: '--judge-url',
  'judge.url': '--judge-url',
  'judge.model': '--judge-model',
  'judge.cacheDir': '--judge-cache',
  'judge.recordDir': '--judge-record',
  'judge.replayDir': '--judge-replay',
};

/**
 * `citation-verifier check --chunks FILE.json`: read the chunks file (JSON: an array of strings,
 * an array of `{id, text}`, or one string of `[1] …` blocks), check the answer's chunk citations,
 * write the audit to `output` (the `chunkAuditSchema` shape for `json`, a table for `text`) and return
 * `EXIT.pass` or `EXIT.failed`. Throws `InputError` for a missing, unreadable or invalid chunks file.
 */
export async function runChunkCheck(
  args: ChunkCheckArgs,
  io: CliIo,
  output: Output = { write: async (text) => io.stdout(text) },
): Promise<number> {
  const settings = resolveChunkConfig(
    {
      requireCitations: args.requireCitations,
      ...(args.failOnWeakSupport === undefined
        ? {}
        : { failOnWeakSupport: args.failOnWeakSupport }),
      ...(args.weakSupportThreshold === undefined
        ? {}
        : { weakSupportThreshold: args.weakSupportThreshold }),
      ...(args.locale === undefined ? {} : { locale: args.locale }),
      ...(args.failOnPartialSupport ? { failOnPartialSupport: true } : {}),
      ...judgeFlags(args, io.cwd),
    },
    { labels: CHUNK_FLAGS },
  );
  const path = resolve(io.cwd, args.chunksPath);
  const text = await readTextFile(path, 'chunks file');
  const data = parseJsonText(text, args.chunksPath, {
    hint: 'give an array of strings, an array of {"id", "text"} objects, or a JSON string of "[1] …" blocks',
  });
  const chunks = parseChunks(data, { where: args.chunksPath, root: '$', locate: lineOfPath(text) });
  const checked = checkChunkCitations(args.answer, chunks, settings);
  const report = settings.judge
    ? await judgeChunkReport(checked, chunks, buildJudgeSetup(settings.judge, io.env))
    : checked;
  const audit = buildChunkAudit(report);
  // The text is read in a terminal: the answer's and the chunks' control characters are shown, not
  // obeyed. JSON escapes them itself.
  await output.write(
    args.format === 'json'
      ? `${JSON.stringify(audit, null, 2)}\n`
      : printable(formatChunkAuditText(audit, report.pass)),
  );
  return report.pass ? EXIT.pass : EXIT.failed;
}

/** The judge flags as the chunk config's `judge` object, folders resolved against the cwd. */
export function judgeFlags(
  args: Pick<
    ChunkCheckArgs,
    'judgeUrl' | 'judgeModel' | 'judgeCache' | 'judgeRecord' | 'judgeReplay'
  >,
  cwd: string,
): { judge?: Record<string, string> } {
  const given = [
    args.judgeUrl,
    args.judgeModel,
    args.judgeCache,
    args.judgeRecord,
    args.judgeReplay,
  ];
  if (given.every((value) => value === undefined)) return {};
  return {
    judge: {
      ...(args.judgeUrl === undefined ? {} : { url: args.judgeUrl }),
      ...(args.judgeModel === undefined ? {} : { model: args.judgeModel }),
      ...(args.judgeCache === undefined ? {} : { cacheDir: resolve(cwd, args.judgeCache) }),
      ...(args.judgeRecord === undefined ? {} : { recordDir: resolve(cwd, args.judgeRecord) }),
      ...(args.judgeReplay === undefined ? {} : { replayDir: resolve(cwd, args.judgeReplay) }),
    },
  };
}
