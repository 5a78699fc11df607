import { resolve } from 'node:path';
import { resolveSettings } from '../promptfoo/settings.js';
import { DEFAULT_THRESHOLD, LIVENESS_DEFAULTS, MISATTRIBUTED_PHONE_PENALTY } from '../defaults.js';
import { InputError } from '../errors.js';
import { livenessFlagInput } from '../liveness/options.js';
import { numberFromText } from '../input/number.js';
import { toJson, toText } from '../format/formatters.js';
import { guardOutput } from '../run.js';
import { fixJson, fixSummary } from '../format/repair.js';
import { printable } from '../util/strings.js';
import { EXIT, readTextFile, type CliIo, type Subcommand } from './io.js';
import { openOutput } from './output.js';
import { parseFormat, parseResolveFlags, parseFlags } from './args.js';

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

export const checkCommand: Subcommand = {
  name: 'check',
  summary: 'verify one answer against the allowlist (or its [N] citations against chunks)',
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<number> {
    const parsed = parseFlags(
      argv,
      {
        allowlist: { type: 'string' },
        threshold: { type: 'string' },
        format: { type: 'string', default: 'text' },
        output: { type: 'string', short: 'o' },
        live: { type: 'boolean', default: false },
        fix: { type: 'boolean', default: false },
        resolve: { type: 'string', multiple: true },
        'allow-private': { type: 'boolean', default: false },
        'gov-registry': { type: 'string' },
        'fail-on-misattribution': { type: 'boolean', default: false },
        jurisdiction: { type: 'string' },
        'wrong-jurisdiction': { type: 'string' },
        timeout: { type: 'string' },
        deadline: { type: 'string' },
        'network-probe': { type: 'string' },
        'cache-dir': { type: 'string' },
        chunks: { type: 'string' },
        'require-citations': { type: 'boolean', default: false },
        'fail-on-weak-support': { type: 'boolean', default: false },
        'weak-support-threshold': { type: 'string' },
        locale: { type: 'string' },
        'fail-on-partial-support': { type: 'boolean', default: false },
        'judge-url': { type: 'string' },
        'judge-model': { type: 'string' },
        'judge-cache': { type: 'string' },
        'judge-record': { type: 'string' },
        'judge-replay': { type: 'string' },
      },
      USAGE,
    );
    const { values, positionals } = parsed;
    const format = parseFormat(values.format, ['text', 'json']);
    if (positionals.length > 1)
      throw new InputError('USAGE', `one answer at a time; got ${positionals.length} files`);
    if (!values.live) {
      const liveOnly = (
        ['resolve', 'allow-private', 'timeout', 'deadline', 'network-probe', 'cache-dir'] as const
      ).filter((flag) => values[flag] !== undefined && values[flag] !== false);
      if (liveOnly.length > 0)
        throw new InputError(
          'USAGE',
          `${liveOnly.map((flag) => `--${flag}`).join(', ')} only apply with --live; add --live or drop ${liveOnly.length > 1 ? 'them' : 'it'}`,
        );
    }
    // Before any work: a wrong -o is said at once, not after the check ran.
    const output = await openOutput(values.output, 'the result', io);
    const source = positionals[0] ?? '-';
    if (positionals.length === 0 && io.stdinIsTTY) {
      throw new InputError(
        'USAGE',
        `no answer given: name the answer file, or pipe the answer in (echo "…" | citation-verifier check --allowlist FILE)\n\n${USAGE}`,
      );
    }
    const answer =
      source === '-'
        ? await io.readStdin()
        : await readTextFile(resolve(io.cwd, source), 'answer file');

    const chunkOnly = (
      [
        'require-citations',
        'fail-on-weak-support',
        'weak-support-threshold',
        'locale',
        'fail-on-partial-support',
        'judge-url',
        'judge-model',
        'judge-cache',
        'judge-record',
        'judge-replay',
      ] as const
    ).filter((flag) => values[flag] !== undefined && values[flag] !== false);
    if (values.chunks === undefined && chunkOnly.length > 0) {
      throw new InputError(
        'USAGE',
        `${chunkOnly.map((flag) => `--${flag}`).join(', ')} only apply with --chunks; add --chunks FILE or drop ${chunkOnly.length > 1 ? 'them' : 'it'}`,
      );
    }
    if (values.chunks !== undefined) {
      // The chunk check reads no allowlist: silently ignoring these would let an invented link in
      // the same answer pass unseen, so say so instead.
      const linkOnly = (
        [
          'allowlist',
          'threshold',
          'live',
          'gov-registry',
          'fail-on-misattribution',
          'jurisdiction',
          'fix',
        ] as const
      ).filter((flag) => values[flag] !== undefined && values[flag] !== false);
      if (linkOnly.length > 0) {
        throw new InputError(
          'USAGE',
          `${linkOnly.map((flag) => `--${flag}`).join(', ')} belong${linkOnly.length > 1 ? '' : 's'} to the link check, which --chunks does not run; check the links with a second command (citation-verifier check --allowlist FILE ANSWER) or drop ${linkOnly.length > 1 ? 'them' : 'it'}`,
        );
      }
      // Loaded only in chunk mode: the allowlist path never pays for it.
      const { runChunkCheck } = await import('./check-chunks.js');
      return runChunkCheck(
        {
          answer,
          chunksPath: values.chunks,
          format,
          requireCitations: values['require-citations'],
          failOnWeakSupport: values['fail-on-weak-support'],
          ...(values['weak-support-threshold'] === undefined
            ? {}
            : { weakSupportThreshold: numberFromText(values['weak-support-threshold']) }),
          ...(values.locale === undefined ? {} : { locale: values.locale }),
          failOnPartialSupport: values['fail-on-partial-support'],
          ...optional('judgeUrl', values['judge-url']),
          ...optional('judgeModel', values['judge-model']),
          ...optional('judgeCache', values['judge-cache']),
          ...optional('judgeRecord', values['judge-record']),
          ...optional('judgeReplay', values['judge-replay']),
        },
        io,
        output,
      );
    }

    // Every flag goes into the assertion's config and is judged once, by the same schemas and with
    // the same words as the config keys, each named as the flag the user typed.
    const config: Record<string, unknown> = {};
    const labels: Record<string, string> = {
      allowlist: '--allowlist',
      threshold: '--threshold',
      govRegistry: '--gov-registry',
      jurisdiction: '--jurisdiction',
      wrongJurisdiction: '--wrong-jurisdiction',
      'liveness.networkProbe': '--network-probe',
    };
    if (values.live) {
      const flags = livenessFlagInput({ timeout: values.timeout, deadline: values.deadline });
      const liveness: Record<string, unknown> = flags.options;
      for (const [key, flag] of Object.entries(flags.labels)) labels[`liveness.${key}`] = flag;
      if (values.resolve) liveness.resolve = parseResolveFlags(values.resolve);
      if (values['allow-private']) liveness.allowPrivateNetworks = true;
      const probe = values['network-probe'];
      if (probe !== undefined) liveness.networkProbe = probe === 'off' ? false : probe;
      if (values['cache-dir'] !== undefined)
        liveness.cacheDir = resolve(io.cwd, values['cache-dir']);
      config.liveness = liveness;
    }
    if (values.allowlist !== undefined) config.allowlist = values.allowlist;
    if (values.threshold !== undefined) config.threshold = numberFromText(values.threshold);
    if (values['fail-on-misattribution']) config.failOnMisattribution = true;
    if (values['gov-registry'] !== undefined)
      config.govRegistry = resolve(io.cwd, values['gov-registry']);
    if (values.jurisdiction !== undefined) config.jurisdiction = values.jurisdiction;
    if (values['wrong-jurisdiction'] !== undefined)
      config.wrongJurisdiction = values['wrong-jurisdiction'];
    const settings = resolveSettings(config, io.env, io.cwd, { front: 'cli', labels });
    const guarded = await guardOutput(answer, settings);
    // After the allowlist loaded, so a broken setup is reported first.
    if (answer.trim() === '') {
      throw new InputError(
        'USAGE',
        `the answer is empty (${source === '-' ? 'nothing on standard input' : source}); an empty answer cites nothing and would pass, so there is nothing to check`,
      );
    }
    // Release the checker's connections so the process ends now, not when keep-alive times out.
    if (settings.liveness !== false)
      await (await import('../liveness/index.js')).closeSharedLinkCheckers();
    return writeResult(output, format, values.fix, answer, guarded, io);
  },
};

/** `{ [key]: value }` when the flag was given, else nothing. */
function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
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
