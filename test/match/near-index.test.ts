import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findLookalike } from '../../src/match/lookalike.js';
import { buildLookalikeIndex } from '../../src/match/lookalike-index.js';
import { editLimit, NearIndex, type NearWords } from '../../src/match/near-index.js';
import { editDistance } from '../../src/util/strings.js';

const fixture = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');

/** CISA's .gov registry as shipped (real names of every length), and the real legal-aid domains. */
const GOV = fixture('../../data/dotgov-domains.txt')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  // A line is `domain[,area]` since the snapshot carries each domain's area.
  .map((line) => line.split(',')[0]!);
const LEGAL = fixture('../fixtures/legal-domains/domains.csv')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0]!);
const DNSTWIST = fixture('../fixtures/dnstwist/permutations.csv')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[2]!);

/** mulberry32: the same random edits on every run. */
function random(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789-';
const LOOKALIKE_LETTERS = ['а', 'е', 'о', 'с', 'í', 'é', 'rn', 'vv', 'cl', '1', '0', 'l'];

/** Up to three random edits (delete, insert, replace, swap neighbours), some with look-alike letters. */
function edited(word: string, roll: (below: number) => number): string {
  let out = word;
  for (let edits = roll(4); edits > 0 && out.length > 1; edits--) {
    const at = roll(out.length);
    const letter =
      roll(4) === 0
        ? LOOKALIKE_LETTERS[roll(LOOKALIKE_LETTERS.length)]!
        : LETTERS[roll(LETTERS.length)]!;
    const kind = roll(4);
    if (kind === 0) out = out.slice(0, at) + out.slice(at + 1);
    else if (kind === 1) out = out.slice(0, at) + letter + out.slice(at);
    else if (kind === 2) out = out.slice(0, at) + letter + out.slice(at + 1);
    else if (at + 1 < out.length)
      out = out.slice(0, at) + out[at + 1] + out[at] + out.slice(at + 2);
  }
  return out;
}

/**
 * The reference the index must agree with: every word of the group, compared one by one. It
 * visits more (every word within two letters of length); callers confirm with the edit distance.
 */
class ScanIndex implements NearWords {
  private readonly groups = new Map<string, Array<[string, string]>>();

  add(group: string, word: string, value: string): void {
    if (editLimit(word.length) === 0) return;
    const words = this.groups.get(group) ?? [];
    words.push([word, value]);
    this.groups.set(group, words);
  }

  candidates(group: string, word: string, visit: (candidate: string, value: string) => void): void {
    for (const [candidate, value] of this.groups.get(group) ?? [])
      if (Math.abs(candidate.length - word.length) <= 2) visit(candidate, value);
  }
}

describe('NearIndex: every word within its edit limit, and each once', () => {
  // 4,000 real .gov names (no piece there is common enough to be skipped), looked up with
  // random edits; the words a full scan finds within the limit are the ones the index gives.
  const names = GOV.slice(0, 4000).map((domain) => domain.replace(/\.gov$/, ''));
  const index = new NearIndex();
  const scan = new ScanIndex();
  for (const name of names) {
    index.add('gov', name, name);
    scan.add('gov', name, name);
  }
  const within = (query: string, candidate: string): boolean =>
    editDistance(query, candidate, editLimit(candidate.length)) <= editLimit(candidate.length);

  // The full scan is 12 million bounded edit distances: 6 s on a quiet machine, over the default
  // 20 s when the machine is shared (the index's own part is under a second either way).
  it('agrees with a full scan on 6,000 edited names', { timeout: 60_000 }, () => {
    const roll = random(12);
    let found = 0;
    for (let k = 0; k < 6000; k++) {
      const query = edited(names[roll(names.length)]!, roll);
      const visited: string[] = [];
      index.candidates('gov', query, (candidate) => visited.push(candidate));
      expect(new Set(visited).size, query).toBe(visited.length);
      const fromIndex = visited.filter((candidate) => within(query, candidate)).sort();
      const fromScan: string[] = [];
      scan.candidates('gov', query, (candidate) => {
        if (within(query, candidate)) fromScan.push(candidate);
      });
      expect(fromIndex, query).toEqual(fromScan.sort());
      found += fromScan.length;
    }
    // The edits are small enough that most queries still have a neighbour.
    expect(found).toBeGreaterThan(3000);
  });

  it('keeps groups apart', () => {
    const visited: string[] = [];
    index.candidates('org', names[0]!, (candidate) => visited.push(candidate));
    expect(visited).toEqual([]);
  });

  it('finds words added after a lookup', () => {
    const late = new NearIndex();
    // The words within the limit of each query, as the caller confirms them.
    const near = (query: string, into: string[]) => (candidate: string, value: string) => {
      if (within(query, candidate)) into.push(value);
    };
    late.add('org', 'masslegalhelp', 'masslegalhelp.org');
    const first: string[] = [];
    late.candidates('org', 'masslegalhelq', near('masslegalhelq', first));
    late.add('org', 'texaslawhelp', 'texaslawhelp.org');
    const second: string[] = [];
    late.candidates('org', 'texaslawhlep', near('texaslawhlep', second));
    late.candidates('org', 'masslegalhelq', near('masslegalhelq', second));
    expect(first).toEqual(['masslegalhelp.org']);
    expect(second).toEqual(['texaslawhelp.org', 'masslegalhelp.org']);
  });
});

describe('findLookalike with the piece index gives what it gives with a full scan', () => {
  // The directory: real court and legal-aid domains and 3,000 .gov domains. The hosts: dnstwist's
  // permutations, the directory's own names under edits, and the real domains left out.
  const directory = [...LEGAL, ...GOV.slice(0, 3000)];
  const index = buildLookalikeIndex(directory);
  const scanned = buildLookalikeIndex(directory, () => new ScanIndex());

  it('on 3,268 dnstwist permutations, 3,000 other .gov domains and 6,000 edited directory hosts', () => {
    const roll = random(7);
    const hosts = [...DNSTWIST, ...GOV.slice(3000, 6000)];
    for (let k = 0; k < 6000; k++) {
      const host = directory[roll(directory.length)]!;
      const dot = host.indexOf('.');
      hosts.push(`${edited(host.slice(0, dot), roll)}${host.slice(dot)}`);
    }
    let lookalikes = 0;
    for (const host of hosts) {
      const fast = findLookalike(host, index);
      expect(fast, host).toEqual(findLookalike(host, scanned));
      if (fast !== null) lookalikes++;
    }
    expect(lookalikes).toBeGreaterThan(3000);
  });
});
