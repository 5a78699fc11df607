import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of docs/ARCHITECTURE.md, checked on the real tree. A rule that only lives in a
 * document drifts; this test reads every import (static, type-only, re-export and dynamic) of every
 * `.ts` file under src/, assertions/ and builders/ and names each import that breaks a rule.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['src', 'assertions', 'builders'];

/** Repo-relative path → the repo-relative paths (or bare package names) it imports. */
type ImportMap = ReadonlyMap<string, readonly string[]>;

interface Rule {
  name: string;
  /** Does the rule apply to this importing file? */
  from: (file: string) => boolean;
  /** Is importing this target forbidden? */
  forbids: (target: string) => boolean;
}

const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
const isFront = (path: string) => under('src/cli')(path) || under('assertions')(path);
const isLibrary = (path: string) =>
  under('src')(path) && !under('src/cli')(path) && !under('src/promptfoo')(path);

const RULES: readonly Rule[] = [
  {
    name: 'the library (src/ outside cli/ and promptfoo/) never imports the promptfoo room, a front or the builder',
    from: isLibrary,
    forbids: (target) =>
      under('src/promptfoo')(target) ||
      isFront(target) ||
      under('builders')(target) ||
      target === 'promptfoo',
  },
  {
    name: 'extract/ finds spans without the allowlist: it never imports match/',
    from: under('src/extract'),
    forbids: under('src/match'),
  },
  {
    name: 'allowlist/ reads and validates the file; the structures built from it live in match/, never the reverse',
    from: under('src/allowlist'),
    forbids: under('src/match'),
  },
  {
    name: 'jurisdiction/ checks what match/ decided: match/, extract/, liveness/ and score/ never import it',
    from: (file) =>
      under('src/match')(file) ||
      under('src/extract')(file) ||
      under('src/liveness')(file) ||
      file === 'src/score.ts',
    forbids: under('src/jurisdiction'),
  },
  {
    name: 'jurisdiction/codes.ts is the one list of accepted forms, read by the allowlist too: it imports only errors.ts',
    from: (file) => file === 'src/jurisdiction/codes.ts',
    forbids: (target) => target !== 'src/errors.ts',
  },
  {
    name: 'stages come before their output: score.ts never imports format/',
    from: (file) => file === 'src/score.ts',
    forbids: under('src/format'),
  },
  {
    name: 'builders/ is the builder core: it never imports a front or the promptfoo room',
    from: under('builders'),
    forbids: (target) => isFront(target) || under('src/promptfoo')(target),
  },
  {
    name: 'input/ reads input and words its errors for every room: it imports only errors.ts, util/ and zod',
    from: under('src/input'),
    forbids: (target) =>
      target !== 'src/errors.ts' &&
      !under('src/util')(target) &&
      !under('src/input')(target) &&
      target !== 'zod',
  },
  {
    name: 'judge/ knows nothing of the chunk check: it never imports chunks/',
    from: under('src/judge'),
    forbids: under('src/chunks'),
  },
  {
    name: 'the chunk check reads the prepared answer, not the reverse: match/, extract/, text/ and normalize/ never import chunks/',
    from: (file) =>
      ['src/match', 'src/extract', 'src/text', 'src/normalize'].some((room) => under(room)(file)),
    forbids: under('src/chunks'),
  },
  {
    name: 'text/ prepares the answer before any allowlist is read: it never imports match/',
    from: under('src/text'),
    forbids: under('src/match'),
  },
  {
    name: 'nothing outside assertions/ imports an assertion',
    from: (file) => !under('assertions')(file),
    forbids: under('assertions'),
  },
];

/** Every import that breaks a rule, as `file → target (rule)`. */
function violations(imports: ImportMap, rules: readonly Rule[] = RULES): string[] {
  const found: string[] = [];
  for (const [file, targets] of imports) {
    for (const rule of rules) {
      if (!rule.from(file)) continue;
      for (const target of targets)
        if (rule.forbids(target)) found.push(`${file} → ${target} (${rule.name})`);
    }
  }
  return found;
}

/**
 * The import cycles among the files under `folder`, each as the files of the cycle in order, the
 * first repeated at the end (`a → b → a`), one for each import that closes a circle. Type-only imports count:
 * a circle of types is still a circle a reader has to hold at once.
 */
function cyclesUnder(imports: ImportMap, folder: string): string[] {
  const inside = (file: string): boolean => file.startsWith(`${folder}/`);
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]): void => {
    state.set(file, 'open');
    path.push(file);
    for (const target of imports.get(file) ?? []) {
      if (!inside(target) || !imports.has(target)) continue;
      if (state.get(target) === 'open')
        cycles.push([...path.slice(path.indexOf(target)), target].join(' → '));
      else if (!state.has(target)) visit(target, path);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of [...imports.keys()].sort())
    if (inside(file) && !state.has(file)) visit(file, []);
  return cycles;
}

