/**
 * Record replies of a SCRIPTED judge (not a model) for the held-out HAGRID half, so that the
 * replay path of `calibrate` is tested offline with recordings made by the real record code.
 * No model was run: the "judge" is a word-overlap rule written here, and its figures say how well
 * that rule does, nothing about any model. Its name in every recording says so.
 *
 *   npx tsx scripts/scripted-judge-recordings.ts   # rewrites test/fixtures/judge/scripted-heldout/
 *
 * The rule, per claim: the sentence of the cited chunks sharing the largest share of the claim's
 * distinct words (of three letters or more); YES quoting that sentence when the share is at least
 * 0.6, PARTIAL from 0.35, else NO.
 */
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { calibrationText } from '../src/calibrate/format.js';
import { parseLabels } from '../src/calibrate/labels.js';
import { calibrate } from '../src/calibrate/run.js';
import { memoryJudgeCache } from '../src/judge/cache.js';
import { recordingJudge } from '../src/judge/record.js';
import type { Judge, JudgeRequest } from '../src/judge/types.js';

export const SCRIPTED_JUDGE_MODEL = 'scripted-overlap-rule (not a model)';

const words = (text: string): Set<string> =>
  new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** The reply the rule gives to one request, as a judge would write it. */
export function scriptedReply(request: JudgeRequest): string {
  const sentences = request.chunks.flatMap((chunk) => chunk.text.split(/(?<=[.!?])\s+/));
  const verdicts = request.claims.map((claim) => {
    const wanted = words(claim.text);
    let best = { share: 0, sentence: '' };
    for (const sentence of sentences) {
      const have = words(sentence);
      const shared = [...wanted].filter((word) => have.has(word)).length;
      const share = wanted.size === 0 ? 0 : shared / wanted.size;
      if (share > best.share) best = { share, sentence };
    }
    const label = best.share >= 0.6 ? 'YES' : best.share >= 0.35 ? 'PARTIAL' : 'NO';
    return { id: claim.id, label, evidence_quote: label === 'YES' ? best.sentence.trim() : '' };
  });
  return JSON.stringify({ verdicts });
}

export const scriptedJudge: Judge = {
  model: SCRIPTED_JUDGE_MODEL,
  ask: async (request) => ({ kind: 'reply', text: scriptedReply(request), attempts: 1 }),
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const out = join(root, 'test', 'fixtures', 'judge', 'scripted-heldout');
  rmSync(out, { recursive: true, force: true });
  const path = join(root, 'test', 'fixtures', 'hagrid', 'calibrate-heldout.jsonl');
  const pairs = parseLabels(readFileSync(path, 'utf8'), path);
  const report = await calibrate(
    pairs,
    { requireCitations: false, failOnWeakSupport: false },
    { judge: recordingJudge(scriptedJudge, out), cache: memoryJudgeCache() },
  );
  process.stdout.write(calibrationText(report));
}
