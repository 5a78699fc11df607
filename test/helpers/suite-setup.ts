import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Once per `vitest run`, before any test file: a folder the test processes share, so a real
 * `promptfoo eval` that several files read runs once (`evalOnce` in ./promptfoo.ts). It costs a
 * folder, so a run of one unrelated file pays nothing; the folder goes when the run ends.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where `evalOnce` keeps each shared eval's claim and result. */
    sharedEvalFolder: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'cv-shared-evals-'));
  project.provide('sharedEvalFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
