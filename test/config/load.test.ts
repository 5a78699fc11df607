import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { ConfigFileSchema, VerifierConfigSchema } from '../../src/config/schema.js';
import { ChunkConfigSchema } from '../../src/chunks/config.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'config');

describe('the config file', () => {
  it('is the two assertion configs side by side, each key defined once', () => {
    const keys = Object.keys(ConfigFileSchema.shape).sort();
    expect(keys).toEqual(
      [
        '$schema',
        ...Object.keys(VerifierConfigSchema.shape),
        ...Object.keys(ChunkConfigSchema.shape),
      ].sort(),
    );
    for (const [key, schema] of Object.entries(VerifierConfigSchema.shape))
      expect(ConfigFileSchema.shape[key as keyof typeof ConfigFileSchema.shape]).toBe(schema);
  });

  it('reads YAML, relative paths meaning the file’s folder', async () => {
    expect(await loadConfig('valid.yaml', fixtures)).toEqual({
      $schema: '../../../schema/config.schema.json',
      allowlist: join(fixtures, '..', 'verifier', 'allowlist.json'),
      threshold: 0.8,
      jurisdiction: 'MA',
      failOnMisattribution: true,
      liveness: { timeoutMs: 5000, cacheDir: join(fixtures, '.cache', 'liveness') },
      requireCitations: true,
      judge: { url: 'http://127.0.0.1:9/v1', model: 'local-judge' },
    });
  });

  it('reads JSON', async () => {
    expect(await loadConfig('valid.json', fixtures)).toMatchObject({
      threshold: 0.5,
      wrongJurisdiction: 'score',
      liveness: false,
    });
  });

  it.each([
    [
      'bad-timeout.yaml',
      'INVALID_CONFIG',
      'bad-timeout.yaml: liveness.timeoutMs (line 3): must be a whole number of milliseconds from 1 to 2147483647 (24.8 days), got the string "soon"',
    ],
    [
      'unknown-key.yaml',
      'INVALID_CONFIG',
      'unknown-key.yaml: treshold (line 2): unknown key; did you mean "threshold"? allowed keys: "$schema", "allowlist", "threshold",',
    ],
    [
      'bad-syntax.yaml',
      'INVALID_CONFIG',
      'bad-syntax.yaml: is not valid YAML at line 4, column 1 (All mapping items must start at the same column); fix the syntax',
    ],
    [
      'duplicate-key.yaml',
      'INVALID_CONFIG',
      'duplicate-key.yaml: is not valid YAML at line 2, column 1 (Map keys must be unique); fix the syntax',
    ],
    [
      'not-an-object.yaml',
      'INVALID_CONFIG',
      'not-an-object.yaml: holds a list; write the settings as keys and values (allowlist: FILE, threshold: 0.7, …)',
    ],
    [
      'bad-jurisdiction.json',
      'INVALID_CONFIG',
      'bad-jurisdiction.json: jurisdiction: "Narnia" is not a jurisdiction; write a two-letter US state',
    ],
    [
      'wrong-type.json',
      'INVALID_CONFIG',
      'wrong-type.json: 2 problems:\n  threshold (line 3): must be a number from 0 to 1, got the string "high"\n  judge.url (line 4): must be an http(s) URL',
    ],
    ['missing.yaml', 'FILE_NOT_FOUND', 'missing.yaml: config file not found; check the path'],
  ])('%s is refused: %s', async (file, code, message) => {
    const run = loadConfig(file, fixtures);
    await expect(run).rejects.toMatchObject({ name: 'InputError', code });
    await expect(run).rejects.toSatisfy((error: Error) => error.message.startsWith(message));
  });

  it('is found in the working folder by its name, and two of them are an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-config-'));
    expect(await loadConfig(undefined, dir)).toBeUndefined();
    writeFileSync(join(dir, 'citation-verifier.config.yaml'), 'threshold: 0.6\n');
    expect(await loadConfig(undefined, dir)).toEqual({ threshold: 0.6 });
    writeFileSync(join(dir, 'citation-verifier.config.json'), '{"threshold": 0.7}');
    await expect(loadConfig(undefined, dir)).rejects.toThrow(
      'citation-verifier.config.json and citation-verifier.config.yaml are both here; keep one, or name the one to use with --config',
    );
    // --config names one, and the others are not read.
    expect(await loadConfig('citation-verifier.config.json', dir)).toEqual({
      threshold: 0.7,
    });
  });
});