/** The imports of one source text: relative ones resolved to repo paths (`.js` read as `.ts`), bare ones as package names. */
function importsOf(file: string, text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => {
    if (!fileName.startsWith('.'))
      return fileName.startsWith('@')
        ? fileName.split('/').slice(0, 2).join('/')
        : fileName.split('/')[0]!;
    return posix.normalize(posix.join(posix.dirname(file), fileName)).replace(/\.js$/, '.ts');
  });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) =>
      relative(root, join(root, folder, name))
        .split('\\')
        .join('/'),
    );
}

function treeImports(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const folder of ROOTS)
    for (const file of sourceFiles(folder))
      map.set(file, importsOf(file, readFileSync(join(root, file), 'utf8')));
  return map;
}

describe('import rules', () => {
  const tree = treeImports();

  it('reads the whole tree, every kind of import', () => {
    expect(tree.size).toBeGreaterThan(80);
    // A static import, a re-export and a dynamic import are all seen.
    expect(tree.get('src/verify.ts')).toContain('src/score.ts');
    expect(tree.get('src/index.ts')).toContain('src/defaults.ts');
    expect(tree.get('src/run.ts')).toContain('src/liveness/index.ts');
    expect(tree.get('src/promptfoo/settings.ts')).toContain('zod');
  });

  it('holds on the tree', () => {
    expect(violations(tree)).toEqual([]);
  });

  it.each(ROOTS)('%s has no import cycle', (folder) => {
    expect(cyclesUnder(tree, folder)).toEqual([]);
  });

  it('finds a cycle, type-only or not', () => {
    const tree = new Map([
      ['src/chunks/a.ts', ['src/chunks/b.ts']],
      ['src/chunks/b.ts', ['src/chunks/c.ts', 'zod']],
      ['src/chunks/c.ts', ['src/chunks/a.ts']],
      ['src/chunks/d.ts', ['src/chunks/a.ts']],
    ]);
    expect(cyclesUnder(tree, 'src/chunks')).toEqual([
      'src/chunks/a.ts → src/chunks/b.ts → src/chunks/c.ts → src/chunks/a.ts',
    ]);
    expect(cyclesUnder(tree, 'src/match')).toEqual([]);
  });

  it.each([
    ['src/verify.ts', 'src/promptfoo/settings.ts', 'the library'],
    ['src/index.ts', 'src/cli/io.ts', 'the library'],
    ['src/match/links.ts', 'assertions/verify-citations.ts', 'the library'],
    ['src/allowlist/index.ts', 'builders/build.ts', 'the library'],
    ['src/format/formatters.ts', 'promptfoo', 'the library'],
    ['src/extract/links.ts', 'src/match/orgs.ts', 'extract/'],
    ['src/allowlist/load.ts', 'src/match/index.ts', 'allowlist/'],
    ['src/score.ts', 'src/format/grading.ts', 'stages come before'],
    ['src/text/structure.ts', 'src/match/orgs.ts', 'text/'],
    ['builders/build.ts', 'src/cli/args.ts', 'builders/'],
    ['builders/csv.ts', 'src/promptfoo/results.ts', 'builders/'],
    ['src/cli/check.ts', 'assertions/index.ts', 'nothing outside assertions/'],
    ['src/input/issues.ts', 'src/allowlist/schema.ts', 'input/'],
    ['src/input/json.ts', 'src/liveness/options.ts', 'input/'],
    ['src/match/links.ts', 'src/jurisdiction/check.ts', 'jurisdiction/ checks'],
    ['src/jurisdiction/codes.ts', 'src/match/dotgov.ts', 'jurisdiction/codes.ts'],
  ])('catches %s importing %s', (file, target, rule) => {
    const found = violations(new Map([[file, [target]]]));
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((line) => line.includes(`(${rule}`))).toBe(true);
  });

  it.each([
    ['src/cli/check.ts', 'src/promptfoo/settings.ts'],
    ['assertions/verify-citations.ts', 'src/promptfoo/settings.ts'],
    ['src/promptfoo/rows.ts', 'src/compare/types.ts'],
    ['src/cli/build-allowlist.ts', 'builders/build.ts'],
    ['src/match/phones.ts', 'src/extract/phones.ts'],
    ['builders/cells.ts', 'src/normalize/url.ts'],
    ['src/input/issues.ts', 'src/util/strings.ts'],
    ['src/input/json.ts', 'src/input/issues.ts'],
  ])('allows %s importing %s', (file, target) => {
    expect(violations(new Map([[file, [target]]]))).toEqual([]);
  });

  it('resolves relative, type-only, dynamic and package imports', () => {
    const text =
      "import a from './a.js';\nimport type { B } from '../b.js';\nexport * from './c/index.js';\nconst d = await import('../d/e.js');\nimport { z } from 'zod';\nimport { parse } from 'csv-parse/sync';\nimport x from '@scope/pkg/sub';";
    expect(importsOf('src/x/file.ts', text)).toEqual([
      'src/x/a.ts',
      'src/b.ts',
      'src/x/c/index.ts',
      'src/d/e.ts',
      'zod',
      'csv-parse',
      '@scope/pkg',
    ]);
  });
});
