import { parseAllowlist } from '../../src/allowlist/schema.js';
import { type AllowlistIndex, buildIndex } from '../../src/match/index.js';
import { extractLinks } from '../../src/extract/links.js';
import { findOrganizations } from '../../src/match/orgs.js';
import { extractPhones } from '../../src/extract/phones.js';
import { segment } from '../../src/text/structure.js';
import { verifyAnswer } from '../../src/verify.js';
import type { GeneratedOrg } from '../lib/generate.js';
import { allowlistFile, writePhone } from '../lib/generate.js';
import { HOSTILE_PATTERNS, type DirectorySample } from '../lib/hostile.js';
import { runGrowthShapes } from './hostile-growth.js';
import { keep, mbPerSecond, summarize, type Timing } from '../lib/measure.js';
import { createRng } from '../lib/prng.js';
import type { Row, SectionResult } from '../lib/report.js';

export const HOSTILE_SIZE = 1 << 20;
const SMALL_SIZE = HOSTILE_SIZE / 4;
/** Past this, the quarter-size run already shows trouble: the full size is not attempted. */
const GIVE_UP_MS = 5_000;
/** Linear growth from a quarter to the full size is 4×; above this it is reported as super-linear. */
const SUPERLINEAR_GROWTH = 6;

function time(fn: () => unknown): number {
  const start = performance.now();
  keep(fn());
  return performance.now() - start;
}

/** Normal answers, concatenated and cut to `size` code units. */
function normalText(answers: readonly string[], size: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i = (i + 1) % answers.length) {
    parts.push(answers[i]!);
    length += answers[i]!.length + 2;
  }
  return parts.join('\n\n').slice(0, size);
}

/** Where the time goes in one run over `text`, stage by stage (milliseconds). */
function stages(text: string, index: AllowlistIndex): Record<string, number> {
  let links: ReturnType<typeof extractLinks> = [];
  let phones: ReturnType<typeof extractPhones> = [];
  const out: Record<string, number> = {};
  out.links = time(() => (links = extractLinks(text)));
  out.phones = time(() => (phones = extractPhones(text, links)));
  out.orgs = time(() => findOrganizations(text, index.orgMatcher, [...links, ...phones]));
  // `segment` builds each part on first read: read them all, as this stage always timed.
  out.segment = time(() => {
    const segments = segment(text);
    return segments.blocks.length + segments.sentences.length;
  });
  out.verify = time(() => verifyAnswer(text, index));
  return out;
}

/**
 * Hostile inputs: each pattern at 1 MB (1,048,576 code units) through the whole verifier, timed in
 * rounds alternating with 1 MB of normal answers (so machine load hits both), plus a quarter-size
 * run to see how time grows with length. The target is the issue's: within 3× of normal text.
 */
