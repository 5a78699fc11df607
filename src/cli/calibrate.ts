import { resolve } from 'node:path';
import { calibrationJson, calibrationText } from '../calibrate/format.js';
import { parseLabels } from '../calibrate/labels.js';
import { calibrate } from '../calibrate/run.js';
import { buildJudgeSetup } from '../chunks/judge-setup.js';
import { InputError } from '../errors.js';
import { jsonDocument } from '../format/escape.js';
import { printable } from '../util/strings.js';
import { defineCommand, JUDGE_FLAGS, OUTPUT_FLAGS, parseFormat, wholeFlag } from './args.js';
import { chunkSettings } from './check-chunks.js';
import { EXIT, readTextFile, type Subcommand } from './io.js';
import { openOutput } from './output.js';

const USAGE = `Usage: citation-verifier calibrate LABELS.jsonl [--judge-url URL --judge-model NAME | --judge-replay DIR --judge-model NAME]
       [--judge-cache DIR] [--judge-record DIR] [--judge-advisory] [--require-citations]
       [--fail-on-weak-support] [--fail-on-partial-support] [--repeat N] [--format text|json] [-o FILE]

Runs the whole chunk check (triage, then the judge) on each labelled pair, several at once, and
prints how its decisions line up with the labels: the confusion matrix, precision and recall of
"supported" and "not supported" with 95% intervals, balanced accuracy, macro-F1, Cohen's kappa,
the judge alone (the pairs it was asked about) beside the whole check, figures per category, how
many pairs the triage decided without a call, and calls, tokens and time in total and per pair.
A pair is decided "supported" when the check passes it, with the gate settings given here (the
ones your team runs). --repeat N decides every pair N times, each run with its own cache, and
says how many were decided alike. Without a judge it measures the deterministic checks alone.
LABELS.jsonl has one pair a line:
  {"id": "…", "claim": "… [1]", "chunks": [{"id": "1", "text": "…"}], "supported": true, "category": "negation"}
("category" is optional). The key is read from CITATION_VERIFIER_JUDGE_KEY. See docs/JUDGE.md.

Exit codes: 0 measured, 2 measured but the judge gave no counted verdict on some pairs (the
figures are not the judge's), 3 bad input, 1 unexpected error.
`;

export const calibrateCommand: Subcommand = defineCommand({
  name: 'calibrate',
  usage: USAGE,
  flags: {
    ...OUTPUT_FLAGS,
    ...JUDGE_FLAGS,
    'fail-on-weak-support': { type: 'boolean', default: false },
    'require-citations': { type: 'boolean', default: false },
    repeat: { type: 'string' },
  },
  async run({ values, positionals }, io) {
    const format = parseFormat(values.format, ['text', 'json']);
    if (positionals.length !== 1)
      throw new InputError('USAGE', `name one labels file; got ${positionals.length}\n\n${USAGE}`);
    // Each run asks the judge about every pair again.
    const repeat = wholeFlag(values.repeat, '--repeat', 1, 1, 100);
    const settings = await chunkSettings(values, undefined, io.cwd);
    const output = await openOutput(values.output, 'the calibration', io);
    const path = positionals[0]!;
    const pairs = parseLabels(await readTextFile(resolve(io.cwd, path), 'labels file'), path);
    const setup = settings.judge ? buildJudgeSetup(settings.judge, io.env) : undefined;
    const report = await calibrate(pairs, settings, setup, { repeat });
    await output.write(
      format === 'json'
        ? jsonDocument(calibrationJson(report))
        : printable(calibrationText(report)),
    );
    // A calibration whose judge failed on some pairs measured the fallback, not the judge.
    return report.uncounted > 0 ? EXIT.failed : EXIT.pass;
  },
});
