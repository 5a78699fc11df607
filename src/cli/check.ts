import { resolve } from 'node:path';
import {
  CHUNK_DEFAULTS,
  DEFAULT_THRESHOLD,
  LIVENESS_DEFAULTS,
  MISATTRIBUTED_PHONE_PENALTY,
} from '../defaults.js';
import { InputError } from '../errors.js';
import { jsonDocument } from '../format/escape.js';
import { toJson, toText } from '../format/formatters.js';
import { indexOf } from '../match/index.js';
import { fixJson, fixSummary } from '../format/repair.js';
import { printable } from '../util/strings.js';
import { EXIT, readTextFile, withFinalNewline, type CliIo, type Subcommand } from './io.js';
import { openLineOutput, openOutput, type Output } from './output.js';
import { defineCommand, parseFormat } from './args.js';
import {
  CHECK_FLAGS,
  checkFlagCombinations,
  linkFlagConfig,
  type CheckValues,
} from './args-check.js';
import {
  checkAnswer,
  checksJson,
  judgeLinks,
  linkSettings,
  type AnswerChecks,
  type CheckPlan,
} from './check-answer.js';
import { CONFIG_FILE_NAMES, loadConfig } from '../config/load.js';
import { livenessOn, overFile } from '../config/merge.js';
import type { ConfigFile } from '../config/schema.js';

const USAGE = `Usage: citation-verifier check --allowlist FILE [options] [ANSWER_FILE|-]
       citation-verifier check --chunks CHUNKS.json [chunk options] [ANSWER_FILE|-]
       citation-verifier check --allowlist FILE --chunks CHUNKS.json [options] [ANSWER_FILE|-]
       citation-verifier check --jsonl ANSWERS.jsonl|- [options]

Verify one answer (a file, or standard input when the file is '-' or absent), or many with --jsonl.
With --allowlist and --chunks both, both checks run and the answer passes when both pass.

Options:
  --allowlist FILE       allowlist JSON (default: $CITATION_VERIFIER_ALLOWLIST)
  --threshold N          pass when the score is above N, 0 to 1 (default ${DEFAULT_THRESHOLD})
  --format text|json     output format (default text; any case)
  --jsonl FILE|-         check many answers, one {"id", "answer", …} object a line (a row may carry
                         its own "jurisdiction" and, with --chunks, its own chunks under "context");
                         writes one JSON verdict line each, in input order, as it goes, and a summary
                         on standard error; a bad line gets an error line (its line number) and the
                         run ends with exit 3
  --config FILE          settings file (default: ${CONFIG_FILE_NAMES.join(' or ')} in this
                         folder); the same keys as the assertion's config; flags override it
  -o, --output FILE      write the result to FILE (atomically) instead of standard output
  --fail-on-misattribution  any number given for the wrong organization fails the answer
                         (default: it costs ${MISATTRIBUTED_PHONE_PENALTY} of the score)
  --jurisdiction STATE   check that links and numbers serve STATE (MA, Massachusetts; a US state,
                         DC or territory); default the allowlist's "jurisdiction", else no check
  --wrong-jurisdiction fail|score  a link of another jurisdiction fails the answer (default) or only scores 0
  --gov-registry FILE    a newer .gov registry (CISA's current-full.csv, or one domain a line)
                         instead of the snapshot shipped in the package
  --fix                  print the answer repaired from the directory (wrong numbers and links
                         replaced, claims with no correction removed), verified again; a fix the
                         directory cannot prove is left for a person (action review, exit 2); with
                         --format json: the verdict, each change with its span, what was not repaired;
                         with --chunks (no allowlist): each failing claim dropped or hedged, checked
                         again (exit 0 for pass and repair, 2 for retry and refuse)
  --live                 check that each link resolves (default: $CITATION_VERIFIER_LIVENESS, else off)
  --resolve HOST:ADDR    with --live, pin HOST to ADDR (repeatable, like curl)
  --allow-private        with --live, fetch private and loopback addresses (intranets, tests)
  --timeout MS           with --live, per-request timeout (default ${LIVENESS_DEFAULTS.timeoutMs})
  --deadline MS          with --live, grade the answer this long after starting, links still
                         unfinished counted inconclusive (default ${LIVENESS_DEFAULTS.deadlineMs})
  --network-probe URL|off  with --live, a page known to exist, fetched only to prove the network
                         works before a link is called broken or invented (off: only the links count)
  --cache-dir DIR        with --live, keep successes on disk for ${LIVENESS_DEFAULTS.cacheTtlMs / 3_600_000} h
  --chunks FILE          check [N] chunk citations against these retrieved passages; links are
                         checked too when an allowlist is given (--allowlist or the config file)
  --require-citations    with --chunks, every statement of fact must cite a chunk (uncited ones fail)
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
  --judge-advisory       with a judge, a claim it gave no counted verdict for (down, timed out,
                         unreadable, no checkable quote) warns instead of failing the answer
  --judge-uncited        with a judge, judge uncited statements against every retrieved chunk
                         (with --require-citations: every statement), reported apart
  --hedge TEXT           with --chunks, repair puts TEXT in place of a failing claim (default:
                         the claim's sentence or list item is dropped)
  --max-failing-claims N  with --chunks, more failing claims than N and the action is refuse
                         (default ${CHUNK_DEFAULTS.maxFailingClaims})

Exit codes: 0 pass, 2 verification failed, 3 bad input, 1 unexpected error.
`;

