import { resolve } from 'node:path';
import { loadAllowlist } from '../allowlist/load.js';
import { answerText } from '../util/answer-text.js';
import { ENV, LIVENESS_DEFAULTS } from '../defaults.js';
import { InputError } from '../errors.js';
import { parseJsonLines } from '../input/json.js';
import { STALE_FORMATS, formatStale, type StaleFormat } from '../format/stale.js';
import { certificatesOf } from '../liveness/ca.js';
import { NETWORK_PROBE_URL } from '../liveness/network.js';
import { parseLivenessOptions } from '../liveness/options.js';
import type { LivenessOptions } from '../liveness/types.js';
import { readPromptfooResults } from '../promptfoo/results.js';
import { findStaleLinks, type StaleInput, staleFailed } from '../stale.js';
import { isRecord } from '../util/record.js';
import { printable } from '../util/strings.js';
import {
  defineCommand,
  LIVE_FLAGS,
  livenessFlagInput,
  OUTPUT_FLAGS,
  type ParsedFlags,
  parseFormat,
  parseResolveFlags,
} from './args.js';
import { EXIT, readTextFile, type CliIo, type Subcommand } from './io.js';
import { openOutput } from './output.js';

const USAGE = `Usage: citation-verifier stale --allowlist FILE [--answers FILE.jsonl | --results RESULTS.json] [options]

Fetch every link in the allowlist (its urls as the directory wrote them, and each domain) and, if
given, every link cited in the answers, and list the ones that are not live: what to fix in the
directory, and which cited links are dead or made up. Meant to run on a schedule (see
docs/examples/stale-weekly.yml).

Options:
  --allowlist FILE         allowlist JSON (default: $${ENV.allowlist})
  --answers FILE.jsonl     answers, one JSON value a line: a string, or an object holding the
                           answer (output, answer, text, …) and optionally "id" and "provider";
                           '-' reads them from standard input
  --results FILE           promptfoo eval output (promptfoo eval -o results.json, or .jsonl)
  --format FORMAT          ${STALE_FORMATS.join(', ')} (default text); markdown is a table for
                           an issue or a CI job summary, junit one test case per link
  -o, --output FILE        write the report to FILE (atomically) instead of standard output
  --resolve HOST:ADDR      pin HOST to ADDR (repeatable, like curl)
  --allow-private          fetch private and loopback addresses (intranets, tests)
  --timeout MS             per-request timeout (default ${LIVENESS_DEFAULTS.timeoutMs})
  --host-deadline MS       links of one host unfinished this long after its first request are
                           inconclusive (default ${LIVENESS_DEFAULTS.hostDeadlineMs})
  --concurrency N          requests in flight at once (default ${LIVENESS_DEFAULTS.concurrency})
  --per-host N             requests in flight to one host (default ${LIVENESS_DEFAULTS.perHostConcurrency})
  --cache-dir DIR          reuse successes younger than ${LIVENESS_DEFAULTS.cacheTtlMs / 3_600_000} h from DIR, store new ones there
  --cacert FILE            also trust the CA certificates in FILE (PEM)
  --network-probe URL|off  a page known to exist, fetched only to prove the network works
                           (default ${NETWORK_PROBE_URL}); off: rely on the links alone
  --no-progress            no progress bar (it is drawn only when standard error is a terminal)

A directory link that now redirects to another page (or a domain to another host) is listed as
moved, with the address it redirects to: give that address in the directory. It does not fail
the run. Links that cannot be judged (bot protection, timeouts, network down) are listed as
inconclusive and do not fail the run either. Once the network is shown unavailable, that is said once and the links
not yet checked are inconclusive. Ctrl-C prints what was checked so far.

Exit codes: 0 nothing broken or invented (moved and inconclusive links may be listed), 2 some
link is broken or invented, 3 bad input, 130 interrupted, 1 unexpected error.
`;

/** The shortest time between two redraws of the progress bar. */
const PROGRESS_REDRAW_MS = 100;

/** Exit code after Ctrl-C, as a shell reports a process ended by SIGINT. */
const EXIT_INTERRUPTED = 130;

const FLAGS = {
  ...OUTPUT_FLAGS,
  ...LIVE_FLAGS,
  allowlist: { type: 'string' },
  answers: { type: 'string' },
  results: { type: 'string' },
  'host-deadline': { type: 'string' },
  concurrency: { type: 'string' },
  'per-host': { type: 'string' },
  cacert: { type: 'string' },
  'no-progress': { type: 'boolean', default: false },
} as const;
type StaleFlags = ParsedFlags<typeof FLAGS>['values'];

