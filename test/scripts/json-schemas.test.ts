import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { toJson } from '../../src/format/formatters.js';
import { parseJsonLines } from '../../src/input/json.js';
import { buildIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { parseDocument } from 'yaml';
import { parseConfigText } from '../../src/config/load.js';
import { fixturePath, jsonLines, runCheck } from '../helpers/check-cli.js';
import { publishedSchemas, SCHEMA_FILES, schemaText } from '../../scripts/lib/json-schemas.js';
import { repoRoot } from '../helpers/promptfoo.js';

/**
 * The published JSON Schemas (schema/): the committed files are exactly what the zod schemas
 * generate, and they judge every allowlist and verdict this repository holds the way the code does.
 * The validator is ajv (draft 2020-12), a second implementation: a schema that only our own zod
 * accepted would prove nothing to an editor or another language.
 */
// `uri` (the judge's url) is a standard format that ajv only checks with ajv-formats; named here
// so strict mode accepts it, the URL itself being the loader's to judge.
const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  formats: { uri: true },
});
const validateAllowlist = ajv.compile(
  JSON.parse(readFileSync(join(repoRoot, SCHEMA_FILES.allowlist), 'utf8')),
);
const validateVerdict = ajv.compile(
  JSON.parse(readFileSync(join(repoRoot, SCHEMA_FILES.verdict), 'utf8')),
);
const validateConfig = ajv.compile(
  JSON.parse(readFileSync(join(repoRoot, SCHEMA_FILES.config), 'utf8')),
);
const validateCheckLine = ajv.compile(
  JSON.parse(readFileSync(join(repoRoot, SCHEMA_FILES.checkLine), 'utf8')),
);

/** Every allowlist file in the repository: the fixtures, the sample, any `allowlist*.json`. */
function allowlistFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.json') &&
        (dir.endsWith(join('fixtures', 'allowlists')) || entry.name.startsWith('allowlist'))
      )
        found.push(path);
    }
  };
  walk(join(repoRoot, 'test', 'fixtures'));
  walk(join(repoRoot, 'sample-allowlist'));
  return found.sort();
}

/** The loader's view: does `parseAllowlist` accept the file (JSON syntax errors excluded)? */
function loaderAccepts(text: string): boolean | 'not JSON' {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return 'not JSON';
  }
  try {
    parseAllowlist(data, 'fixture.json');
    return true;
  } catch {
    return false;
  }
}

