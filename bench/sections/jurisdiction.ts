import { JURISDICTIONS } from '../../src/jurisdiction/codes.js';
import { knowledgeFor, type JurisdictionOptions } from '../../src/jurisdiction/check.js';
import type { AllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { mbPerSecond, timePair } from '../lib/measure.js';
import type { SectionResult } from '../lib/report.js';
import type { BenchContext } from './registry.js';
import { buildGeneratedIndex } from './verify.js';

const SIZE = 10_000;
const CODES = Object.keys(JURISDICTIONS);

/**
 * Every organization and listed host of the index given a state (by its position, so the run is
 * the same each time), the way an allowlist built with `--area-column` carries them: each link and
 * number of the corpus is then looked up in all three sources, the slowest case of the check.
 */
function everyAreaKnown(index: AllowlistIndex): JurisdictionOptions {
  const orgAreas: Record<string, string[]> = Object.create(null);
  index.allowlist.orgNames.forEach((name, i) => {
    orgAreas[name] = [CODES[i % CODES.length]!];
  });
  const linkAreas: Record<string, string[]> = Object.create(null);
  index.allowlist.domains.forEach((domain, i) => {
    linkAreas[domain] = [CODES[i % CODES.length]!];
  });
  const knowledge = { ...knowledgeFor(index), allowlist: { orgAreas, linkAreas } };
  return { jurisdiction: 'MA', knowledge };
}

/**
 * Verify throughput with a jurisdiction against without, on the same corpus and index (10,000
 * organizations), rounds alternating so machine load falls on both alike. Target: with ≥ 0.9×.
 */
export function runJurisdictionSection(context: BenchContext): SectionResult {
  const index = context.indexes.get(SIZE) ?? buildGeneratedIndex(context.orgs, SIZE, context.log);
  const answers = context.corpus.answers;
  const options = everyAreaKnown(index);
  let wrong = 0;
  for (const answer of answers)
    wrong += verifyAnswer(answer, index, { jurisdiction: options }).links.filter(
      (link) => link.bucket === 'wrong_jurisdiction',
    ).length;
  const run = (withJurisdiction: boolean) => () => {
    let total = 0;
    for (const answer of answers)
      total += verifyAnswer(answer, index, withJurisdiction ? { jurisdiction: options } : {}).score;
    return total;
  };
  const [without, withIt] = timePair(run(false), run(true), {
    warmup: 1,
    rounds: context.quick ? 3 : 7,
  });
  const ratio = without.medianMs / withIt.medianMs;
  return {
    name: 'jurisdiction',
    rows: [
      {
        id: 'verify.jurisdiction.10000',
        figure: 'verify with --jurisdiction, 10,000 orgs',
        value: `${mbPerSecond(context.corpus.bytes, withIt.medianMs).toFixed(2)} MB/s`,
        baseline: 'the same answers without a jurisdiction',
        ratio: `${ratio.toFixed(2)}×`,
        detail: `${answers.length} answers, every org and domain given a state; ${wrong} links called wrong_jurisdiction; median of ${withIt.rounds}: with ${withIt.medianMs.toFixed(1)} ms, without ${without.medianMs.toFixed(1)} ms`,
        data: { with: withIt, without, wrongLinks: wrong },
      },
    ],
    targets: [
      {
        id: 'verify.jurisdiction',
        name: 'verify with a jurisdiction ≥ 0.9× without',
        pass: ratio >= 0.9,
        actual: `${ratio.toFixed(2)}×`,
      },
    ],
  };
}
