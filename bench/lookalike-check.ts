/**
 * `npx tsx bench/lookalike-check.ts [random hosts]`: the lookalike index at benchmark scale
 * checked against a plain reference of the same rule. The directory is the bench's 100,000
 * generated organizations plus CISA's .gov registry and the real legal-aid domains; the hosts are
 * the bench corpus's links, the real hosts of the test fixtures, and directory hosts under random
 * edits (default 20,000). `findLookalike` must give the same answer with the piece index as with
 * `ReferencePieces` below: the pigeonhole rule written with string keys and no shortcuts (no
 * letter bounds, no hashing), common pieces skipped as the rule says. Exit 1 on any difference.
 */
import { readFileSync } from 'node:fs';
import { parseAllowlist } from '../src/allowlist/schema.js';
import { extractLinks } from '../src/extract/links.js';
import { findLookalike } from '../src/match/lookalike.js';
import { buildLookalikeIndex } from '../src/match/lookalike-index.js';
import { COMMON_PIECE, editLimit, type NearWords } from '../src/match/near-index.js';
import { buildCorpus } from './lib/corpus.js';
import { allowlistFile, generateOrgs } from './lib/generate.js';
import { createRng } from './lib/prng.js';

class ReferencePieces implements NearWords {
  private readonly words: Array<[string, string]> = [];
  private readonly lists = new Map<string, number[]>();

  add(group: string, word: string, value: string): void {
    const limit = editLimit(word.length);
    if (limit === 0) return;
    const at = this.words.push([word, value]) - 1;
    for (const [piece, start, end] of cuts(word.length, limit)) {
      const key = `${group}|${word.length}|${piece}|${word.slice(start, end)}`;
      this.lists.set(key, [...(this.lists.get(key) ?? []), at]);
    }
  }

  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void {
    const seen = new Set<number>();
    for (let length = word.length - 2; length <= word.length + 2; length++) {
      const limit = editLimit(length);
      if (length < 1 || limit === 0 || Math.abs(length - word.length) > limit) continue;
      for (const [piece, start, end] of cuts(length, limit)) {
        for (let shift = -limit; shift <= limit; shift++) {
          if (start + shift < 0 || end + shift > word.length) continue;
          const list =
            this.lists.get(
              `${group}|${length}|${piece}|${word.slice(start + shift, end + shift)}`,
            ) ?? [];
          if (list.length > COMMON_PIECE) continue;
          for (const at of list) if (!seen.has(at)) seen.add(at) && visit(...this.words[at]!);
        }
      }
    }
  }
}

function cuts(length: number, limit: number): Array<[number, number, number]> {
  const count = 2 * limit + 1;
  return Array.from({ length: count }, (_, piece) => [
    piece,
    Math.floor((piece * length) / count),
    Math.floor(((piece + 1) * length) / count),
  ]);
}

const fixture = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');
const column = (text: string, at: number): string[] =>
  text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[at]!);

const randomCount = Number(process.argv[2] ?? 20_000);
const orgs = generateOrgs(100_000);
const allowlist = parseAllowlist(allowlistFile(orgs), 'generated-100000.json');
const gov = fixture('../data/dotgov-domains.txt')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));
const legal = column(fixture('../test/fixtures/legal-domains/domains.csv'), 0);
const directory = [
  ...new Set([
    ...allowlist.domains,
    ...allowlist.urls.map((url) => new URL(url).hostname),
    ...gov,
    ...legal,
  ]),
];

const hosts: string[] = [];
for (const answer of buildCorpus(orgs, 300).answers)
  for (const link of extractLinks(answer)) hosts.push(link.host);
hosts.push(...column(fixture('../test/fixtures/dnstwist/permutations.csv'), 2), ...legal);
for (const row of column(
  fixture('../test/fixtures/hud-counselors/hud-housing-counselors.csv'),
  3,
)) {
  const host = /^https?:\/\/([^/]+)/.exec(row)?.[1];
  if (host !== undefined) hosts.push(host.toLowerCase());
}
const real = hosts.length;
const rng = createRng(20261130);
const LETTERS = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789-',
  'а',
  'е',
  'о',
  'с',
  'í',
  'é',
  'rn',
  'vv',
  'cl',
];
for (let k = 0; k < randomCount; k++) {
  const host = rng.pick(directory);
  const dot = host.indexOf('.');
  let name = host.slice(0, dot);
  for (let edits = rng.int(0, 3); edits > 0 && name.length > 1; edits--) {
    const at = rng.int(0, name.length - 1);
    const letter = rng.pick(LETTERS);
    const kind = rng.int(0, 3);
    if (kind === 0) name = name.slice(0, at) + name.slice(at + 1);
    else if (kind === 1) name = name.slice(0, at) + letter + name.slice(at);
    else if (kind === 2) name = name.slice(0, at) + letter + name.slice(at + 1);
    else if (at + 1 < name.length)
      name = name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2);
  }
  const suffix = rng.chance(0.1)
    ? rng.pick(['.com', '.net', '.org', '.gov', '.us'])
    : host.slice(dot);
  try {
    hosts.push(new URL(`https://${name}${suffix}`).hostname);
  } catch {
    // An edit that makes no host name (a hyphen at an end is still one; a lone dot is not).
  }
}

let started = performance.now();
const fast = buildLookalikeIndex(directory);
const buildMs = performance.now() - started;
const reference = buildLookalikeIndex(directory, () => new ReferencePieces());
started = performance.now();
const answers = hosts.map((host) => findLookalike(host, fast));
const lookupMs = performance.now() - started;
let differences = 0;
let found = 0;
let proven = 0;
hosts.forEach((host, at) => {
  const expected = JSON.stringify(findLookalike(host, reference));
  const got = JSON.stringify(answers[at]);
  if (answers[at]) found++;
  if (answers[at]?.proven) proven++;
  if (got !== expected) {
    differences++;
    if (differences <= 20)
      process.stdout.write(`DIFFERENT ${host}\n  reference: ${expected}\n  index:     ${got}\n`);
  }
});
process.stdout.write(
  `${directory.length.toLocaleString('en-US')} directory hosts; ${hosts.length.toLocaleString('en-US')} hosts checked (${real.toLocaleString('en-US')} real, the rest edited): ` +
    `${found.toLocaleString('en-US')} lookalikes (${proven.toLocaleString('en-US')} proven); ${differences} differences. ` +
    `Index built in ${buildMs.toFixed(0)} ms, looked up in ${lookupMs.toFixed(0)} ms.\n`,
);
process.exit(differences === 0 ? 0 : 1);
