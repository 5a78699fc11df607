import { fileURLToPath } from 'node:url';
import { runNode } from '../lib/child.js';
import type { SectionResult } from '../lib/report.js';
import { HERE } from '../lib/tree.js';

const VERDICTS = fileURLToPath(new URL('../verdicts.ts', import.meta.url));

/**
 * Every verdict on the bench's material (`bench/verdicts.ts`), given by this tree and by the
 * reference tree. The guard is that their outcomes are equal (pass, score, buckets, statuses: no
 * grade changed); the digest of the whole verdicts is shown beside it, and differs from an older
 * reference where a feature since reworded a reason or added a field. When either differs,
 * `npx tsx bench/verdicts.ts -o FILE` in both trees and a diff of the two files show which
 * verdicts changed.
 */
export async function runVerdictsSection(context: {
  baseline: { ref: string; root: string };
  log: (line: string) => void;
}): Promise<SectionResult> {
  const { baseline } = context;
  const digest = async (
    root: string,
  ): Promise<{ summary: string; sha: string; outcomes: string }> => {
    const summary = (
      await runNode(['--import', 'tsx', VERDICTS, '--root', root], 'verdicts')
    ).trim();
    const sha = /, sha256 ([0-9a-f]{64})/.exec(summary)?.[1];
    const outcomes = /outcomes sha256 ([0-9a-f]{64})/.exec(summary)?.[1];
    if (sha === undefined || outcomes === undefined)
      throw new Error(`bench/verdicts.ts printed no digest: ${summary}`);
    return { summary, sha, outcomes };
  };
  const ours = await digest(HERE);
  const theirs = await digest(baseline.root);
  const same = ours.outcomes === theirs.outcomes;
  context.log(`  ${ours.summary}`);
  return {
    name: 'verdicts',
    rows: [
      {
        id: 'verdicts',
        figure: 'verdict digest (outcomes)',
        value: `${ours.sha.slice(0, 16)} (${ours.outcomes.slice(0, 16)})`,
        baseline: `${baseline.ref} ${theirs.sha.slice(0, 16)} (${theirs.outcomes.slice(0, 16)})`,
        ratio: `${ours.sha === theirs.sha ? 'same' : 'differs'} (${same ? 'same' : 'differs'})`,
        detail: ours.summary,
        data: { ours, theirs },
      },
    ],
    targets: [
      {
        id: 'verdicts',
        name: `every verdict's outcome the same as ${baseline.ref}'s`,
        pass: same,
        actual: same
          ? `outcomes sha256 ${ours.outcomes} (whole verdicts ${ours.sha === theirs.sha ? 'the same' : 'differ'})`
          : `outcomes sha256 ${ours.outcomes}, ${baseline.ref} ${theirs.outcomes}`,
      },
    ],
  };
}
