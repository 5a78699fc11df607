import { resolve } from 'node:path';
import { resolveSettings } from '../promptfoo/settings.js';
import { DEFAULT_THRESHOLD, LIVENESS_DEFAULTS, MISATTRIBUTED_PHONE_PENALTY } from '../defaults.js';
import { InputError } from '../errors.js';
import { toJson, toText } from '../format/formatters.js';
import { guardOutput } from '../run.js';
import { fixJson, fixSummary } from '../format/repair.js';
import { printable } from '../util/strings.js';
import { EXIT, readTextFile, type CliIo, type Subcommand } from './io.js';
import { openOutput } from './output.js';
import { defineCommand, parseFormat } from './args.js';
import { CHECK_FLAGS, checkFlagCombinations, linkFlagConfig } from './args-check.js';

const USAGE = `Usage: citation-verifier check --allowlist FILE [options] [ANSWER_FILE|-]
       citation-verifier check --chunks CHUNKS.json [chunk options] [--format text|json] [ANSWER_FILE|-]

Verify one answer (a file, or standard input when the file is '-' or absent).

Options:
  --allowlist FILE       allowlist JSON (default: $CITATION_VERIFIER_ALLOWLIST)
  --threshold N          pass when the score is above N, 0 to 1 (default ${DEFAULT_THRESHOLD})
  --format text|json     output format (default text; any case)
  -o, --output FILE      write the result to FILE (atomically) instead of standard output
  --fail-on-misattribution  any number given for the wrong organization fails the answer
                         (default: it costs ${MISATTRIBUTED_PHONE_PENALTY} of the score)
  --jurisdiction STATE   check that links and numbers serve STATE (MA, Massachusetts; a US state,
                         DC or territory); default the allowlist's "jurisdiction", else no check
  --wrong-jurisdiction fail|score  a link of another jurisdiction fails the answer (default) or only scores 0
  --gov-registry FILE    a newer .gov registry (CISA's current-full.csv, or one domain a line)
                         instead of the snapshot shipped in the package
  --fix                  print the answer repaired from the directory (wrong numbers and links
                         replaced, claims with no correction removed), verified again; with
                         --format json: the verdict, each change with its span, what was not repaired
  --live                 check that each link resolves (default: $CITATION_VERIFIER_LIVENESS, else off)
  --resolve HOST:ADDR    with --live, pin HOST to ADDR (repeatable, like curl)
  --allow-private        with --live, fetch private and loopback addresses (intranets, tests)
  --timeout MS           with --live, per-request timeout (default ${LIVENESS_DEFAULTS.timeoutMs})
  --deadline MS          with --live, grade the answer this long after starting, links still
                         unfinished counted inconclusive (default ${LIVENESS_DEFAULTS.deadlineMs})
  --network-probe URL|off  with --live, a page known to exist, fetched only to prove the network
                         works before a link is called broken or invented (off: only the links count)
  --cache-dir DIR        with --live, keep successes on disk for ${LIVENESS_DEFAULTS.cacheTtlMs / 3_600_000} h
  --chunks FILE          check [N] chunk citations against these retrieved passages instead
                         (links are not checked then: run check --allowlist on the same answer too)
  --require-citations    with --chunks, a sentence with a number or quote but no citation fails
  --fail-on-weak-support with --chunks, weak_support (few claim words in the cited chunk) fails
  --weak-support-threshold N  with --chunks, the word-overlap share under which a claim is weak_support
  --locale TAG           with --chunks, how numbers and dates are written (de-DE: 1.200 = 1200)
  --judge-url URL        with --chunks, ask an OpenAI-compatible model judge (URL/chat/completions)
                         about claims the checks leave open; key from CITATION_VERIFIER_JUDGE_KEY
  --judge-model NAME     with --judge-url, the model to ask
  --judge-cache DIR      with --judge-url, keep verdicts in DIR and reuse them
  --judge-record DIR     with --judge-url, record every request and reply in DIR (for replay)
  --judge-replay DIR     answer from the recordings in DIR instead of a server (offline)
  --fail-on-partial-support  with a judge, partially_supported (its PARTIAL) fails

Exit codes: 0 pass, 2 verification failed, 3 bad input, 1 unexpected error.
`;

