/**
 * `npm start`: a real promptfoo evaluation of the bundled vendor answers with the citation
 * verifier, offline and with no key. Prints promptfoo's table and where the results went, then the
 * vendor comparison (`citation-verifier report`) as text, and writes it as HTML next to the
 * results. Exits 0 when the evaluation and the report ran (failing answers are the point of the
 * demo), non-zero when something broke.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processIo } from '../src/cli/io.js';
import { runCli } from '../src/cli/main.js';
import { runPromptfoo } from './lib/promptfoo.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'out', 'results.json');
const html = join(dirname(results), 'report.html');
await mkdir(dirname(results), { recursive: true });

const run = await runPromptfoo(
  [
    'eval',
    '-c',
    'promptfooconfig.yaml',
    '-o',
    results,
    '--no-cache',
    '--no-progress-bar',
    '--max-concurrency',
    '4',
  ],
  {
    cwd: root,
    echo: true,
  },
);
if (!run.ran) {
  process.stderr.write(`\nnpm start: promptfoo eval did not run to the end (exit ${run.code}).\n`);
  process.exit(1);
}
const shown = (path: string) => relative(process.cwd(), path) || path;
process.stdout.write(`\nResults: ${shown(results)}\n\n`);

// The report runs in this process through the same CLI a user types, so the main job exercises it.
// Paths are given relative to the project so the report names `out/results.json`, not a home folder.
const io = { ...processIo(), cwd: root };
const source = relative(root, results);
const text = await runCli(['report', source], io);
let htmlErrors = '';
const written =
  text === 0
    ? await runCli(['report', source, '--format', 'html', '-o', relative(root, html)], {
        ...io,
        stderr: (message) => (htmlErrors += message),
      })
    : text;
if (written !== 0) {
  process.stderr.write(
    `${htmlErrors}\nnpm start: the vendor report could not be produced (exit ${written}).\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `\nHTML report: ${shown(html)} (one self-contained file: open it in a browser, or print it)\n`,
);
