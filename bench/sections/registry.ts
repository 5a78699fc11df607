import type { AllowlistIndex } from '../../src/match/index.js';
import type { Corpus } from '../lib/corpus.js';
import type { GeneratedOrg } from '../lib/generate.js';
import type { SectionResult } from '../lib/report.js';
import { runAgainstSection } from './against.js';
import { runChunksSection } from './chunks.js';
import { runHostileSection } from './hostile.js';
import { runHostileLivenessSection } from './hostile-liveness.js';
import { runJurisdictionSection } from './jurisdiction.js';
import { runLivenessSection } from './liveness.js';
import { runLoadSection } from './load.js';
import { runServiceSection } from './service.js';
import { runStaleSection } from './stale.js';
import { buildGeneratedIndex, runVerifySection } from './verify.js';

/** What every section gets: the shared generated material, the flags, a log line. */
export interface BenchContext {
  orgs: readonly GeneratedOrg[];
  corpus: Corpus;
  quick: boolean;
  log: (line: string) => void;
  /** `--against REF`, when given. */
  against?: string;
  /** `--warm-up N`: the against section's warm-up rounds, when given. */
  warmUp?: number;
  /** Generated-directory indexes by size, built by one section and reused by a later one. */
  indexes: Map<number, AllowlistIndex>;
}

/**
 * A bench section: one file under `bench/sections/`, one entry here. `inDefault` says whether a
 * plain `npm run bench` runs it; `--only` names any.
 */
export interface Section {
  name: string;
  about: string;
  inDefault: boolean;
  run: (context: BenchContext) => SectionResult | Promise<SectionResult>;
}

/** Every section, in the order a run takes them. To add one: a file under `bench/sections/`, a line here. */
export const SECTIONS: readonly Section[] = [
  {
    name: 'verify',
    about: 'verify throughput by directory size, naive baseline, linkify-it',
    inDefault: true,
    run: (context) => {
      const section = runVerifySection(context);
      for (const [size, index] of section.indexes) context.indexes.set(size, index);
      return section;
    },
  },
  {
    name: 'jurisdiction',
    about: 'verify throughput with a jurisdiction against without',
    inDefault: true,
    run: runJurisdictionSection,
  },
  {
    name: 'load',
    about: 'load + index of 100,000 organizations against JSON.parse',
    inDefault: true,
    run: (context) => runLoadSection(context.orgs, context),
  },
  {
    name: 'liveness',
    about: 'the link checker against local servers',
    inDefault: true,
    run: runLivenessSection,
  },
  { name: 'stale', about: 'the stale list', inDefault: true, run: runStaleSection },
  {
    name: 'hostile',
    about: 'hostile input against normal text',
    inDefault: true,
    run: (context) =>
      runHostileSection({
        index:
          context.indexes.get(10_000) ?? buildGeneratedIndex(context.orgs, 10_000, context.log),
        orgs: context.orgs,
        answers: context.corpus.answers,
        quick: context.quick,
        log: context.log,
      }),
  },
  {
    name: 'hostile-liveness',
    about: 'liveness with many hosts in one answer and many answers at once: growth at 2n over n',
    inDefault: true,
    run: runHostileLivenessSection,
  },
  {
    name: 'chunks',
    about: 'chunk citations on hostile input',
    inDefault: true,
    run: runChunksSection,
  },
  {
    name: 'service',
    about:
      'serve under 16 keep-alive clients against verifyAnswer in-process; 1 and 2 workers; memory',
    inDefault: true,
    run: runServiceSection,
  },
  {
    name: 'against',
    about: 'verify, extraction and load of this tree against --against REF, alternating',
    inDefault: false,
    run: (context) => {
      if (context.against === undefined) throw new Error('the against section needs --against REF');
      return runAgainstSection({ ...context, ref: context.against });
    },
  },
];
