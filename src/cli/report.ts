import { resolve } from 'node:path';
import { indexOf } from '../match/index.js';
import { parseJsonText } from '../input/json.js';
import { DEFAULT_THRESHOLD } from '../defaults.js';
import { InputError, isInputError } from '../errors.js';
import { parsePromptfooResults, readPromptfooResults } from '../promptfoo/results.js';
import {
  compareVendors,
  parseAnswersJsonl,
  renderComparison,
  REPORT_FORMATS,
  rowsFromAnswers,
  verdictOf,
  type VendorRow,
  type VerifierVerdict,
} from '../compare/index.js';
import { fromPromptfooRow } from '../promptfoo/rows.js';
import { jurisdictionFor, type VerifierSettings } from '../run.js';
import { isRecord } from '../util/record.js';
import { verifyAnswer } from '../verify.js';
import { defineCommand, OUTPUT_FLAGS, parseFormat } from './args.js';
import { linkFlagConfig } from './args-check.js';
import { judgeLinks, linkSettings } from './check-answer.js';
import { EXIT, readTextFile, type Subcommand } from './io.js';
import { openOutput } from './output.js';

const USAGE = `Usage: citation-verifier report RESULTS [options]

Compare vendors: per vendor, how many links it cited, the share in each bucket, how often a link is
invented or broken (the headline), misattributed phone numbers, the verifier's and the judge's pass
rates, and the answers the judge passed but the verifier failed (convincing but wrong).

RESULTS is either
  a promptfoo results file (promptfoo eval -o results.json, or .jsonl), read as recorded, or
  a JSONL of {"provider", "id", "answer"} lines, verified here against --allowlist (no promptfoo;
  a line may add "question" and "jurisdiction"), or '-' to read either from standard input.

Options:
  --format text|markdown|json|html   output format (default text)
  -o, --output FILE                  write the report to FILE (atomically) instead of standard output
  --allowlist FILE                   verify the answers with this allowlist: required for a JSONL of
                                     answers; with a promptfoo file, re-verifies every answer instead
                                     of reading the recorded verifier results
  --threshold N                      with --allowlist, pass when the score is above N (default ${DEFAULT_THRESHOLD})
  --jurisdiction XX                  with --allowlist, check links and numbers against this state
                                     (MA, Massachusetts) where a row names none: a JSONL line's
                                     "jurisdiction", a promptfoo test's vars.jurisdiction win

Exit codes: 0 the report was produced, 3 bad input, 1 unexpected error.
`;

export const reportCommand: Subcommand = defineCommand({
  name: 'report',
  usage: USAGE,
  flags: {
    ...OUTPUT_FLAGS,
    allowlist: { type: 'string' },
    threshold: { type: 'string' },
    jurisdiction: { type: 'string' },
  },
  async run({ values, positionals }, io) {
    const format = parseFormat(values.format, REPORT_FORMATS);
    if (positionals.length !== 1) {
      throw new InputError(
        'USAGE',
        `${positionals.length === 0 ? 'no RESULTS file given' : `one RESULTS file at a time; got ${positionals.length}`}\n\n${USAGE}`,
      );
    }
    for (const flag of ['threshold', 'jurisdiction'] as const)
      if (values[flag] !== undefined && values.allowlist === undefined)
        throw new InputError(
          'USAGE',
          `--${flag} applies only when the report verifies the answers itself; add --allowlist FILE (recorded promptfoo results keep the ${flag} they were graded with)`,
        );
    const output = await openOutput(values.output, 'the report', io);
    const fromStdin = positionals[0] === '-';
    const source = fromStdin ? 'standard input' : positionals[0]!;
    const path = resolve(io.cwd, source);
    const verify = values.allowlist === undefined ? undefined : await rowVerifier(values, io.cwd);

    const text = fromStdin ? await io.readStdin() : await readTextFile(path, 'results file');
    let rows: VendorRow[];
    let mode: 'promptfoo' | 'answers';
    if (looksLikeAnswers(text)) {
      if (!verify)
        throw new InputError(
          'USAGE',
          'is a JSONL of answers ({"provider", "id", "answer"} lines); pass --allowlist FILE so the report can verify them',
          { where: source },
        );
      rows = rowsFromAnswers(parseAnswersJsonl(text, source), (line) =>
        verify(
          line.answer,
          line.jurisdiction === undefined ? {} : { jurisdiction: line.jurisdiction },
          `${source}:${line.line}`,
        ),
      );
      mode = 'answers';
    } else {
      const results = fromStdin
        ? parsePromptfooResults(parseJsonText(text.replace(/^\uFEFF/, ''), source), source)
        : await readPromptfooResults(path);
      if (results.length === 0)
        throw new InputError(
          'INVALID_RESULTS',
          'holds no result rows; run an eval with at least one test and provider',
          { where: source },
        );
      rows = results.map((row) => {
        const where = `${source} (${row.provider}, test ${row.testIdx + 1}${typeof row.vars.id === 'string' ? ` "${row.vars.id}"` : ''})`;
        return fromPromptfooRow(
          row,
          where,
          verify ? { reverify: (answer) => verify(answer, row.vars, where) } : {},
        );
      });
      mode = 'promptfoo';
    }

    // Every format shows control and bidi characters from answers, ids and providers as escapes.
    await output.write(renderComparison(compareVendors(rows, { source, mode }), format));
    return EXIT.pass;
  },
});

/** Verifies one row's answer with its fields or test vars (`jurisdiction`). */
type RowVerifier = (
  answer: string,
  vars: Readonly<Record<string, unknown>>,
  where: string,
) => VerifierVerdict;

/** `--allowlist`'s verifier, per row as `check --jsonl`'s; the environment is never read. */
async function rowVerifier(
  values: { allowlist?: string; threshold?: string; jurisdiction?: string },
  cwd: string,
): Promise<RowVerifier> {
  const at = { env: {}, cwd };
  const links = await judgeLinks(linkFlagConfig(values, cwd, false), at);
  const index = await indexOf(linkSettings(links, at).allowlist);
  return (answer, vars, where) => {
    let settings: VerifierSettings;
    try {
      settings = linkSettings(links, at, vars);
    } catch (error) {
      if (!isInputError(error)) throw error;
      throw new InputError('INVALID_RESULTS', error.message, { where, cause: error });
    }
    const options = { threshold: settings.threshold, ...jurisdictionFor(settings, index, {}) };
    return verdictOf(verifyAnswer(answer, index, options));
  };
}

/** A JSONL of answers: an `answer` and a string `provider` (promptfoo's is an object). */
function looksLikeAnswers(text: string): boolean {
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .find((line) => line.trim() !== '');
  if (first === undefined) return false;
  try {
    const value: unknown = JSON.parse(first);
    return isRecord(value) && typeof value.provider === 'string' && 'answer' in value;
  } catch {
    return false;
  }
}