describe('published JSON Schemas', () => {
  it('the committed files are what the zod schemas generate (npm run schemas)', () => {
    const schemas = publishedSchemas();
    for (const [name, file] of Object.entries(SCHEMA_FILES))
      expect(readFileSync(join(repoRoot, file), 'utf8'), `${file}: run npm run schemas`).toBe(
        schemaText(schemas[name as keyof typeof SCHEMA_FILES]),
      );
  });

  it('accepts every allowlist the loader accepts, and rejects each one of the wrong shape', () => {
    const files = allowlistFiles();
    expect(files.length).toBeGreaterThan(10);
    const verdicts = files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const loader = loaderAccepts(text);
      const schema =
        loader === 'not JSON'
          ? 'not JSON'
          : validateAllowlist(JSON.parse(text.replace(/^\uFEFF/, '')));
      return { file: relative(repoRoot, file), loader, schema };
    });
    // Never stricter than the loader: a file the verifier reads is a file an editor accepts.
    expect(verdicts.filter((v) => v.loader === true && v.schema !== true)).toEqual([]);
    // The shape problems are the schema's to catch too; a number or URL that does not parse, or an
    // organization listed twice, is only the loader's (a JSON Schema cannot normalize a number).
    const rejected = verdicts.filter((v) => v.schema === false).map((v) => v.file);
    expect(rejected).toEqual(
      ['missing-field', 'not-an-object', 'unknown-key', 'wrong-type'].map((name) =>
        join('test', 'fixtures', 'allowlists', `${name}.json`),
      ),
    );
  });

  it('an allowlist may name the schema in $schema, and the loader reads it as before', () => {
    const file = {
      $schema: './node_modules/citation-verifier/schema/allowlist.schema.json',
      urls: [],
      domains: ['lawhelp.org'],
      org_names: ['Legal Aid'],
      org_phones: { 'Legal Aid': ['(617) 555-0100'] },
    };
    expect(validateAllowlist(file)).toBe(true);
    expect(parseAllowlist(file, 'a.json').domains).toEqual(['lawhelp.org']);
    expect(() => parseAllowlist({ ...file, $schema: 3 }, 'a.json')).toThrow('$schema');
  });

  it('accepts the verdict of every sample answer, and refuses a key it does not know', () => {
    const index = buildIndex(
      parseAllowlist(
        JSON.parse(readFileSync(join(repoRoot, 'sample-allowlist', 'allowlist.json'), 'utf8')),
        'allowlist.json',
      ),
    );
    const answers = [
      ...parseJsonLines(
        readFileSync(join(repoRoot, 'sample-allowlist', 'answers.jsonl'), 'utf8'),
        'answers.jsonl',
      ),
    ].map((line) => line.value as { answer: string });
    expect(answers.length).toBeGreaterThan(10);
    for (const options of [{}, { failOnMisattribution: true }]) {
      for (const { answer } of answers) {
        const verdict = toJson(verifyAnswer(answer, index, options));
        expect(validateVerdict(verdict), JSON.stringify(validateVerdict.errors)).toBe(true);
      }
    }
    const sample = toJson(verifyAnswer(answers[0]!.answer, index));
    expect(validateVerdict({ ...sample, extra: 1 })).toBe(false);
    expect(validateVerdict({ ...sample, links: [{ url: 'x' }] })).toBe(false);
  });

  it('accepts every config fixture the loader accepts, and rejects each one of the wrong shape', async () => {
    const folder = join(repoRoot, 'test', 'fixtures', 'config');
    const names = readdirSync(folder)
      .filter((name) => /\.(json|ya?ml)$/.test(name))
      .sort();
    const verdicts = await Promise.all(
      names.map(async (name) => {
        const text = readFileSync(join(folder, name), 'utf8');
        const document = parseDocument(text, { uniqueKeys: true });
        const loader = await parseConfigText(text, name).then(
          () => true,
          () => false,
        );
        const schema = document.errors.length > 0 ? 'not parsed' : validateConfig(document.toJS());
        return { name, loader, schema };
      }),
    );
    expect(verdicts.filter((v) => v.loader && v.schema !== true)).toEqual([]);
    expect(verdicts.filter((v) => v.loader).map((v) => v.name)).toEqual([
      'valid.json',
      'valid.yaml',
    ]);
    // A jurisdiction that names no state fits the schema (a string); only the loader knows the states.
    expect(verdicts.filter((v) => v.schema === false).map((v) => v.name)).toEqual([
      'bad-timeout.yaml',
      'not-an-object.yaml',
      'unknown-key.yaml',
      'wrong-type.json',
    ]);
  });

  it('accepts every line check --jsonl writes, verdicts and errors alike', async () => {
    const rows = [
      ...parseJsonLines(
        readFileSync(join(repoRoot, 'sample-allowlist', 'answers.jsonl'), 'utf8'),
        'answers.jsonl',
      ),
    ].map((line) => JSON.stringify(line.value));
    const { out } = await runCheck(
      [
        '--allowlist',
        join(repoRoot, 'sample-allowlist', 'allowlist.json'),
        '--chunks',
        fixturePath('chunks', 'strings.json'),
        '--jsonl',
        '-',
      ],
      { stdin: [...rows, '{"id": 7}', 'not json'].join('\n') },
    );
    const lines = jsonLines(out) as Record<string, unknown>[];
    expect(lines).toHaveLength(rows.length + 2);
    for (const line of lines)
      expect(validateCheckLine(line), JSON.stringify(validateCheckLine.errors)).toBe(true);
    expect(lines.filter((line) => 'error' in line)).toHaveLength(2);
    expect(validateCheckLine({ ...lines[0], extra: 1 })).toBe(false);
  });
});
