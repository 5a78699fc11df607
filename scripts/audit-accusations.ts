/**
 * The false-accusation audit: run the verifier on real material and count every finding that
 * would fail or penalize an answer although the material is true.
 *
 *   npx tsx src/cli/bin.ts build-allowlist ../shared/data/ma-courts/ma-courts-directory.csv \
 *     --org-column "Court Name" --url-column Website --phone-column Phone --no-derive-domains -o out/ma-courts.json
 *   npx tsx scripts/audit-accusations.ts out/ma-courts.json [../shared/data]
 *
 * - ExpertQA: each real answer followed by its cited URLs; a link called invented or broken is an
 *   accusation (these are real sites).
 * - Court records: every published court record (`ma-courts/*.json`: main line, fax, ADA
 *   coordinators' lines, address) written the ways answers lay them out; every number is true, so a
 *   misattributed one is an accusation.
 * - Swaps (the other side): each court given the main number of the next court of its county, a
 *   true error; how many are caught.
 * - .gov: every registered domain of `dotgov/current-full.csv`, bare and as `www.` in capitals.
 *
 * - Layouts (issue 22): every MA court, HUD counselors agency and 211 Miami agency (test fixtures) in bullets with
 *   bold names, numbered lists, headings, tables and labels before the number (languages, days,
 *   kinds of line); a misattributed right number is an accusation, and each swapped number should be caught.
 *   Then each name in another case than listed (capitals, or lower case for a name listed in
 *   capitals) in the places that prove it a name: the whole heading, a list item's bold lead, a
 *   whole table cell.
 *
 * Offline, read-only. Prints one summary; `--list` prints every accusation too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildIndex, loadAllowlistIndex } from '../src/match/index.js';
import { hudCounselors, listedRows, miami211 } from './lib/audit-directories.js';
import { auditLayouts, type LayoutAudit, OTHER_CASE_LAYOUTS } from './lib/audit-layouts.js';
import { verifyAnswer } from '../src/verify.js';

interface Court {
  name: string;
  phone: string;
  fax?: string;
  address?: { orig_address?: string; county?: string };
  ada_coordinators?: Array<{ name?: string; phone?: string }>;
}

const args = process.argv.slice(2).filter((arg) => arg !== '--list');
const list = process.argv.includes('--list');
const [allowlistPath, dataArg] = args;
if (allowlistPath === undefined) {
  process.stderr.write(
    'usage: npx tsx scripts/audit-accusations.ts ALLOWLIST.json [DATA_DIR] [--list]\n',
  );
  process.exit(3);
}
const data = resolve(dataArg ?? '../shared/data');
if (!existsSync(data)) {
  process.stdout.write(`audit-accusations: ${data} is absent; nothing to measure\n`);
  process.exit(0);
}
const index = await loadAllowlistIndex(resolve(allowlistPath));
const accused: string[] = [];

// ExpertQA: links of real answers.
const records = readFileSync(join(data, 'expertqa/domain_test.jsonl'), 'utf8').trim().split('\n');
let answers = 0;
let links = 0;
let failed = 0;
for (const [line, text] of records.entries()) {
  const record = JSON.parse(text) as {
    answers: Record<string, { answer_string: string | null; attribution: string[] | null }>;
  };
  for (const [system, answer] of Object.entries(record.answers)) {
    const sources = answer.attribution ?? [];
    const report = verifyAnswer(
      `${answer.answer_string ?? ''}${sources.length > 0 ? `\n\nSources:\n${sources.join('\n')}` : ''}`,
      index,
    );
    answers++;
    links += report.links.length;
    if (!report.pass) failed++;
    for (const link of report.links)
      if (link.bucket === 'invented' || link.bucket === 'broken')
        accused.push(
          `expertqa line ${line + 1} ${system}: ${link.bucket} ${link.finding.raw}: ${link.reason}`,
        );
    for (const phone of report.phones)
      if (phone.status === 'misattributed')
        accused.push(
          `expertqa line ${line + 1} ${system}: misattributed ${phone.finding.raw}: ${phone.reason}`,
        );
  }
}
const expertqa = accused.length;

// Court records in answer layouts.
const courts: Court[] = [];
for (const file of readdirSync(join(data, 'ma-courts'))
  .filter((name) => name.endsWith('.json'))
  .sort()) {
  const parsed = JSON.parse(readFileSync(join(data, 'ma-courts', file), 'utf8')) as Court | Court[];
  for (const court of Array.isArray(parsed) ? parsed : [parsed]) {
    if (court.phone.trim() === '') continue;
    courts.push({
      ...court,
      name: court.name.trim(),
      phone: court.phone.trim(),
      fax: (court.fax ?? '').trim(),
    });
  }
}
const where = (court: Court): string => court.address?.orig_address ?? '';
const fax = (court: Court, text: string): string => (court.fax === '' ? '' : text);
const adas = (court: Court): Array<{ name: string; phone: string }> =>
  (court.ada_coordinators ?? [])
    .filter((ada) => (ada.phone ?? '').trim() !== '')
    .map((ada) => ({ name: (ada.name ?? '').trim(), phone: (ada.phone ?? '').trim() }));
const layouts: Record<string, (court: Court) => string> = {
  inline: (c) => `${c.name}: ${c.phone}${fax(c, `, fax ${c.fax}`)}.`,
  labels: (c) => `${c.name} — Phone: ${c.phone}${fax(c, ` | Fax: ${c.fax}`)}`,
  list: (c) =>
    `- **${c.name}**\n  - Address: ${where(c)}\n  - Phone: ${c.phone}${fax(c, `\n  - Fax: ${c.fax}`)}`,
  faxFirst: (c) => fax(c, `Fax filings to ${c.name} at ${c.fax}; the clerk answers at ${c.phone}.`),
  parentheses: (c) => fax(c, `${c.name} (phone ${c.phone}, fax ${c.fax})`),
  table: (c) =>
    `| Court | Phone | Fax |\n| --- | --- | --- |\n| ${c.name} | ${c.phone} | ${c.fax} |`,
  ada: (c) =>
    adas(c)
      .map((ada) => `${c.name} (${c.phone}). ADA coordinator: ${ada.name}, ${ada.phone}.`)
      .join('\n\n'),
  adaList: (c) =>
    adas(c).length === 0
      ? ''
      : `### ${c.name}\n- Main line: ${c.phone}\n${adas(c)
          .map((ada) => `- ADA coordinator ${ada.name}: ${ada.phone}`)
          .join('\n')}`,
};
let courtAnswers = 0;
let courtNumbers = 0;
for (const [layout, render] of Object.entries(layouts)) {
  for (const court of courts) {
    const text = render(court);
    if (text === '') continue;
    courtAnswers++;
    for (const phone of verifyAnswer(text, index).phones) {
      courtNumbers++;
      if (phone.status === 'misattributed')
        accused.push(`court record, ${layout}: ${JSON.stringify(text)}: ${phone.reason}`);
    }
  }
}
const courtAccusations = accused.length - expertqa;

// Swaps: true errors, to see what the rules still catch.
const byCounty = new Map<string, Court[]>();
for (const court of courts)
  byCounty.set(court.address?.county ?? '', [
    ...(byCounty.get(court.address?.county ?? '') ?? []),
    court,
  ]);
const swapLayouts: Array<(court: Court, wrong: string) => string> = [
  (c, w) => `${c.name}: ${w}.`,
  (c, w) => `Call ${c.name} at ${w}.`,
  (c, w) => `The ${c.name} is at ${where(c)}; call ${w}.`,
  (c, w) => `Your case belongs in the ${c.name}. Its clerk's office answers at ${w}.`,
  (c, w) => `1. **${c.name}**\n   - Address: ${where(c)}\n   - Phone: ${w}`,
  (c, w) => `| Court | Address | Phone |\n| --- | --- | --- |\n| ${c.name} | ${where(c)} | ${w} |`,
  (c, w) => `### ${c.name}\n${where(c)}\nPhone: ${w}`,
  // Its right number first, then the wrong one as another of its lines.
  (c, w) => `${c.name}: ${c.phone} or ${w}.`,
  (c, w) => `Call ${c.name} at ${c.phone}, ${w}.`,
  (c, w) => `### ${c.name}\n- Main line: ${c.phone}\n- Toll-free: ${w}`,
];
let swaps = 0;
let caught = 0;
for (const group of byCounty.values()) {
  for (const [k, court] of group.entries()) {
    const wrong = group[(k + 1) % group.length]!.phone;
    const normalized = verifyAnswer(wrong, index).phones[0]?.finding.normalized;
    if (normalized === undefined || index.ownersOf(normalized).includes(court.name)) continue;
    for (const render of swapLayouts) {
      swaps++;
      if (
        verifyAnswer(render(court, wrong), index).phones.some(
          (phone) => phone.status === 'misattributed',
        )
      )
        caught++;
    }
  }
}

// Every registered .gov domain.
let govLinks = 0;
for (const line of readFileSync(join(data, 'dotgov/current-full.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)) {
  const domain = line.split(',')[0]!.trim();
  for (const form of [`https://${domain}/`, `https://www.${domain.toUpperCase()}/`]) {
    govLinks++;
    for (const link of verifyAnswer(`See ${form} today.`, index).links)
      if (link.bucket === 'invented') accused.push(`.gov ${form}: ${link.reason}`);
  }
}

// Issue 22's layouts over every directory at hand: the MA courts, the HUD counselors and the 211
// Miami fixtures;
// then the names in another case where their place proves them names.
const courtRows = courts.map((court) => ({ name: court.name, phone: court.phone }));
const layoutRuns: Array<[string, LayoutAudit]> = [['MA courts', auditLayouts(courtRows, index)]];
const otherCaseRuns: Array<[string, LayoutAudit]> = [
  ['MA courts', auditLayouts(courtRows, index, OTHER_CASE_LAYOUTS)],
];
for (const [name, built] of [
  ['HUD counselors', await hudCounselors()],
  ['211 Miami (slice)', await miami211()],
] as const) {
  const directory = buildIndex(built);
  // This audit writes each row's number only, not its page.
  const rows = listedRows(built).map(({ name, phone }) => ({ name, phone }));
  layoutRuns.push([name, auditLayouts(rows, directory)]);
  otherCaseRuns.push([name, auditLayouts(rows, directory, OTHER_CASE_LAYOUTS)]);
}
for (const [, run] of [...layoutRuns, ...otherCaseRuns]) accused.push(...run.accusations);

const out = [
  `ExpertQA: ${answers} answers, ${links} links, ${failed} answers failed, ${expertqa} false accusations`,
  `court records: ${courts.length} courts, ${courtAnswers} answers, ${courtNumbers} numbers, ${courtAccusations} false accusations (misattributed)`,
  `swapped numbers (true errors): ${caught} of ${swaps} caught`,
  `.gov registry: ${govLinks} links, ${accused.filter((line) => line.startsWith('.gov ')).length} called invented`,
  ...layoutRuns.map(
    ([name, run]) =>
      `layouts (issue 22), ${name}: ${run.answers} answers, ${run.numbers} numbers, ${run.links} links, ${run.accusations.length} false accusations; swapped numbers ${run.caught} of ${run.swaps} caught`,
  ),
  ...otherCaseRuns.map(
    ([name, run]) =>
      `names in another case in a name's place (issue 22), ${name}: ${run.answers} answers, ${run.numbers} numbers, ${run.accusations.length} false accusations; swapped numbers ${run.caught} of ${run.swaps} caught`,
  ),
];
process.stdout.write(`${out.join('\n')}\n`);
if (list) process.stdout.write(accused.map((line) => `  ${line}\n`).join(''));