export async function runHostileSection(context: {
  orgs: readonly GeneratedOrg[];
  answers: readonly string[];
  quick: boolean;
  log: (line: string) => void;
}): Promise<SectionResult> {
  const { orgs, answers, quick, log } = context;
  // A directory of 10,000 organizations, its lookalike index built before any round.
  const index = buildIndex(parseAllowlist(allowlistFile(orgs.slice(0, 10_000)), 'generated.json'));
  index.lookalikes();
  const rng = createRng(11);
  const directory: DirectorySample = {
    names: orgs.slice(0, 100).map((org) => org.name),
    phones: orgs.slice(0, 100).flatMap((org) => org.phones.map((phone) => writePhone(phone, rng))),
  };
  const normal = normalText(answers, HOSTILE_SIZE);
  const rounds = quick ? 2 : 3;
  const rows: Row[] = [];
  const targets: SectionResult['targets'] = [];
  const notes: string[] = [];

  // Normal text, measured on its own first (warm) and again beside each pattern.
  time(() => verifyAnswer(normal, index));
  const normalAlone = summarize(
    Array.from({ length: rounds }, () => time(() => verifyAnswer(normal, index))),
  );
  const normalBytes = Buffer.byteLength(normal, 'utf8');
  rows.push({
    id: 'hostile.normal',
    figure: 'verify 1 MB of normal answers',
    value: `${mbPerSecond(normalBytes, normalAlone.medianMs).toFixed(2)} MB/s`,
    baseline: '',
    ratio: '',
    detail: `${answers.length} corpus answers joined and cut to ${HOSTILE_SIZE.toLocaleString('en-US')} code units, 10,000-org directory; ${normalAlone.medianMs.toFixed(0)} ms, median of ${normalAlone.rounds}`,
    data: { ms: normalAlone, bytes: normalBytes },
  });

  for (const pattern of HOSTILE_PATTERNS) {
    const small = pattern.make(SMALL_SIZE, directory);
    const smallMs = summarize(
      Array.from({ length: rounds }, () => time(() => verifyAnswer(small, index))),
    );
    if (smallMs.medianMs > GIVE_UP_MS) {
      const stageTimes = stages(small, index);
      const note = `${pattern.name}: ${smallMs.medianMs.toFixed(0)} ms at ${SMALL_SIZE.toLocaleString('en-US')} code units, full size not attempted; stages ${JSON.stringify(stageTimes)}`;
      notes.push(note);
      rows.push({
        id: `hostile.${pattern.name}`,
        figure: `hostile: ${pattern.name}`,
        value: 'too slow',
        baseline: 'normal 1 MB',
        ratio: 'n/a',
        detail: note,
        data: { small: smallMs, stageTimes },
      });
      targets.push({
        id: `hostile.${pattern.name}`,
        name: `hostile ${pattern.name}${pattern.required ? '' : ' (extra)'} within 3× of normal`,
        pass: false,
        actual: note,
      });
      continue;
    }
    const text = pattern.make(HOSTILE_SIZE, directory);
    const hostileSamples: number[] = [];
    const normalSamples: number[] = [];
    time(() => verifyAnswer(text, index));
    for (let round = 0; round < rounds; round++) {
      normalSamples.push(time(() => verifyAnswer(normal, index)));
      hostileSamples.push(time(() => verifyAnswer(text, index)));
    }
    const hostile: Timing = summarize(hostileSamples);
    const beside: Timing = summarize(normalSamples);
    const slowdown = hostile.medianMs / beside.medianMs;
    let growth = hostile.medianMs / smallMs.medianMs;
    if (growth > SUPERLINEAR_GROWTH) {
      // Small runs are noisy on a busy machine: measure both sizes again, more rounds, before saying so.
      const again = (input: string): number =>
        summarize(Array.from({ length: 7 }, () => time(() => verifyAnswer(input, index)))).medianMs;
      growth = again(text) / again(small);
    }
    const stageTimes = stages(text, index);
    const bytes = Buffer.byteLength(text, 'utf8');
    const flags: string[] = [];
    if (growth > SUPERLINEAR_GROWTH)
      flags.push(`super-linear? ${growth.toFixed(1)}× time for 4× text`);
    if (slowdown > 3)
      notes.push(
        `${pattern.name}: ${slowdown.toFixed(2)}× normal; stages (ms) ${JSON.stringify(stageTimes)}`,
      );
    if (flags.length > 0)
      notes.push(`${pattern.name}: ${flags.join('; ')}; stages (ms) ${JSON.stringify(stageTimes)}`);
    log(
      `  hostile ${pattern.name}: ${hostile.medianMs.toFixed(0)} ms vs normal ${beside.medianMs.toFixed(0)} ms (${slowdown.toFixed(2)}×), quarter size ${smallMs.medianMs.toFixed(0)} ms`,
    );
    rows.push({
      id: `hostile.${pattern.name}`,
      figure: `hostile: ${pattern.name}${pattern.required ? '' : ' (extra)'}`,
      value: `${mbPerSecond(bytes, hostile.medianMs).toFixed(2)} MB/s (${hostile.medianMs.toFixed(0)} ms)`,
      baseline: `normal ${beside.medianMs.toFixed(0)} ms`,
      ratio: `${(1 / slowdown).toFixed(2)}×`,
      detail: `${pattern.what}; ${growth.toFixed(1)}× the time of the quarter size (4× is linear)${flags.length > 0 ? ` — ${flags.join('; ')}` : ''}; stages (ms): ${Object.entries(
        stageTimes,
      )
        .map(([stage, ms]) => `${stage} ${ms.toFixed(0)}`)
        .join(', ')}`,
      data: { hostile, normal: beside, small: smallMs, slowdown, growth, stageTimes, bytes },
    });
    targets.push({
      id: `hostile.${pattern.name}`,
      name: `hostile ${pattern.name}${pattern.required ? '' : ' (extra)'} within 3× of normal`,
      pass: slowdown <= 3,
      actual: `${slowdown.toFixed(2)}× the time of normal text (growth ${growth.toFixed(1)}× for 4× the length)`,
    });
  }
  // The shapes outside the verifier (builder, report, stale, JSON errors): growth from n to 4n.
  const growth = await runGrowthShapes(quick, log, index);
  rows.push(...growth.rows);
  targets.push(...growth.targets);
  return { name: 'hostile', rows, targets, notes };
}