export const checkCommand: Subcommand = defineCommand({
  name: 'check',
  usage: USAGE,
  flags: CHECK_FLAGS,
  async run({ values, positionals }, io) {
    const format = parseFormat(values.format ?? 'text', ['text', 'json']);
    const file = await loadConfig(values.config, io.cwd);
    const given = {
      allowlist: values.allowlist !== undefined || file?.allowlist !== undefined,
      live: values.live || livenessOn(file),
    };
    checkFlagCombinations(values, positionals, given);
    if (values.jsonl !== undefined) {
      // Before any work: a wrong -o is said at once, not after the check ran.
      const output = await openLineOutput(values.output, 'the verdicts', io);
      try {
        const { plan, live } = await planChecks(values, file, given, io);
        const { runJsonl } = await import('./check-jsonl.js');
        return await finish(live, runJsonl(values.jsonl, plan, io, output));
      } catch (error) {
        await output.abort();
        throw error;
      }
    }
    const output = await openOutput(values.output, 'the result', io);
    const answer = await readAnswer(positionals[0], io);
    const { plan, live } = await planChecks(values, file, given, io);
    // After the allowlist loaded, so a broken setup is reported first.
    if (plan.links && answer.text.trim() === '')
      throw new InputError(
        'USAGE',
        `the answer is empty (${answer.source === '-' ? 'nothing on standard input' : answer.source}); an empty answer cites nothing and would pass, so there is nothing to check`,
      );
    const checks = await finish(live, checkAnswer(plan, answer.text, io));
    return writeChecks(output, format, values.fix, answer.text, checks, io);
  },
});

/** The checks this run makes, judged before any answer is read: one error, not one per answer. */
async function planChecks(
  values: CheckValues,
  file: ConfigFile | undefined,
  given: { allowlist: boolean; live: boolean },
  io: CliIo,
): Promise<{ plan: CheckPlan; live: boolean }> {
  const plan: CheckPlan = {};
  let live = false;
  if (values.chunks === undefined || given.allowlist) {
    const flags = linkFlagConfig(values, io.cwd, given.live);
    const config = await overFile(file, flags.config, 'verifier');
    plan.links = await judgeLinks({ config, labels: flags.labels }, io);
    const settings = linkSettings(plan.links, io);
    await indexOf(settings.allowlist);
    live = settings.liveness !== false;
  }
  if (values.chunks !== undefined) {
    // Loaded only in chunk mode: the allowlist path never pays for it.
    const { chunkSettings, readChunksFile } = await import('./check-chunks.js');
    plan.chunks = {
      settings: await chunkSettings(values, file, io.cwd),
      chunks: await readChunksFile(values.chunks, io.cwd),
    };
  }
  return { plan, live };
}

/** Await the checks, then release the link checker's connections so the process ends now. */
async function finish<T>(live: boolean, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    if (live) await (await import('../liveness/index.js')).closeSharedLinkCheckers();
  }
}

/** The answer file, or standard input when it is `-` or absent (and piped in). */
async function readAnswer(
  file: string | undefined,
  io: CliIo,
): Promise<{ text: string; source: string }> {
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

/** Print one check's document or both checks'; exit 0 when all passed (with --fix, or repaired). */
async function writeChecks(
  output: Output,
  format: 'text' | 'json',
  fix: boolean,
  answer: string,
  checks: AnswerChecks,
  io: CliIo,
): Promise<number> {
  const { guarded, chunks } = checks;
  const exit = checks.pass ? EXIT.pass : EXIT.failed;
  // Loaded only when the chunk check ran: the allowlist path never pays for it.
  const chunkCheck = chunks === undefined ? undefined : await import('./check-chunks.js');
  if (guarded === undefined) {
    if (chunks === undefined) return exit;
    if (fix) return chunkCheck!.writeChunkFix(output, format, answer, chunks, io);
    await output.write(chunkCheck!.chunkDocument(chunks, format));
    return exit;
  }
  const { report, repair } = guarded;
  if (fix) {
    await output.write(
      format === 'json'
        ? jsonDocument(fixJson(answer, report, repair))
        : withFinalNewline(repair?.text ?? answer),
    );
    if (format === 'text') io.stderr(printable(fixSummary(report, repair)));
    const action = report.recommendation?.action;
    return action === 'refuse' || action === 'review' ? EXIT.failed : EXIT.pass;
  }
  if (format === 'json')
    await output.write(jsonDocument(chunks === undefined ? toJson(report) : checksJson(checks)));
  else
    await output.write(
      `${printable(toText(report))}${chunks === undefined ? '' : `\n${chunkCheck!.chunkDocument(chunks, 'text')}`}`,
    );
  return exit;
}
