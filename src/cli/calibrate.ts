import { resolve } from 'node:path';
import { calibrationJson, calibrationText } from '../calibrate/format.js';
import { parseLabels } from '../calibrate/labels.js';
import { calibrate } from '../calibrate/run.js';
import { resolveChunkConfig } from '../chunks/config.js';
import { buildJudgeSetup } from '../chunks/judge-setup.js';
import { InputError } from '../errors.js';
import { jsonDocument } from '../format/escape.js';
import { defineCommand, JUDGE_FLAGS, OUTPUT_FLAGS, parseFormat } from './args.js';
import { CHUNK_FLAGS, judgeFlags } from './args-check.js';
import { EXIT, readTextFile, type Subcommand } from './io.js';
import { openOutput } from './output.js';

const USAGE = `Usage: citation-verifier calibrate LABELS.jsonl [--judge-url URL --judge-model NAME | --judge-replay DIR --judge-model NAME]
       [--judge-cache DIR] [--judge-record DIR] [--fail-on-weak-support] [--fail-on-partial-support]
       [--format text|json] [-o FILE]

Runs the whole chunk check (triage, then the judge) on each labelled pair and prints how its
decisions line up with the labels: the confusion matrix, precision and recall of "supported" and
"not supported" with 95% intervals, balanced accuracy, macro-F1, and how many pairs the triage
decided without a call. A pair is decided "supported" when the check passes it. Without a judge
it measures the deterministic checks alone. LABELS.jsonl has one pair a line:
  {"id": "…", "claim": "… [1]", "chunks": [{"id": "1", "text": "…"}], "supported": true}
The key is read from CITATION_VERIFIER_JUDGE_KEY. See docs/JUDGE.md.

Exit codes: 0 measured, 3 bad input, 1 unexpected error.
`;

export const calibrateCommand: Subcommand = defineCommand({
  name: 'calibrate',
  usage: USAGE,
  flags: {
    ...OUTPUT_FLAGS,
    ...JUDGE_FLAGS,
    'fail-on-weak-support': { type: 'boolean', default: false },
  },
  async run({ values, positionals }, io) {
    const format = parseFormat(values.format, ['text', 'json']);
    if (positionals.length !== 1)
      throw new InputError('USAGE', `name one labels file; got ${positionals.length}\n\n${USAGE}`);
    const settings = resolveChunkConfig(
      {
        failOnWeakSupport: values['fail-on-weak-support'],
        failOnPartialSupport: values['fail-on-partial-support'],
        ...judgeFlags(values, io.cwd),
      },
      { labels: CHUNK_FLAGS },
    );
    const output = await openOutput(values.output, 'the calibration', io);
    const path = positionals[0]!;
    const pairs = parseLabels(await readTextFile(resolve(io.cwd, path), 'labels file'), path);
    const setup = settings.judge ? buildJudgeSetup(settings.judge, io.env) : undefined;
    const report = await calibrate(
      pairs,
      {
        requireCitations: false,
        failOnWeakSupport: settings.failOnWeakSupport,
        failOnPartialSupport: settings.failOnPartialSupport,
      },
      setup,
    );
    await output.write(
      format === 'json' ? jsonDocument(calibrationJson(report)) : calibrationText(report),
    );
    return EXIT.pass;
  },
});