export const checkCommand: Subcommand = defineCommand({
  name: 'check',
  summary: 'verify one answer against the allowlist (or its [N] citations against chunks)',
  usage: USAGE,
  flags: CHECK_FLAGS,
  async run({ values, positionals }, io) {
    const format = parseFormat(values.format, ['text', 'json']);
    checkFlagCombinations(values, positionals);
    // Before any work: a wrong -o is said at once, not after the check ran.
    const output = await openOutput(values.output, 'the result', io);
    const answer = await readAnswer(positionals[0], io);
    if (values.chunks !== undefined) {
      // Loaded only in chunk mode: the allowlist path never pays for it.
      const chunkCheck = await import('./check-chunks.js');
      const settings = chunkCheck.chunkSettingsFromFlags(values, io.cwd);
      const chunks = await chunkCheck.readChunksFile(values.chunks, io.cwd);
      const outcome = await chunkCheck.checkChunks(answer.text, chunks, settings, io.env);
      await output.write(chunkCheck.chunkDocument(outcome, format));
      return outcome.pass ? EXIT.pass : EXIT.failed;
    }
    const { config, labels } = linkFlagConfig(values, io.cwd);
    const settings = resolveSettings(config, io.env, io.cwd, { front: 'cli', labels });
    const guarded = await guardOutput(answer.text, settings);
    // After the allowlist loaded, so a broken setup is reported first.
    refuseEmpty(answer);
    // Release the checker's connections so the process ends now, not when keep-alive times out.
    if (settings.liveness !== false)
      await (await import('../liveness/index.js')).closeSharedLinkCheckers();
    return writeResult(output, format, values.fix, answer.text, guarded, io);
  },
});

/** The answer's text and where it came from (a file, or `-` for standard input). */
interface Answer {
  text: string;
  source: string;
}

/** The answer file, or standard input when it is `-` or absent (unless nobody pipes one in). */
async function readAnswer(file: string | undefined, io: CliIo): Promise<Answer> {
  if (file === undefined && io.stdinIsTTY) {
    throw new InputError(
      'USAGE',
      `no answer given: name the answer file, or pipe the answer in (echo "…" | citation-verifier check --allowlist FILE)\n\n${USAGE}`,
    );
  }
  const source = file ?? '-';
  const text =
    source === '-'
      ? await io.readStdin()
      : await readTextFile(resolve(io.cwd, source), 'answer file');
  return { text, source };
}

/** An empty answer cites nothing and would pass: that is a mistake upstream, said as one. */
function refuseEmpty(answer: Answer): void {
  if (answer.text.trim() === '')
    throw new InputError(
      'USAGE',
      `the answer is empty (${answer.source === '-' ? 'nothing on standard input' : answer.source}); an empty answer cites nothing and would pass, so there is nothing to check`,
    );
}

/**
 * Print the verdict (exit 0 pass, 2 fail) or, with --fix, the repaired answer (exit 0 for pass or
 * repair, 2 for refuse), with how it went on standard error.
 */
async function writeResult(
  output: { write(text: string): Promise<void> },
  format: 'text' | 'json',
  fix: boolean,
  answer: string,
  { report, repair }: Awaited<ReturnType<typeof guardOutput>>,
  io: CliIo,
): Promise<number> {
  if (fix) {
    await output.write(
      format === 'json'
        ? `${JSON.stringify(fixJson(answer, report, repair), null, 2)}\n`
        : withFinalNewline(repair?.text ?? answer),
    );
    if (format === 'text') io.stderr(printable(fixSummary(report, repair)));
    return report.recommendation?.action === 'refuse' ? EXIT.failed : EXIT.pass;
  }
  await output.write(
    format === 'json' ? `${JSON.stringify(toJson(report), null, 2)}\n` : printable(toText(report)),
  );
  return report.pass ? EXIT.pass : EXIT.failed;
}

function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