export const staleCommand: Subcommand = defineCommand({
  name: 'stale',
  usage: USAGE,
  flags: FLAGS,
  positionals: false,
  async run({ values }, io) {
    const format: StaleFormat = parseFormat(values.format, STALE_FORMATS);
    if (values.answers !== undefined && values.results !== undefined)
      throw new InputError('USAGE', 'give --answers or --results, not both');
    const allowlistPath = values.allowlist ?? io.env[ENV.allowlist];
    if (!allowlistPath)
      throw new InputError(
        'USAGE',
        `no allowlist: pass --allowlist FILE or set ${ENV.allowlist}\n\n${USAGE}`,
      );

    // Before the crawl: a wrong -o is said at once, not after every link was fetched.
    const output = await openOutput(values.output, 'the report', io);
    const options = await livenessFrom(values, io);
    const allowlist = await loadAllowlist(resolve(io.cwd, allowlistPath));
    const answers = await answersFrom(values, io);

    const interrupt = new AbortController();
    const release = io.onInterrupt?.(() => interrupt.abort());
    const progress = io.stderrIsTTY && !values['no-progress'] ? progressBar(io) : undefined;
    let report;
    try {
      report = await findStaleLinks({
        allowlist,
        answers,
        liveness: options,
        signal: interrupt.signal,
        ...(progress ? { onProgress: progress.update } : {}),
      });
    } finally {
      progress?.done();
      release?.();
    }
    if (report.networkUnavailable !== undefined)
      io.stderr(
        `citation-verifier: network unavailable (${report.networkUnavailable}); the links not yet checked are inconclusive\n`,
      );
    const rendered = formatStale(report, format);
    // Control characters from answers and servers are shown, not obeyed, where a person reads.
    const text = format === 'text' || format === 'markdown' ? printable(rendered) : rendered;
    await output.write(text);
    if (report.interrupted) return EXIT_INTERRUPTED;
    return staleFailed(report) ? EXIT.failed : EXIT.pass;
  },
});

type Answer = NonNullable<StaleInput['answers']>[number];

/** The checker's options from the flags; a bad number, pin or CA file is an input error. */
async function livenessFrom(values: StaleFlags, io: CliIo): Promise<LivenessOptions> {
  const flags = livenessFlagInput(values);
  const options: LivenessOptions = parseLivenessOptions(flags.options, flags.labels);
  if (values.resolve) options.resolve = parseResolveFlags(values.resolve);
  if (values['allow-private']) options.allowPrivateNetworks = true;
  if (values['cache-dir'] !== undefined) options.cacheDir = resolve(io.cwd, values['cache-dir']);
  options.warn = (message) => io.stderr(`citation-verifier: ${printable(message)}\n`);
  if (values.cacert !== undefined)
    options.ca = certificatesOf(
      await readTextFile(resolve(io.cwd, values.cacert), 'CA certificate file'),
      values.cacert,
    );
  if (values['network-probe'] !== undefined)
    options.networkProbe = values['network-probe'] === 'off' ? false : values['network-probe'];
  return options;
}

/** The answers of `--answers` or `--results`, each with where it came from. */
async function answersFrom(values: StaleFlags, io: CliIo): Promise<Answer[]> {
  // Not `push(...list)`: spreading 125,000 answers as arguments overflowed the stack.
  const answers = values.answers !== undefined ? await readAnswers(values.answers, io) : [];
  if (values.results !== undefined) {
    for (const row of await readPromptfooResults(resolve(io.cwd, values.results))) {
      answers.push({
        text: answerText(row.output),
        where: `${values.results} test ${row.testIdx}, prompt ${row.promptIdx}, ${row.provider}`,
      });
    }
  }
  return answers;
}

/** Answers from a JSONL file, or standard input for '-', each named by its `id` and `provider`. */
async function readAnswers(path: string, io: CliIo): Promise<Answer[]> {
  const fromStdin = path === '-';
  const text = fromStdin
    ? await io.readStdin()
    : await readTextFile(resolve(io.cwd, path), 'answers file');
  const source = fromStdin ? 'standard input' : path;
  const answers: Answer[] = [];
  for (const { value: line, line: number } of parseJsonLines(text, source, {
    hint: 'write one JSON value per line',
  })) {
    let value = line;
    let where = `${source} line ${number}`;
    if (isRecord(value)) {
      const { id, provider, ...rest } = value;
      const labels = [
        typeof id === 'string' || typeof id === 'number' ? `id ${id}` : '',
        typeof provider === 'string' ? provider : '',
      ].filter(Boolean);
      if (labels.length > 0) where += ` (${labels.join(', ')})`;
      value = rest;
    }
    answers.push({ text: answerText(value), where });
  }
  return answers;
}

/** A progress bar on standard error, redrawn at most every `PROGRESS_REDRAW_MS`, the last too. */
function progressBar(io: CliIo): { update(finished: number, total: number): void; done(): void } {
  const width = 30;
  let drawnAt = 0;
  let drawn = -1;
  let latest = { finished: 0, total: 0 };
  let trailing: NodeJS.Timeout | undefined;
  const draw = (): void => {
    trailing = undefined;
    const { finished, total } = latest;
    drawn = finished;
    drawnAt = Date.now();
    const filled = total === 0 ? width : Math.round((finished / total) * width);
    io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${finished}/${total} links`);
  };
  return {
    update(finished, total) {
      latest = { finished, total };
      if (finished === drawn) return;
      const wait = drawnAt + PROGRESS_REDRAW_MS - Date.now();
      if (finished === total || drawn <= 0 || wait <= 0) {
        clearTimeout(trailing);
        return draw();
      }
      trailing ??= setTimeout(draw, wait);
      trailing.unref();
    },
    done() {
      clearTimeout(trailing);
      io.stderr('\r\x1b[K');
    },
  };
}
