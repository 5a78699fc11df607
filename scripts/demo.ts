/**
 * `npm start`: a real promptfoo evaluation of the bundled vendor answers with the citation
 * verifier, offline and with no key. Prints promptfoo's table and where the results went. Exits 0
 * when the evaluation ran (failing answers are the point of the demo), non-zero when it broke.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPromptfoo } from './lib/promptfoo.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'out', 'results.json');
await mkdir(dirname(results), { recursive: true });

const run = await runPromptfoo(['eval', '-c', 'promptfooconfig.yaml', '-o', results, '--no-cache', '--no-progress-bar', '--max-concurrency', '4'], {
  cwd: root,
  echo: true,
});
if (!run.ran) {
  process.stderr.write(`\nnpm start: promptfoo eval did not run to the end (exit ${run.code}).\n`);
  process.exit(1);
}
process.stdout.write(`\nResults: ${relative(process.cwd(), results) || results}\n`);
