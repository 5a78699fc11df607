import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Once per `vitest run` and project, before any test file: a folder the test processes share, so
 * a real `promptfoo eval` that several files read runs once (`evalOnce` in ./promptfoo.ts). Every
 * project of one run gets the same folder (the first project's setup makes it, in the run's own
 * global scope), so an eval is shared across projects too. It costs a folder, so a run of one unrelated file pays nothing; the folder
 * goes when the run ends.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where `evalOnce` keeps each shared eval's claim and result. */
    sharedEvalFolder: string;
  }
}

const FOLDER = Symbol.for('citation-verifier.sharedEvalFolder');

export default function setup(project: TestProject): () => void {
  const run = globalThis as { [FOLDER]?: string };
  run[FOLDER] ??= mkdtempSync(join(tmpdir(), 'cv-shared-evals-'));
  const folder = run[FOLDER];
  project.provide('sharedEvalFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
