import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installPacked, packSelf } from '../helpers/pack.js';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';

/** The consumer's allowlist and the answers every form of the assertion is run on. */
export const CONSUMER_ALLOWLIST = {
  urls: [],
  domains: ['lawhelp.org'],
  org_names: ['Legal Aid Society of Testville'],
  org_phones: { 'Legal Aid Society of Testville': ['(617) 555-0100'] },
};
const GOOD = 'Call the Legal Aid Society of Testville at (617) 555-0100 or see https://www.lawhelp.org/ma.';
const BAD = 'Call the Legal Aid Society of Testville at (617) 555-0199 or see https://lawhelp-ma.example.com/x.';

/**
 * A promptfoo config in a subfolder (`evals/`), run from the project root as
 * `promptfoo eval -c evals/promptfooconfig.yaml`, naming the assertion in each documented form:
 * promptfoo's package form, and a `file://` path relative to the config's folder. The allowlist is
 * written the promptfoo way, `file://allowlist.json`, beside the config.
 */
export function consumerConfig(fileForm: string): string {
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
  return [
    'prompts: ["{{answer}}"]',
    'providers: [echo]',
    'tests:',
    ...verify('package:citation-verifier:verifyCitations', GOOD),
    ...verify('package:citation-verifier:verifyCitations', BAD),
    ...verify(fileForm, GOOD),
    ...verify(fileForm, BAD),
    ...chunks('You have 14 days to answer [1].'),
    ...chunks('You have 30 days to answer [1].'),
    '',
  ].join('\n');
}

/** What each row of `consumerConfig` must get: pass and score, in test order. */
export const CONSUMER_VERDICTS = [
  { pass: true, score: 1 },
  { pass: false, score: 0 }, // invented placeholder link 0; one misattributed number: (0 − 0.3) floored at 0
  { pass: true, score: 1 },
  { pass: false, score: 0 },
  { pass: true },
  { pass: false }, // "30 days" is in no cited passage: unsupported_claim
];

/**
 * The package as a user gets it: packed with `npm pack` (which builds it), installed into a fresh
 * project without the registry (its runtime dependencies packed from this repository's own
 * node_modules, so an empty npm cache is enough), then used from a real `promptfoo eval` and from
 * its bin.
 */
describe('installed into a consumer project', () => {
  it('works as a promptfoo assertion in every documented form and as a CLI', { timeout: 300_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'cv-consumer-'));
    const packed = packSelf(repoRoot, work);
    expect(packed.files).toContain('dist/assertions/verify-citations.js');
    expect(packed.files).toContain('dist/assertions/index.js');
    expect(packed.files).toContain('dist/src/cli/bin.js');
    expect(packed.files.some((file) => file.startsWith('test/'))).toBe(false);

    const project = join(work, 'project');
    installPacked(repoRoot, packed, project);

    mkdirSync(join(project, 'evals'));
    writeFileSync(join(project, 'evals', 'allowlist.json'), JSON.stringify(CONSUMER_ALLOWLIST));
    writeFileSync(join(project, 'evals', 'promptfooconfig.yaml'), consumerConfig('file://../node_modules/citation-verifier/dist/assertions/verify-citations.js'));
    const { run, rows } = await evalOffline(['-c', 'evals/promptfooconfig.yaml'], project);
    expect(run.ran, run.stdout + run.stderr).toBe(true);
    const verdicts = rows.sort((a, b) => a.testIdx - b.testIdx).map((row) => ({ pass: row.success, score: row.gradingResult?.score, reason: row.gradingResult?.reason }));
    expect(verdicts.map(({ pass, score }, i) => (CONSUMER_VERDICTS[i]!.score === undefined ? { pass } : { pass, score }))).toEqual(CONSUMER_VERDICTS);
    expect(verdicts[5]!.reason).toMatch(/unsupported_claim/);

    // The package root is also the library.
    const library = spawnSync(process.execPath, ['--input-type=module', '-e', 'import { verifyAnswer, normalizePhone } from "citation-verifier"; console.log(typeof verifyAnswer, typeof normalizePhone)'], { cwd: project, encoding: 'utf8' });
    expect(library.stdout.trim(), library.stderr).toBe('function function');

    const bin = join(project, 'node_modules', '.bin', 'citation-verifier');
    const check = spawnSync(bin, ['check', '--allowlist', 'evals/allowlist.json', '--format', 'json', '-'], { cwd: project, encoding: 'utf8', input: 'See https://lawhelp.org/x' });
    expect(check.status, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ pass: true, score: 1 });
  });
});
