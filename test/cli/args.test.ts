import { describe, expect, it } from 'vitest';
import { defineCommand, OUTPUT_FLAGS, wholeFlag } from '../../src/cli/args.js';
import { chunkFlagConfig } from '../../src/cli/args-check.js';
import { fakeIo } from '../helpers/cli.js';

describe('defineCommand', () => {
  const seen: unknown[] = [];
  const command = defineCommand({
    name: 'demo',
    usage: 'Usage: demo [--format F] [-o FILE] [--n N]',
    flags: { ...OUTPUT_FLAGS, n: { type: 'string' } },
    positionals: false,
    async run({ values }) {
      seen.push(values);
      return 0;
    },
  });

  it('hands run the parsed flags, defaults included', async () => {
    expect(await command.run(['-o', 'x.txt', '--n', '3'], fakeIo())).toBe(0);
    expect(seen.at(-1)).toEqual({ format: 'text', output: 'x.txt', n: '3' });
  });

  it.each([
    ['an unknown flag', ['--nope'], /Unknown option '--nope'/],
    ['a positional where none is taken', ['file.txt'], /Unexpected argument 'file.txt'/],
    ['a string flag without its value', ['--n'], /--n <value>' argument missing/],
  ])('%s rejects with a usage error that shows the usage', async (_name, argv, message) => {
    const run = command.run(argv, fakeIo());
    await expect(run).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringMatching(message),
    });
    await expect(command.run(argv, fakeIo())).rejects.toThrow(/Usage: demo/);
  });
});

describe('chunkFlagConfig', () => {
  it('maps each judge flag to its config key, folders resolved against the working folder', () => {
    expect(
      chunkFlagConfig(
        { 'judge-url': 'http://127.0.0.1:9/v1', 'judge-cache': 'c', 'judge-replay': '/r' },
        '/w',
      ).config,
    ).toEqual({ judge: { url: 'http://127.0.0.1:9/v1', cacheDir: '/w/c', replayDir: '/r' } });
    expect(chunkFlagConfig({ 'fail-on-partial-support': true }, '/w').config).toEqual({
      failOnPartialSupport: true,
    });
  });

  it('passes a number as typed, sets a boolean only when on, and names each key by its flag', () => {
    const { config, labels } = chunkFlagConfig(
      { 'max-failing-claims': '2', 'require-citations': false, locale: 'de-DE' },
      '/w',
    );
    expect(config).toEqual({ maxFailingClaims: 2, locale: 'de-DE' });
    expect(labels).toMatchObject({
      maxFailingClaims: '--max-failing-claims',
      'judge.cacheDir': '--judge-cache',
      judge: '--judge-url',
    });
  });
});

describe('wholeFlag', () => {
  it('reads a whole number in range, and the fallback when the flag is absent', () => {
    expect(wholeFlag(undefined, '--repeat', 1, 1, 100)).toBe(1);
    expect(wholeFlag(' 7 ', '--repeat', 1, 1, 100)).toBe(7);
    expect(wholeFlag('0', '--port', 8080, 0, 65_535)).toBe(0);
  });

  it.each([['0'], ['101'], ['2.5'], ['many'], ['']])(
    '--repeat %j is a usage error that says the range and what was given',
    (text) => {
      expect(() => wholeFlag(text, '--repeat', 1, 1, 100)).toThrow(
        expect.objectContaining({
          code: 'USAGE',
          message: `--repeat: expected a whole number from 1 to 100, got ${JSON.stringify(text)}`,
        }),
      );
    },
  );
});
