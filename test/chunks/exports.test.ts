import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// src/chunks exports only what another file uses (issue 21: 52 exports were used only in the
// file that declared them). Every TypeScript file of the repository counts as a user, tests too;
// `export *`, a namespace import and a dynamic import count as using every export of the file.
const root = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['src', 'test', 'scripts', 'bench', 'builders', 'assertions'];
const FOLDER = 'src/chunks';

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.includes('node_modules'))
    .map((name) =>
      relative(root, join(root, folder, name))
        .split('\\')
        .join('/'),
    );
}

function resolved(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, '.ts');
}

/** `file` → the names other files import from it, or `'*'` for all of them. */
export function usedExports(sources: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (target: string | undefined, name: string): void => {
    if (target === undefined) return;
    const names = used.get(target) ?? new Set<string>();
    names.add(name);
    used.set(target, names);
  };
  for (const [file, text] of sources) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteral(argument)) use(resolved(file, argument.text), '*');
      }
      ts.forEachChild(node, visit);
    };
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (specifier === undefined) {
        visit(statement);
        continue;
      }
      const target = resolved(file, specifier);
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (clause?.name) use(target, 'default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(target, '*');
        else if (bindings)
          for (const element of bindings.elements)
            use(target, (element.propertyName ?? element.name).text);
      } else if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        if (!clause || ts.isNamespaceExport(clause)) use(target, '*');
        else
          for (const element of clause.elements)
            use(target, (element.propertyName ?? element.name).text);
      }
    }
  }
  return used;
}

/**
 * The names a file declares with `export` (not re-exports, which `usedExports` follows), whether
 * each is a type, and the text of its signature (a function's without its body).
 */
export function declaredExports(
  file: string,
  text: string,
): Array<{ name: string; type: boolean; signature: string }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: Array<{ name: string; type: boolean; signature: string }> = [];
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const whole = statement.getText(source);
    const type = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        found.push({ name: declaration.name.getText(source), type, signature: whole });
    else if (ts.isFunctionDeclaration(statement) && statement.name)
      found.push({
        name: statement.name.text,
        type,
        signature: statement.body
          ? whole.slice(0, statement.body.pos - statement.getStart(source))
          : whole,
      });
    else if (
      (ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      found.push({ name: statement.name.text, type, signature: whole });
  }
  return found;
}

/**
 * `file: name` for every export of `folder` no other file imports. A type named in the signature
 * of an export that is used stays exported: declaration files need it (`declaration: true`).
 */
export function unusedExports(sources: ReadonlyMap<string, string>, folder: string): string[] {
  const used = usedExports(sources);
  const unused: string[] = [];
  for (const [file, text] of sources) {
    if (!file.startsWith(`${folder}/`)) continue;
    const names = used.get(file);
    if (names?.has('*')) continue;
    const declared = declaredExports(file, text);
    const signatures = declared
      .filter((export_) => names?.has(export_.name))
      .map((export_) => export_.signature)
      .join('\n');
    for (const { name, type } of declared)
      if (!names?.has(name) && !(type && new RegExp(`\\b${name}\\b`).test(signatures)))
        unused.push(`${file}: ${name}`);
  }
  return unused.sort();
}

describe('src/chunks exports only what other files use', () => {
  const sources = new Map(
    ROOTS.flatMap((folder) => filesUnder(folder)).map(
      (file) => [file, readFileSync(join(root, file), 'utf8')] as const,
    ),
  );

  it('reads the tree', () => {
    expect(sources.has('src/chunks/check.ts')).toBe(true);
    expect(usedExports(sources).get('src/chunks/check.ts')?.has('checkChunkCitations')).toBe(true);
  });

  it('holds on the tree', () => {
    expect(unusedExports(sources, FOLDER)).toEqual([]);
  });

  it('finds an export only its own file uses, and follows imports, re-exports and dynamic imports', () => {
    const tree = new Map([
      ['src/chunks/a.ts', 'export const used = 1;\nexport function alone() {}\nexport type T = 1;'],
      [
        'src/chunks/b.ts',
        'export interface Far {}\nexport interface Near {}\nexport function near(x: Near) { const y: Far = {}; }',
      ],
      ['src/chunks/c.ts', 'export const lazy = 3;'],
      [
        'src/x.ts',
        "import { used } from './chunks/a.js';\nexport { near as renamed } from './chunks/b.js';\nawait import('./chunks/c.js');",
      ],
    ]);
    expect(unusedExports(tree, 'src/chunks')).toEqual([
      'src/chunks/a.ts: T',
      'src/chunks/a.ts: alone',
      'src/chunks/b.ts: Far',
    ]);
  });
});
