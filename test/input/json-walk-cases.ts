import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Inputs for the JSON walker, and a second, independent answer to its two questions: a recursive
 * reader of the text that builds a tree with offsets, so the walker (one pass, a stack, no
 * recursion) is checked against code written the other way round. Cases: every JSON document in
 * test/fixtures (JSON Lines: each line), and generated documents with keys repeated at random
 * depths, strings full of escaped quotes, backslashes and brackets, and text outside ASCII.
 */

type PathPart = string | number;

export interface WalkCase {
  name: string;
  text: string;
}

type Node =
  | {
      kind: 'object';
      offset: number;
      members: Array<{ key: string; keyOffset: number; value: Node }>;
    }
  | { kind: 'array'; offset: number; items: Node[] }
  | { kind: 'scalar'; offset: number };

/** The tree of valid JSON `text`, each value with the offset where it starts. */
export function readTree(text: string): Node {
  let i = 0;
  const space = (): void => {
    while (i < text.length && ' \t\r\n\uFEFF'.includes(text[i]!)) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): Node => {
    space();
    const offset = i;
    if (text[i] === '{') {
      i++;
      const members: Array<{ key: string; keyOffset: number; value: Node }> = [];
      space();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', offset, members };
      }
      for (;;) {
        space();
        const keyOffset = i;
        const key = string();
        space();
        i++; // ':'
        members.push({ key, keyOffset, value: value() });
        space();
        if (text[i++] === '}') return { kind: 'object', offset, members };
      }
    }
    if (text[i] === '[') {
      i++;
      const items: Node[] = [];
      space();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', offset, items };
      }
      for (;;) {
        items.push(value());
        space();
        if (text[i++] === ']') return { kind: 'array', offset, items };
      }
    }
    if (text[i] === '"') string();
    else while (i < text.length && !',]} \t\r\n'.includes(text[i]!)) i++;
    return { kind: 'scalar', offset };
  };
  return value();
}

/** The reference `firstDuplicateKey`: of every key written a second time in its object, the first in the text. */
export function referenceDuplicate(text: string): { path: PathPart[]; offset: number } | null {
  let best: { path: PathPart[]; offset: number } | null = null;
  const visit = (node: Node, path: PathPart[]): void => {
    if (node.kind === 'array') node.items.forEach((item, index) => visit(item, [...path, index]));
    if (node.kind !== 'object') return;
    const seen = new Set<string>();
    for (const member of node.members) {
      if (seen.has(member.key) && (best === null || member.keyOffset < best.offset))
        best = { path: [...path, member.key], offset: member.keyOffset };
      seen.add(member.key);
      visit(member.value, [...path, member.key]);
    }
  };
  visit(readTree(text), []);
  return best;
}

/**
 * The reference `offsetOfPath`: in text order, the first value at `path`, or the first container
 * on the path with no container on the path inside it (a missing step is reported at the
 * container that lacks it); null for the top level, which is also what a container at offset 0
 * gives.
 */
export function referenceOffset(text: string, path: readonly PropertyKey[]): number | null {
  const want = path.map(String);
  const none = Symbol('none');
  const top = (offset: number): number | null => (offset === 0 ? null : offset);
  const search = (node: Node, depth: number): number | null | typeof none => {
    if (depth === want.length) return depth === 0 ? null : node.offset;
    const children =
      node.kind === 'object'
        ? node.members.filter((member) => member.key === want[depth]).map((member) => member.value)
        : node.kind === 'array'
          ? node.items.filter((_, index) => String(index) === want[depth])
          : null;
    if (children === null) return none;
    for (const child of children) {
      const found = search(child, depth + 1);
      if (found !== none) return found;
    }
    return top(node.offset);
  };
  const found = search(readTree(text), 0);
  return found === none ? null : found;
}

/** Paths worth asking about in `text`: every value's (at most `max`, spread over the document), and a missing step below each container. */
export function probePaths(text: string, max = 400): PropertyKey[][] {
  const all: PropertyKey[][] = [[]];
  const visit = (node: Node, path: PathPart[]): void => {
    if (node.kind === 'object') {
      all.push([...path, 'no such key'], [...path, 0]);
      for (const member of node.members) {
        all.push([...path, member.key]);
        visit(member.value, [...path, member.key]);
      }
    } else if (node.kind === 'array') {
      all.push([...path, node.items.length], [...path, 'x']);
      node.items.forEach((item, index) => {
        // An index asked as text ("1") finds the element too; as "01" it does not.
        all.push([...path, index], [...path, String(index)], [...path, `0${index}`]);
        visit(item, [...path, index]);
      });
    } else {
      all.push([...path, 'below a scalar']);
    }
  };
  visit(readTree(text), []);
  if (all.length <= max) return all;
  const step = all.length / max;
  return Array.from({ length: max }, (_, index) => all[Math.floor(index * step)]!);
}

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Every JSON document under test/fixtures that `JSON.parse` accepts: each `.json` file, each line of a `.jsonl` file. */
export function fixtureCases(): WalkCase[] {
  const cases: WalkCase[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.json') || entry.endsWith('.jsonl')) {
        const text = readFileSync(path, 'utf8');
        const name = relative(FIXTURES, path);
        // A file keeps its byte-order mark: the line of a path is looked up in the text as read.
        const docs = entry.endsWith('.jsonl')
          ? text.split('\n').map((line, index) => ({ name: `${name}:${index + 1}`, text: line }))
          : [{ name, text }];
        for (const doc of docs) {
          if (doc.text.trim() === '') continue;
          try {
            JSON.parse(doc.text.replace(/^\uFEFF/, ''));
          } catch {
            continue; // the fixtures of bad JSON: the walker only runs on what the parser accepted
          }
          cases.push(doc);
        }
      }
    }
  };
  walk(FIXTURES);
  return cases;
}

