/**
 * `npm run bench`: the guards of docs/BENCHMARKS.md, each measured in the same run as what it is
 * compared with, each a PASS or FAIL line. They say the verifier is fast enough; none is a target
 * to beat.
 *
 *   npx tsx bench/run.ts                   every guard (a few minutes on 2 cores)
 *   npx tsx bench/run.ts --only startup,load   some sections (see --help for the names)
 *   npx tsx bench/run.ts --against REF     the reference tree for `against` and `verdicts`
 *                                          (a git commit, tag or branch; default ab5af60)
 *   npx tsx bench/run.ts --quick           fewer rounds, for a smoke test
 *
 * Exit code: 0 when every guard passed, 1 when one failed, 2 when the bench could not run.
 * Nothing here reaches the network: liveness runs against servers on 127.0.0.1 under `.test` names.
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { buildCorpus } from './lib/corpus.js';
import { generateOrgs } from './lib/generate.js';
import { markdownTable, markdownTargets, targetLine, textTable } from './lib/report.js';
import type { SectionResult } from './lib/report.js';
import { checkoutRef } from './lib/tree.js';
import { type BenchContext, SECTIONS } from './sections/registry.js';

/** The reference of `against` and `verdicts`: main when the guards were declared (issue 36). */
const DEFAULT_REF = 'ab5af60';
const GENERATED_ANSWERS = 300;

function machine(): string {
  let model = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('model name'));
    if (line) model = line.split(':')[1]!.trim();
  } catch {
    // Not Linux: os.cpus() already named it.
  }
  return `${model}, ${cpus().length} cores, ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      against: { type: 'string', default: DEFAULT_REF },
      markdown: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const names = SECTIONS.map((section) => section.name);
  if (values.help) {
    process.stdout.write(
      `Usage: npm run bench -- [--only ${names.join(',')}] [--against REF] [--quick] [--markdown]\n`,
    );
    return 0;
  }
  const only =
    values.only?.split(',').map((name) => name.trim()) ??
    SECTIONS.filter((section) => section.inDefault).map((section) => section.name);
  const unknown = only.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    process.stderr.write(`bench: unknown section "${unknown[0]}"; sections: ${names.join(', ')}\n`);
    return 2;
  }
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const started = performance.now();
  log(`citation-verifier bench — ${machine()}${values.quick ? ' (quick)' : ''}`);
  const orgs = generateOrgs(100_000);
  const corpus = buildCorpus(orgs, GENERATED_ANSWERS);
  const chosen = SECTIONS.filter((section) => only.includes(section.name));
  const checkout = chosen.some((section) => section.baseline)
    ? checkoutRef(values.against, log)
    : undefined;
  const context: BenchContext = {
    orgs,
    corpus,
    quick: values.quick,
    log,
    ...(checkout ? { baseline: { ref: values.against, root: checkout.root } } : {}),
  };
  const sections: SectionResult[] = [];
  try {
    for (const section of chosen) {
      log(`${section.name}: ${section.about}…`);
      sections.push(await section.run(context));
    }
  } finally {
    checkout?.remove();
  }

  const rows = sections.flatMap((section) => section.rows);
  const targets = sections.flatMap((section) => section.targets);
  const notes = sections.flatMap((section) => section.notes ?? []);
  const seconds = (performance.now() - started) / 1000;
  const failed = targets.filter((target) => target.skipped === undefined && !target.pass).length;
  const out = (text: string): void => void process.stdout.write(text);
  if (values.markdown) {
    // The form of docs/BENCHMARKS.md's results.
    out(`${machine()}; ${seconds.toFixed(0)} s.\n\n${markdownTargets(targets)}\n\n`);
    out(`${markdownTable(rows)}\n`);
  } else {
    out(`\n${textTable(rows)}\n\n`);
    for (const target of targets) out(`${targetLine(target)}\n`);
  }
  for (const note of notes) out(`note: ${note}\n`);
  out(
    `\n${targets.length - failed} of ${targets.length} guards passed in ${seconds.toFixed(0)} s\n`,
  );
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
