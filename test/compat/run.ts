/**
 * Compatibility run, outside the vitest suite (it needs the registry): the packed package under
 * the oldest Node and the oldest promptfoo the package claims to support (`engines`,
 * `peerDependencies`; both pinned in this folder's package.json and lock file, and
 * test/runtime.test.ts checks they agree), and the package installed from a git URL (built by its
 * `prepare` script). The suite itself runs on the current pair (the root package.json pins it). Each check prints `ok` or
 * `not ok`; the last line is "compat: N passed, N failed"; `--json FILE` writes the counts for
 * `.ci/run`. Exit 0 only when every check passed.
 *
 *   npx tsx test/compat/run.ts [--json counts.json]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSUMER_CONFIG, verdictMismatches, writeConsumerEval } from '../helpers/consumer.js';
import { installPacked, packSelf } from '../helpers/pack.js';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';
import { judgeEvalProblems } from './judge-eval.js';

const here = import.meta.dirname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'cv-compat-'));
const results: Array<{ name: string; problems: string[] }> = [];

async function check(name: string, body: () => Promise<string[]> | string[]): Promise<void> {
  const started = Date.now();
  let problems: string[];
  try {
    problems = await body();
  } catch (error) {
    problems = [error instanceof Error ? error.message : String(error)];
  }
  results.push({ name, problems });
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  process.stdout.write(
    problems.length === 0
      ? `ok - ${name} (${took})\n`
      : `not ok - ${name} (${took})\n${problems.map((p) => `    ${p}\n`).join('')}`,
  );
}

// The runtime: `npm ci` of this folder's lock file ships the oldest claimed Node binary (the `node`
// package) and the oldest claimed promptfoo.
const runtime = join(work, 'runtime');
const pinned = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const node = join(runtime, 'node_modules', 'node', 'bin', 'node');
const entrypoint = join(runtime, 'node_modules', 'promptfoo', 'dist', 'src', 'entrypoint.js');
await check(
  `Node ${pinned.dependencies.node} and promptfoo ${pinned.dependencies.promptfoo} install from the lock file`,
  () => {
    mkdirSync(runtime, { recursive: true });
    copyFileSync(join(here, 'package.json'), join(runtime, 'package.json'));
    copyFileSync(join(here, 'package-lock.json'), join(runtime, 'package-lock.json'));
    execFileSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: runtime, stdio: 'pipe' });
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const promptfoo = (
      JSON.parse(
        readFileSync(join(runtime, 'node_modules', 'promptfoo', 'package.json'), 'utf8'),
      ) as { version: string }
    ).version;
    const problems: string[] = [];
    if (version !== `v${pinned.dependencies.node}`) problems.push(`node is ${version}`);
    if (promptfoo !== pinned.dependencies.promptfoo) problems.push(`promptfoo is ${promptfoo}`);
    return problems;
  },
);
const onOldest = { node, entrypoint };
// The oldest Node first on PATH, so the package's bin (`#!/usr/bin/env node`) runs on it too.
const path = `${join(runtime, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`;

async function evalChecks(label: string, project: string): Promise<void> {
  writeConsumerEval(project);
  await check(
    `${label}: promptfoo eval -c ${CONSUMER_CONFIG} (package: and file:// forms, chunk assertion)`,
    async () => {
      const { run, rows } = await evalOffline(['-c', CONSUMER_CONFIG], project, {}, onOldest);
      if (!run.ran)
        return [`promptfoo exited ${run.code}: ${(run.stdout + run.stderr).slice(-2000)}`];
      return verdictMismatches(rows);
    },
  );
  await check(`${label}: npx --no-install citation-verifier check`, () => {
    const run = spawnSync(
      process.platform === 'win32' ? 'npx.cmd' : 'npx',
      [
        '--no-install',
        'citation-verifier',
        'check',
        '--allowlist',
        'evals/allowlist.json',
        '--format',
        'json',
        '-',
      ],
      {
        cwd: project,
        encoding: 'utf8',
        input: 'See https://lawhelp.org/x',
        env: { ...process.env, PATH: path },
      },
    );
    if (run.status !== 0) return [`exit ${run.status}: ${run.stderr}`];
    const result = JSON.parse(run.stdout) as { pass: boolean; score: number };
    return result.pass && result.score === 1 ? [] : [`got ${run.stdout}`];
  });
}

// The packed package, installed the way the suite's consumer test does (no registry).
const packedProject = join(work, 'packed', 'project');
await check('npm pack, installed into a consumer project', () => {
  mkdirSync(join(work, 'packed'), { recursive: true });
  installPacked(repoRoot, packSelf(repoRoot, join(work, 'packed')), packedProject);
  return [];
});
await evalChecks('packed', packedProject);
await check('packed: the chunk judge asks the grading provider, never the model under test', () =>
  judgeEvalProblems(packedProject, onOldest),
);

// `npm install <git-url>`: npm clones the commit and builds it through `prepare`, which needs the
// devDependencies from the registry. The commit is HEAD: what is committed is what is tested.
const gitProject = join(work, 'git');
await check('npm install git+file://<clone>#HEAD builds through prepare', () => {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  mkdirSync(gitProject, { recursive: true });
  writeFileSync(
    join(gitProject, 'package.json'),
    JSON.stringify({ name: 'git-consumer', private: true, type: 'module' }),
  );
  execFileSync(npm, ['install', '--no-audit', '--no-fund', `git+file://${repoRoot}#${head}`], {
    cwd: gitProject,
    stdio: 'pipe',
  });
  return [];
});
await evalChecks('git URL', gitProject);

const failed = results.filter((result) => result.problems.length > 0).length;
const passed = results.length - failed;
process.stdout.write(`compat: ${passed} passed, ${failed} failed\n`);
const jsonAt = process.argv.indexOf('--json');
if (jsonAt !== -1 && process.argv[jsonAt + 1])
  writeFileSync(process.argv[jsonAt + 1]!, JSON.stringify({ passed, failed }));
process.exit(failed === 0 ? 0 : 1);
