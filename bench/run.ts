/**
 * `npm run bench`: every figure of issue 7, each measured in the same run as its baseline and
 * reported as a ratio (absolute times are printed too). Prints a table and one PASS/FAIL line per
 * target, and writes `bench/results.json` and `bench/results.md` (the table to paste into
 * docs/BENCHMARKS.md), both atomically.
 *
 *   npx tsx bench/run.ts                      everything (about 2–3 minutes on 2 cores)
 *   npx tsx bench/run.ts --only verify,load   some sections: verify, load, liveness, stale, hostile, chunks, service
 *   npx tsx bench/run.ts --against REF        this tree against the tree at git ref REF, alternating in
 *                                             one run: verify, extraction, load (section `against`)
 *   npx tsx bench/run.ts --against REF --warm-up N
 *                                             N rounds of every verify workload in both trees before
 *                                             any is timed (default 3; 0: none, as before round 6)
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
import { SECTIONS, type BenchContext } from './sections/registry.js';

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
      against: { type: 'string' },
      'warm-up': { type: 'string' },
    },
  });
  const names = SECTIONS.map((section) => section.name);
  const only =
    values.only?.split(',').map((name) => name.trim()) ??
    (values.against !== undefined
      ? ['against']
      : SECTIONS.filter((section) => section.inDefault).map((section) => section.name));
  for (const name of only) {
    if (!names.includes(name)) {
      process.stderr.write(`bench: unknown section "${name}"; sections: ${names.join(', ')}\n`);
      return 2;
    }
  }
  if (only.includes('against') && values.against === undefined) {
    process.stderr.write(
      'bench: the against section needs --against REF (a git commit, tag or branch)\n',
    );
    return 2;
  }
  const warmUp = values['warm-up'] === undefined ? undefined : Number(values['warm-up']);
  if (warmUp !== undefined && !(Number.isInteger(warmUp) && warmUp >= 0)) {
    process.stderr.write(
      `bench: --warm-up takes a whole number of rounds (0 or more), not "${values['warm-up']}"\n`,
    );
    return 2;
  }
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

  const context: BenchContext = {
    orgs,
    corpus,
    quick,
    log,
    indexes: new Map(),
    ...(values.against !== undefined ? { against: values.against } : {}),
    ...(warmUp !== undefined ? { warmUp } : {}),
  };
  const sections: SectionResult[] = [];
  for (const section of SECTIONS) {
    if (!only.includes(section.name)) continue;
    log(`${section.name}: ${section.about}…`);
    sections.push(await section.run(context));
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
