import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRow } from './promptfoo.js';

/**
 * One promptfoo setup for every test of the installed package (the consumer test in the suite and
 * the compatibility run on the oldest Node and promptfoo the package claims to support): a config in a subfolder (`evals/`), run from
 * the project root as `promptfoo eval -c evals/promptfooconfig.yaml`, naming the assertion in each
 * documented form: promptfoo's package form, and a `file://` path relative to the config's folder.
 * The allowlist is written the promptfoo way, `file://allowlist.json`, beside the config.
 */
export const CONSUMER_CONFIG = 'evals/promptfooconfig.yaml';

const ALLOWLIST = {
  urls: [],
  domains: ['lawhelp.org'],
  org_names: ['Legal Aid Society of Testville'],
  org_phones: { 'Legal Aid Society of Testville': ['(617) 555-0100'] },
};
const GOOD =
  'Call the Legal Aid Society of Testville at (617) 555-0100 or see https://www.lawhelp.org/ma.';
const BAD =
  'Call the Legal Aid Society of Testville at (617) 555-0199 or see https://lawhelp-ma.example.com/x.';
const FILE_FORM = 'file://../node_modules/citation-verifier/dist/assertions/verify-citations.js';

/** What each row must get, in test order; `reason` is a pattern the reason must match. */
export const CONSUMER_VERDICTS: ReadonlyArray<{
  form: string;
  pass: boolean;
  score?: number;
  reason?: RegExp;
}> = [
  { form: 'package:…:verifyCitations, right answer', pass: true, score: 1 },
  // invented placeholder link 0; one misattributed number: (0 − 0.3) floored at 0
  { form: 'package:…:verifyCitations, wrong answer', pass: false, score: 0, reason: /invented/ },
  { form: 'file://…/verify-citations.js, right answer', pass: true, score: 1 },
  { form: 'file://…/verify-citations.js, wrong answer', pass: false, score: 0, reason: /invented/ },
  { form: 'package:…:chunkCitations, supported claim', pass: true },
  { form: 'package:…:chunkCitations, unsupported claim', pass: false, reason: /unsupported_claim/ }, // "30 days" is in no cited passage
];

/** Writes `evals/` (config and allowlist) into an installed consumer project. */
export function writeConsumerEval(project: string): void {
  const verify = (value: string, answer: string) => [
    `  - vars: { answer: ${JSON.stringify(answer)} }`,
    '    assert:',
    '      - type: javascript',
    `        value: ${value}`,
    '        config: { allowlist: file://allowlist.json }',
  ];
  const chunks = (answer: string) => [
    `  - vars: { answer: ${JSON.stringify(answer)}, context: ["[1] A tenant has 14 days to answer the notice."] }`,
    '    assert:',
    '      - type: javascript',
    '        value: package:citation-verifier:chunkCitations',
  ];
  mkdirSync(join(project, 'evals'), { recursive: true });
  writeFileSync(join(project, 'evals', 'allowlist.json'), JSON.stringify(ALLOWLIST));
  writeFileSync(
    join(project, CONSUMER_CONFIG),
    [
      'prompts: ["{{answer}}"]',
      'providers: [echo]',
      'tests:',
      ...verify('package:citation-verifier:verifyCitations', GOOD),
      ...verify('package:citation-verifier:verifyCitations', BAD),
      ...verify(FILE_FORM, GOOD),
      ...verify(FILE_FORM, BAD),
      ...chunks('You have 14 days to answer [1].'),
      ...chunks('You have 30 days to answer [1].'),
      '',
    ].join('\n'),
  );
}

/** Each expected verdict the rows missed, as a sentence; empty when all match. */
export function verdictMismatches(rows: readonly ResultRow[]): string[] {
  const sorted = [...rows].sort((a, b) => a.testIdx - b.testIdx);
  const problems: string[] = [];
  CONSUMER_VERDICTS.forEach((expected, i) => {
    const row = sorted[i];
    const reason = row?.gradingResult?.reason ?? row?.error ?? '';
    if (!row) problems.push(`${expected.form}: no result row`);
    else if (row.success !== expected.pass)
      problems.push(`${expected.form}: pass ${row.success}, expected ${expected.pass} (${reason})`);
    else if (expected.score !== undefined && row.gradingResult?.score !== expected.score)
      problems.push(
        `${expected.form}: score ${row.gradingResult?.score}, expected ${expected.score}`,
      );
    else if (expected.reason && !expected.reason.test(reason))
      problems.push(
        `${expected.form}: reason ${JSON.stringify(reason)} does not match ${expected.reason}`,
      );
  });
  if (sorted.length !== CONSUMER_VERDICTS.length)
    problems.push(`${sorted.length} rows, expected ${CONSUMER_VERDICTS.length}`);
  return problems;
}
