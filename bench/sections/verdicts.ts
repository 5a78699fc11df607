import { fileURLToPath } from 'node:url';
import { runNode } from '../lib/child.js';
import type { SectionResult } from '../lib/report.js';
import { HERE } from '../lib/tree.js';

const VERDICTS = fileURLToPath(new URL('../verdicts.ts', import.meta.url));

/**
 * Every verdict on the bench's material (`bench/verdicts.ts`), given by this tree and by the
 * reference tree: the SHA-256 of each. The guard is that they are equal; when they differ,
 * `npx tsx bench/verdicts.ts -o FILE` in both trees and a diff of the two files show which
 * verdicts changed.
 */
export async function runVerdictsSection(context: {
  baseline: { ref: string; root: string };
  log: (line: string) => void;
}): Promise<SectionResult> {
  const { baseline } = context;
  const digest = async (root: string): Promise<{ summary: string; sha: string }> => {
    const summary = (
      await runNode(['--import', 'tsx', VERDICTS, '--root', root], 'verdicts')
    ).trim();
    const sha = /sha256 ([0-9a-f]{64})/.exec(summary)?.[1];
    if (sha === undefined) throw new Error(`bench/verdicts.ts printed no digest: ${summary}`);
    return { summary, sha };
  };
  const ours = await digest(HERE);
  const theirs = await digest(baseline.root);
  const same = ours.sha === theirs.sha;
  context.log(`  ${ours.summary}`);
  return {
    name: 'verdicts',
    rows: [
      {
        id: 'verdicts',
        figure: 'verdict digest',
        value: ours.sha.slice(0, 16),
        baseline: `${baseline.ref} ${theirs.sha.slice(0, 16)}`,
        ratio: same ? 'same' : 'differs',
        detail: ours.summary,
        data: { ours, theirs },
      },
    ],
    targets: [
      {
        id: 'verdicts',
        name: `every verdict the same as ${baseline.ref}'s`,
        pass: same,
        actual: same ? `sha256 ${ours.sha}` : `sha256 ${ours.sha}, ${baseline.ref} ${theirs.sha}`,
      },
    ],
  };
}
