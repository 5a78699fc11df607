/**
 * `npx tsx bench/json-walk.ts [organizations]`: how long the JSON walker takes over a large
 * allowlist file (default 75,000 generated organizations, two-space JSON as the builder writes it,
 * about 15 MB). Three walks, each the median of 9 runs: the repeated-key check every load runs
 * (no repeat, so the whole text), the line of the last organization's last number (a problem at
 * the end of the file), and the line of a missing organization (the whole text again). Run it
 * before and after a change to the walker: the figures are absolute, so compare on one machine.
 */
import { firstDuplicateKey, offsetOfPath } from '../src/input/json-walk.js';
import { allowlistFile, generateOrgs } from './lib/generate.js';

const count = Number(process.argv[2] ?? 75_000);
const file = allowlistFile(generateOrgs(count));
const text = `${JSON.stringify(file, null, 2)}\n`;
const names = Object.keys(file.org_phones);
const last = names[names.length - 1]!;
const lastPhone = file.org_phones[last]!.length - 1;

function median(run: () => unknown): number {
  const times: number[] = [];
  for (let round = 0; round < 9; round++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[4]!;
}

if (firstDuplicateKey(text) !== null) throw new Error('the generated allowlist repeats a key');
if (offsetOfPath(text, ['org_phones', last, lastPhone]) === null)
  throw new Error('the last number was not found');
console.log(`${count} organizations, ${(text.length / 1e6).toFixed(1)} M characters`);
console.log(
  `firstDuplicateKey (no repeat)        ${median(() => firstDuplicateKey(text)).toFixed(1)} ms`,
);
console.log(
  `offsetOfPath (last number)           ${median(() => offsetOfPath(text, ['org_phones', last, lastPhone])).toFixed(1)} ms`,
);
console.log(
  `offsetOfPath (missing organization)  ${median(() => offsetOfPath(text, ['org_phones', 'Nobody At All'])).toFixed(1)} ms`,
);
