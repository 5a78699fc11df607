import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colourEnv, pointToLocalViewer } from '../../scripts/lib/promptfoo.js';
import { repoRoot } from '../helpers/promptfoo.js';

/** `npm start` as a user runs it: the demo script through tsx, its output captured. */
function demo(env: NodeJS.ProcessEnv): { status: number | null; output: string } {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...rest } = process.env;
  const run = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/demo.ts'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      // A private promptfoo folder: the demo writes its eval to promptfoo's database like a user's run.
      env: {
        ...rest,
        PROMPTFOO_CONFIG_DIR: join(mkdtempSync(join(tmpdir(), 'cv-demo-')), 'promptfoo'),
        ...env,
      },
    },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('npm start', () => {
  it('is quiet: no experimental warning, no Node banner, no colour with NO_COLOR, a viewer command that works here', {
    timeout: 120_000,
  }, () => {
    const { status, output } = demo({ NO_COLOR: '1' });
    expect(status, output).toBe(0);
    expect(output).toContain('Vendor comparison');
    expect(output).not.toContain('ExperimentalWarning');
    expect(output).not.toContain('Node.js 20 support');
    expect(output).not.toContain('\x1b');
    expect(output).toContain('View results: npx promptfoo view');
    expect(output).not.toMatch(/View results: promptfoo view/);
  });

  it('keeps colour when the user forces it, so the test above can see colour', {
    timeout: 120_000,
  }, () => {
    const { status, output } = demo({ FORCE_COLOR: '1' });
    expect(status, output).toBe(0);
    expect(output).toMatch(/View results: \x1b\[[0-9;]*m.*npx promptfoo view/);
  });
});

describe('colourEnv', () => {
  it.each([
    { name: 'terminal, nothing set', env: {}, tty: true, colour: true },
    { name: 'pipe, nothing set', env: {}, tty: false, colour: false },
    { name: 'terminal, NO_COLOR=1', env: { NO_COLOR: '1' }, tty: true, colour: false },
    {
      name: 'terminal, NO_COLOR empty (unset per no-color.org)',
      env: { NO_COLOR: '' },
      tty: true,
      colour: true,
    },
    { name: 'pipe, FORCE_COLOR=1', env: { FORCE_COLOR: '1' }, tty: false, colour: true },
    { name: 'terminal, FORCE_COLOR=0', env: { FORCE_COLOR: '0' }, tty: true, colour: false },
  ])('$name', ({ env, tty, colour }) => {
    expect(colourEnv(env, tty).FORCE_COLOR !== '0').toBe(colour);
  });
});

describe('pointToLocalViewer', () => {
  it('rewrites the viewer hint with or without colour codes, and nothing else', () => {
    expect(pointToLocalViewer('» View results: promptfoo view\n')).toBe(
      '» View results: npx promptfoo view\n',
    );
    expect(pointToLocalViewer('» View results: \x1b[32m\x1b[1mpromptfoo view\x1b[22m')).toBe(
      '» View results: \x1b[32m\x1b[1mnpx promptfoo view\x1b[22m',
    );
    expect(pointToLocalViewer('run promptfoo view later')).toBe('run promptfoo view later');
  });
});
