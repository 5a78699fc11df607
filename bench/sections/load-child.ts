/**
 * Child process of the load benchmark (run with `node --expose-gc --import tsx`): measures one
 * thing in a fresh process, so the heap holds nothing else and the code is as cold as it is when
 * promptfoo loads the allowlist for the first time. Prints one JSON line.
 *
 *   load-child.ts FILE load [ROOT] → time to read, validate, normalize and index; retained heap
 *                                   (ROOT: the checkout whose code loads it, default this one)
 *   load-child.ts FILE json       → time to read and JSON.parse the same file; retained heap
 *   load-child.ts FILE breakdown  → the load's steps timed one by one (read, JSON.parse, the
 *                                   repeated-key check, parseAllowlist, buildIndex, lookalikes)
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type {
  buildIndex as BuildIndex,
  loadAllowlistIndex as LoadAllowlistIndex,
} from '../../src/match/index.js';
import type {
  parseAllowlist as ParseAllowlist,
  readAllowlist as ReadAllowlist,
} from '../../src/allowlist/schema.js';

const [path, mode, rootArg] = process.argv.slice(2);
// Another checkout's code loads the same file when ROOT is given (`npm run bench -- --against`).
const root = rootArg ?? fileURLToPath(new URL('../..', import.meta.url));
const from = async (file: string): Promise<Record<string, unknown>> =>
  (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
const indexModule = await from('src/match/index.ts');
const buildIndex = indexModule.buildIndex as typeof BuildIndex;
// What a verification runs: the index cache's own load (the loader's tables handed to the index).
const loadIndex = indexModule.loadAllowlistIndex as typeof LoadAllowlistIndex;
const schemaModule = await from('src/allowlist/schema.ts');
// A checkout from before the loader handed its tables over (`--against`) has parseAllowlist only.
const readAllowlist = schemaModule.readAllowlist as typeof ReadAllowlist | undefined;
const parseAllowlist = schemaModule.parseAllowlist as typeof ParseAllowlist;
const readWithTables = (
  ...args: Parameters<typeof ParseAllowlist>
): Partial<ReturnType<typeof ReadAllowlist>> &
  Pick<ReturnType<typeof ReadAllowlist>, 'allowlist'> =>
  readAllowlist ? readAllowlist(...args) : { allowlist: parseAllowlist(...args) };
const gc = (globalThis as { gc?: () => void }).gc;
if (!path || (mode !== 'load' && mode !== 'json' && mode !== 'breakdown') || !gc) {
  process.stderr.write(
    'usage: node --expose-gc --import tsx load-child.ts FILE load|json|breakdown [ROOT]\n',
  );
  process.exit(2);
}

if (mode === 'breakdown') {
  // The steps of `loadAllowlist` + `buildIndex` one by one, as the loader runs them.
  const steps: Record<string, number> = {};
  const step = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await fn();
    steps[name] = performance.now() - started;
    return value;
  };
  const text = await step('read', () => readFile(path, 'utf8'));
  const data = await step('JSON.parse', () => JSON.parse(text) as unknown);
  const read = await step('parseAllowlist (normalizers)', () => readWithTables(data, path));
  const index = await step('buildIndex', () => buildIndex(read.allowlist, read.tables));
  await step('lookalikes (lazy)', () => index.lookalikes());
  process.stdout.write(`${JSON.stringify({ mode, steps })}\n`);
  process.exit(0);
}

const heap = (): number => process.memoryUsage().heapUsed;
gc();
gc();
const before = heap();
const start = performance.now();
let retained: unknown;
let lookalikeMs: number | undefined;
if (mode === 'load') {
  retained = await loadIndex(path);
} else {
  retained = JSON.parse(await readFile(path, 'utf8'));
}
const ms = performance.now() - start;
// Heap right after the work, garbage included: close to the peak the work needed.
const afterWork = heap() - before;
gc();
gc();
const retainedBytes = heap() - before;
let lookalikeBytes: number | undefined;
if (mode === 'load') {
  const index = retained as ReturnType<typeof buildIndex>;
  const started = performance.now();
  index.lookalikes();
  lookalikeMs = performance.now() - started;
  gc();
  gc();
  lookalikeBytes = heap() - before - retainedBytes;
}
const out = {
  mode,
  ms,
  afterWorkBytes: afterWork,
  retainedBytes,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
  lookalikeMs,
  lookalikeBytes,
  keep: typeof retained,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