/** A small seeded generator (mulberry32), so the generated cases are the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = [
  'a',
  'b',
  'org_phones',
  '__proto__',
  'constructor',
  'a"b',
  'x\\y',
  '[{',
  '}]',
  ',:',
  'é',
  'e\u0301',
  '😀',
  '\u2028',
  '\uFEFF',
  'ключ',
  '',
  '0',
  '1',
  'Legal Aid of X',
  '\\"',
];
const STRINGS = [
  '',
  'x',
  '"',
  '\\',
  '\\"',
  '"\\',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '{"a": 1}',
  '["]',
  'ok\\',
  '法院',
  '😀 emoji',
  '\u0000\u001f',
  '\u2028\u2029',
  'tab\there',
  'line\nbreak',
  '\uFEFF',
];
const SCALARS = [
  '0',
  '-1',
  '3.25',
  '1e9',
  '-0.5E-3',
  'true',
  'false',
  'null',
  '12345678901234567890',
];
const SPACE = ['', '', ' ', '\n', '\r\n', '\t', '\n    '];

/** One JSON string for `value`, its characters escaped in one of the ways JSON allows. */
function quote(value: string, next: () => number): string {
  const style = Math.floor(next() * 3);
  if (style === 0) return JSON.stringify(value);
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '/' && style === 1) out += '\\/';
    else if (code < 0x20 || (style === 2 && code > 0x7e) || (style === 1 && next() < 0.3)) {
      for (const unit of char.length === 2 ? [char.charCodeAt(0), char.charCodeAt(1)] : [code])
        out += `\\u${unit.toString(16).padStart(4, '0')}`;
    } else out += char;
  }
  return `${out}"`;
}

/**
 * `count` documents from `seed`: objects and arrays nested up to eight deep, keys drawn from a
 * small pool of awkward names (so some repeat in one object at some depth) or, in every other
 * document, kept distinct with one repeat forced at a random depth, or none.
 */
export function generatedCases(count: number, seed = 12): WalkCase[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const cases: WalkCase[] = [];
  for (let doc = 0; doc < count; doc++) {
    const free = doc % 2 === 0;
    const forceAt = next() < 0.6 ? 1 + Math.floor(next() * 6) : -1;
    let forced = false;
    const sp = (): string => pick(SPACE);
    // Most documents are an object or array, as the files read are; a few a bare value.
    const value = (depth: number, container = false): string => {
      const roll = container ? next() * 0.6 : next();
      if (depth < 8 && roll < 0.35) {
        const size = Math.floor(next() * 5);
        const keys: string[] = [];
        for (let index = 0; index < size; index++) {
          let key = pick(KEYS);
          if (!free) {
            while (keys.includes(key)) key = `${pick(KEYS)}${Math.floor(next() * 100)}`;
          }
          keys.push(key);
        }
        if (!free && !forced && depth + 1 >= forceAt && forceAt > 0 && keys.length > 0) {
          forced = true;
          keys.splice(1 + Math.floor(next() * keys.length), 0, pick(keys));
        }
        return `{${sp()}${keys.map((key) => `${quote(key, next)}${sp()}:${sp()}${value(depth + 1)}`).join(`${sp()},${sp()}`)}${sp()}}`;
      }
      if (depth < 8 && roll < 0.6) {
        const size = Math.floor(next() * 5);
        return `[${sp()}${Array.from({ length: size }, () => value(depth + 1)).join(`${sp()},${sp()}`)}${sp()}]`;
      }
      return roll < 0.85 ? quote(pick(STRINGS), next) : pick(SCALARS);
    };
    const bom = doc % 10 === 5 ? '\uFEFF' : '';
    const text = `${bom}${sp()}${value(0, next() < 0.9)}${sp()}`;
    JSON.parse(text.slice(bom.length)); // every generated document is valid JSON (after the mark a reader strips)
    cases.push({ name: `generated #${doc}`, text });
  }
  return cases;
}
