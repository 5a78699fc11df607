import type { Corpus } from '../lib/corpus.js';
import type { GeneratedOrg } from '../lib/generate.js';
import type { SectionResult } from '../lib/report.js';
import { runAgainstSection } from './against.js';
import { runChunksSection } from './chunks.js';
import { runHostileSection } from './hostile.js';
import { runHostileLivenessSection } from './hostile-liveness.js';
import { runLoadSection } from './load.js';
import { runServiceSection } from './service.js';
import { runStartupSection } from './startup.js';
import { runVerdictsSection } from './verdicts.js';

/** What every section gets: the shared generated material, the flags, a log line. */
export interface BenchContext {
  orgs: readonly GeneratedOrg[];
  corpus: Corpus;
  quick: boolean;
  log: (line: string) => void;
  /** The reference tree (`--against REF`), checked out when a section needs it. */
  baseline?: { ref: string; root: string };
}

/**
 * A bench section: one file under `bench/sections/`, one entry here. `inDefault` says whether a
 * plain `npm run bench` runs it (the guards); `--only` names any. `baseline`: it compares with the
 * reference tree.
 */
export interface Section {
  name: string;
  about: string;
  inDefault: boolean;
  baseline?: boolean;
  run: (context: BenchContext) => SectionResult | Promise<SectionResult>;
}

const withBaseline = (context: BenchContext): NonNullable<BenchContext['baseline']> => {
  if (context.baseline === undefined) throw new Error('this section needs the reference tree');
  return context.baseline;
};

/** Every section, in the order a run takes them. To add one: a file under `bench/sections/`, a line here. */
export const SECTIONS: readonly Section[] = [
  {
    name: 'startup',
    about: 'check of one answer from the shell against node -e 0',
    inDefault: true,
    run: runStartupSection,
  },
  {
    name: 'against',
    about: 'verify on real answers, this tree against the reference, alternating',
    inDefault: true,
    baseline: true,
    run: (context) => runAgainstSection({ ...context, baseline: withBaseline(context) }),
  },
  {
    name: 'verdicts',
    about: 'every verdict on the bench material, this tree against the reference',
    inDefault: true,
    baseline: true,
    run: (context) => runVerdictsSection({ ...context, baseline: withBaseline(context) }),
  },
  {
    name: 'load',
    about: 'load + index of 100,000 organizations against JSON.parse',
    inDefault: true,
    run: (context) => runLoadSection(context.orgs, context),
  },
  {
    name: 'hostile',
    about: 'hostile answers against normal text; growth of the other commands',
    inDefault: true,
    run: (context) => runHostileSection({ ...context, answers: context.corpus.answers }),
  },
  {
    name: 'hostile-liveness',
    about: 'liveness with many hosts in one answer and many answers at once: growth at 2n over n',
    inDefault: true,
    run: runHostileLivenessSection,
  },
  {
    name: 'chunks',
    about: 'chunk citations on hostile input: growth at 10n over n',
    inDefault: true,
    run: runChunksSection,
  },
  {
    name: 'service',
    about:
      'serve under 16 keep-alive clients against verifyAnswer in-process; 1 and 2 workers; memory',
    inDefault: false,
    run: runServiceSection,
  },
];
