import { resolve } from 'node:path';
import { buildChunkAudit, type ChunkAudit, chunkFixJson } from '../chunks/audit.js';
import { resolveChunkConfig, type ChunkSettings } from '../chunks/config.js';
import { claimFixSummary, formatChunkAuditText } from '../chunks/format.js';
import { buildJudgeSetup } from '../chunks/judge-setup.js';
import { parseChunks } from '../chunks/parse.js';
import { guardJudgedClaims } from '../chunks/repair.js';
import type { Chunk, ClaimRepair } from '../chunks/types.js';

export { parseChunks };
import { overFile } from '../config/merge.js';
import type { ConfigFile } from '../config/schema.js';
import { jsonDocument } from '../format/escape.js';
import { lineOfPath, parseJsonText } from '../input/json.js';
import type { PreparedAnswer } from '../text/prepared.js';
import { printable } from '../util/strings.js';
import { chunkFlagConfig } from './args-check.js';
import { EXIT, readTextFile, withFinalNewline, type CliIo } from './io.js';
import type { Output } from './output.js';

/** What the chunk check found in one answer, and the repair of its failing claims if made. */
export interface ChunkOutcome {
  audit: ChunkAudit;
  pass: boolean;
  repair?: ClaimRepair;
}

/** The chunk settings: the flags over the config file, by the chunk assertion's schema. */
export async function chunkSettings(
  values: Parameters<typeof chunkFlagConfig>[0],
  file: ConfigFile | undefined,
  cwd: string,
): Promise<ChunkSettings> {
  const { config, labels } = chunkFlagConfig(values, cwd);
  return resolveChunkConfig(await overFile(file, config, 'chunks'), { labels });
}

/** Read a chunks file relative to `cwd`; throws `InputError` naming the file and the JSON path. */
export async function readChunksFile(path: string, cwd: string): Promise<Chunk[]> {
  const text = await readTextFile(resolve(cwd, path), 'chunks file');
  const data = parseJsonText(text, path, {
    hint: 'give an array of strings, an array of {"id", "text"} objects, or a JSON string of "[1] …" blocks',
  });
  return parseChunks(data, { where: path, root: '$', locate: lineOfPath(text) });
}

/** The chunk check of one answer, with its judge if any, its failing claims repaired. */
export async function checkChunks(
  answer: string | PreparedAnswer,
  chunks: readonly Chunk[],
  settings: ChunkSettings,
  env: NodeJS.ProcessEnv,
): Promise<ChunkOutcome> {
  const setup = settings.judge ? buildJudgeSetup(settings.judge, env) : undefined;
  const { report, repair } = await guardJudgedClaims(answer, chunks, settings, setup);
  return {
    audit: buildChunkAudit(report),
    pass: report.pass,
    ...(repair === undefined ? {} : { repair }),
  };
}

/** The audit as printed: JSON, or the table with control characters shown, not obeyed. */
export function chunkDocument(outcome: ChunkOutcome, format: 'text' | 'json'): string {
  return format === 'json'
    ? jsonDocument(outcome.audit)
    : printable(formatChunkAuditText(outcome.audit, outcome.pass));
}

/** `check --chunks --fix`: the repaired answer, or the audit and repair; 0 for pass or repair. */
export async function writeChunkFix(
  output: Output,
  format: 'text' | 'json',
  answer: string,
  outcome: ChunkOutcome,
  io: CliIo,
): Promise<number> {
  const { audit, repair } = outcome;
  if (format === 'json') await output.write(jsonDocument(chunkFixJson(answer, audit, repair)));
  else {
    await output.write(withFinalNewline(repair?.text ?? answer));
    io.stderr(printable(claimFixSummary(audit, repair?.changes.length ?? 0)));
  }
  return audit.action === 'pass' || audit.action === 'repair' ? EXIT.pass : EXIT.failed;
}
