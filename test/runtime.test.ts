import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { promptfooEntrypoint } from '../scripts/lib/promptfoo.js';
import { repoRoot } from './helpers/promptfoo.js';

/**
 * The suite runs on the pinned runtime: the `node` devDependency puts Node 22 first on the PATH of
 * every npm script and `npx` command, whatever Node the machine has, so `npm test` and `npm start`
 * mean the same thing everywhere. A run under another Node (the machine's own, called directly)
 * fails here rather than passing on a runtime the README does not name.
 */
interface Manifest {
  engines: { node: string };
  peerDependencies: { promptfoo: string };
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const compat = JSON.parse(
  readFileSync(join(repoRoot, 'test', 'compat', 'package.json'), 'utf8'),
) as { dependencies: Record<string, string> };

/** `>=22.22.0` → [22, 22, 0]: the only form of range the manifest uses. */
function lowerBound(range: string): number[] {
  const match = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`expected a ">=X.Y.Z" range, got ${range}`);
  return match.slice(1).map(Number);
}

describe('runtime', () => {
  it('is the pinned Node 22', () => {
    expect(process.version).toBe(`v${manifest.devDependencies.node}`);
  });

  it('runs the pinned promptfoo', () => {
    const require = createRequire(promptfooEntrypoint());
    const installed = (require('../../package.json') as { version: string }).version;
    expect(installed).toBe(manifest.devDependencies.promptfoo);
  });

  it('the compatibility run pins exactly the oldest Node and promptfoo the package claims', () => {
    expect(lowerBound(manifest.engines.node).join('.')).toBe(compat.dependencies.node);
    expect(lowerBound(manifest.peerDependencies.promptfoo).join('.')).toBe(
      compat.dependencies.promptfoo,
    );
  });
});
