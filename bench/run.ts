/**
 * `npm run bench`: every figure of issue 7, each measured in the same run as its baseline and
 * reported as a ratio (absolute times are printed too). Prints a table and one PASS/FAIL line per
 * target, and writes `bench/results.json` and `bench/results.md` (the table to paste into
 * docs/BENCHMARKS.md), both atomically.
 *
 *   npx tsx bench/run.ts                      everything (about 2–3 minutes on 2 cores)
 *   npx tsx bench/run.ts --only verify,load   some sections: verify, load, liveness, stale, hostile, chunks
 *   npx tsx bench/run.ts --quick              fewer rounds, for a smoke test
 *   npx tsx bench/run.ts --docs               also put the tables into docs/BENCHMARKS.md
 *                                             (between its `bench:results` markers)
 *
 * Exit code: 0 when every target passed, 1 when one failed (the files are written either way).
 * Nothing here reaches the network: liveness runs against servers on 127.0.0.1 under `.test` names.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCorpus } from './lib/corpus.js';
import { generateOrgs } from './lib/generate.js';
import {
  markdownTable,
  markdownTargets,
  targetLine,
  textTable,
  writeAtomic,
  type SectionResult,
} from './lib/report.js';
import { runChunksSection } from './sections/chunks.js';
import { runHostileSection } from './sections/hostile.js';
import { runLivenessSection } from './sections/liveness.js';
import { runStaleSection } from './sections/stale.js';
import { runLoadSection } from './sections/load.js';
import { buildGeneratedIndex, runVerifySection, type VerifySection } from './sections/verify.js';

const SECTIONS = ['verify', 'load', 'liveness', 'stale', 'hostile', 'chunks'] as const;
type SectionName = (typeof SECTIONS)[number];
const GENERATED_ANSWERS = 300;

const RESULTS_JSON = fileURLToPath(new URL('./results.json', import.meta.url));
const RESULTS_MD = fileURLToPath(new URL('./results.md', import.meta.url));
const DOCS = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/** Replace what stands between the markers of docs/BENCHMARKS.md with `markdown`. */
async function writeDocs(markdown: string): Promise<void> {
  const text = await readFile(DOCS, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start)
    throw new Error(`${DOCS}: markers ${START} and ${END} not found`);
  await writeAtomic(DOCS, `${text.slice(0, start + START.length)}\n${markdown}${text.slice(end)}`);
}

function machine(): Record<string, string | number> {
  let model = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('model name'));
    if (line) model = line.split(':')[1]!.trim();
  } catch {
    // Not Linux: os.cpus() already named it.
  }
  return {
    node: process.version,
    cpu: model,
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    platform: `${process.platform} ${process.arch}`,
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      docs: { type: 'boolean', default: false },
    },
  });
  const only =
    values.only === undefined ? [...SECTIONS] : values.only.split(',').map((name) => name.trim());
  for (const name of only) {
    if (!(SECTIONS as readonly string[]).includes(name)) {
      process.stderr.write(`bench: unknown section "${name}"; sections: ${SECTIONS.join(', ')}\n`);
      return 2;
    }
  }
  const wanted = (name: SectionName): boolean => only.includes(name);
  const quick = values.quick;
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const started = performance.now();
  const host = machine();
  log(
    `citation-verifier bench — node ${host.node}, ${host.cpu}, ${host.cores} cores${quick ? ' (quick)' : ''}`,
  );

  const orgs = generateOrgs(100_000);
  const corpus = buildCorpus(orgs, GENERATED_ANSWERS);
  log(
    `corpus: ${corpus.generated} generated + ${corpus.expertqa} ExpertQA answers, ${(corpus.bytes / 1e6).toFixed(3)} MB${corpus.expertqaNote ? ` (${corpus.expertqaNote})` : ''}`,
  );

  const sections: SectionResult[] = [];
  let verify: VerifySection | undefined;
  if (wanted('verify')) {
    log('verify throughput…');
    verify = runVerifySection({ orgs, corpus, quick, log });
    sections.push(verify);
  }
  if (wanted('load')) {
    log('allowlist load…');
    sections.push(await runLoadSection(orgs, { quick, log }));
  }
  if (wanted('liveness')) {
    log('liveness…');
    sections.push(await runLivenessSection({ quick, log }));
  }
  if (wanted('stale')) {
    log('stale…');
    sections.push(await runStaleSection({ quick, log }));
  }
  if (wanted('hostile')) {
    log('hostile input…');
    const index = verify?.indexes.get(10_000) ?? buildGeneratedIndex(orgs, 10_000, log);
    sections.push(runHostileSection({ index, orgs, answers: corpus.answers, quick, log }));
  }
  if (wanted('chunks')) {
    log('chunk citations on hostile input…');
    sections.push(runChunksSection({ quick, log }));
  }

  const rows = sections.flatMap((section) => section.rows);
  const targets = sections.flatMap((section) => section.targets);
  const notes = sections.flatMap((section) => section.notes ?? []);
  const seconds = (performance.now() - started) / 1000;

  process.stdout.write(`\n${textTable(rows)}\n\n`);
  for (const note of notes) process.stdout.write(`note: ${note}\n`);
  if (notes.length > 0) process.stdout.write('\n');
  for (const target of targets) process.stdout.write(`${targetLine(target)}\n`);
  const failed = targets.filter((target) => target.skipped === undefined && !target.pass).length;
  process.stdout.write(
    `\n${targets.length - failed} of ${targets.length} targets passed in ${seconds.toFixed(0)} s\n`,
  );

  const stamp = new Date().toISOString();
  const corpusInfo = {
    generated: corpus.generated,
    expertqa: corpus.expertqa,
    bytes: corpus.bytes,
    ...(corpus.expertqaNote ? { note: corpus.expertqaNote } : {}),
  };
  const strip = (section: SectionResult): SectionResult => ({
    name: section.name,
    rows: section.rows,
    targets: section.targets,
    ...(section.notes ? { notes: section.notes } : {}),
  });
  await writeAtomic(
    RESULTS_JSON,
    `${JSON.stringify({ date: stamp, machine: host, quick, seconds, corpus: corpusInfo, sections: sections.map(strip) }, null, 2)}\n`,
  );
  const markdown = [
    `Run ${stamp} on ${host.cpu}, ${host.cores} cores, ${host.memoryGb} GB, Node ${host.node}${quick ? ' (quick)' : ''}; ${seconds.toFixed(0)} s.`,
    `Corpus: ${corpus.generated} generated + ${corpus.expertqa} ExpertQA answers, ${(corpus.bytes / 1e6).toFixed(3)} MB.`,
    '',
    markdownTable(rows),
    '',
    markdownTargets(targets),
    ...(notes.length > 0 ? ['', ...notes.map((note) => `- ${note}`)] : []),
    '',
  ].join('\n');
  await writeAtomic(RESULTS_MD, markdown);
  log(`wrote ${RESULTS_JSON} and ${RESULTS_MD}`);
  if (values.docs) {
    await writeDocs(markdown);
    log(`updated ${DOCS}`);
  }
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
