/**
 * Every verdict the verifier gives on the bench's material, one JSON line per answer, and two
 * SHA-256: of the whole verdicts (every status, organization, reason, code and span), and of
 * their outcomes only (`outcome` below). Material: the real answers (ExpertQA's and the
 * bundled sample's) against the bundled allowlist and the MA courts one when built, the sample's
 * answers and the generated corpus against a generated 10,000-organization directory, and the test
 * fixtures' answers.
 *
 *   npx tsx bench/verdicts.ts [--root DIR] [-o FILE]      DIR: another checkout (a reference commit)
 *
 * `--orgs N`: the generated directory of N organizations instead of 10,000 (the two-edit index
 * changes its way of reading lists past a few thousand names; 100,000 checks that side).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCorpus, loadExpertQa } from './lib/corpus.js';
import { allowlistFile, generateOrgs } from './lib/generate.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    output: { type: 'string', short: 'o' },
    orgs: { type: 'string', default: '10000' },
  },
});
const here = resolve(new URL('..', import.meta.url).pathname);
const root = resolve(values.root ?? here);
const load = async <T>(path: string): Promise<T> =>
  (await import(pathToFileURL(join(root, path)).href)) as T;

type Verify = (text: string, index: unknown) => unknown;
const { verifyAnswer } = await load<{ verifyAnswer: Verify }>('src/verify.ts');
const { loadAllowlistIndex, buildIndex } = await load<{
  loadAllowlistIndex: (path: string) => Promise<unknown>;
  buildIndex: (allowlist: unknown) => unknown;
}>('src/match/index.ts');
const { parseAllowlist } = await load<{
  parseAllowlist: (data: unknown, where: string) => unknown;
}>('src/allowlist/schema.ts');

const sample = readFileSync(join(here, 'sample-allowlist/answers.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => (JSON.parse(line) as { answer: string }).answer);
const real = [...loadExpertQa().answers, ...sample];
const size = Number(values.orgs);
const orgs = generateOrgs(Math.max(size, 10_000)).slice(0, size);
const generated = buildCorpus(orgs, 300).answers;

const runs: Array<[string, unknown, readonly string[]]> = [
  [
    'sample allowlist',
    await loadAllowlistIndex(join(here, 'sample-allowlist/allowlist.json')),
    real,
  ],
  [
    `generated ${size.toLocaleString('en-US')}`,
    buildIndex(parseAllowlist(allowlistFile(orgs), 'generated.json')),
    generated,
  ],
];
const courts = join(here, 'out/ma-courts.json');
if (existsSync(courts)) runs.push(['ma-courts', await loadAllowlistIndex(courts), real]);

// The outcome of a report: what grades an answer (pass, score, each link's bucket and score, each
// number's status and organization), without the reasons, codes and corrections a feature may
// reword or add. A speed or simplification change keeps both digests; a feature keeps this one
// unless it means to change a grade.
interface Outcome {
  pass: boolean;
  score: number;
  links: Array<{ finding: { normalized: string }; bucket: string; score: number }>;
  phones: Array<{ finding: { raw: string }; status: string; organization?: string }>;
}
const outcome = (report: Outcome): unknown => [
  report.pass,
  report.score,
  report.links.map((link) => [link.finding.normalized, link.bucket, link.score]),
  report.phones.map((phone) => [phone.finding.raw, phone.status, phone.organization ?? null]),
];
const lines: string[] = [];
const outcomes: string[] = [];
for (const [name, index, answers] of runs)
  answers.forEach((answer, k) => {
    const report = verifyAnswer(answer, index) as Outcome;
    lines.push(`${name} #${k} ${JSON.stringify(report)}`);
    outcomes.push(`${name} #${k} ${JSON.stringify(outcome(report))}`);
  });
const text = `${lines.join('\n')}\n`;
if (values.output) writeFileSync(values.output, text);
const sha = (value: string): string => createHash('sha256').update(value).digest('hex');
process.stdout.write(
  `${lines.length} answers (${runs.map(([name, , answers]) => `${name}: ${answers.length}`).join(', ')}), sha256 ${sha(text)}, outcomes sha256 ${sha(`${outcomes.join('\n')}\n`)}\n`,
);
