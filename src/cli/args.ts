import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError } from '../errors.js';
import { numberFromText } from '../input/number.js';
import type { LivenessOptionName } from '../liveness/options.js';
import type { CliIo, Subcommand } from './io.js';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** What `defineCommand` hands `run` for `options`: the flags' values and the positionals. */
export type ParsedFlags<O extends FlagOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

/** `--format` and `-o FILE`, as every command that prints a document takes them. */
export const OUTPUT_FLAGS = {
  format: { type: 'string', default: 'text' },
  output: { type: 'string', short: 'o' },
} as const satisfies FlagOptions;

/** The liveness flags `check --live` and `stale` share (each command adds its own). */
export const LIVE_FLAGS = {
  resolve: { type: 'string', multiple: true },
  'allow-private': { type: 'boolean', default: false },
  timeout: { type: 'string' },
  'network-probe': { type: 'string' },
  'cache-dir': { type: 'string' },
} as const satisfies FlagOptions;

/** The number flags that set a liveness option, validated by the schema like a config's. */
const LIVENESS_NUMBER_FLAGS = {
  timeout: 'timeoutMs',
  deadline: 'deadlineMs',
  'host-deadline': 'hostDeadlineMs',
  concurrency: 'concurrency',
  'per-host': 'perHostConcurrency',
} as const satisfies Record<string, LivenessOptionName>;

type LivenessNumberFlag = keyof typeof LIVENESS_NUMBER_FLAGS;

/**
 * The number flags among `values` (flag → text) as options not yet validated, with each option's
 * flag for messages (`timeoutMs` → `--timeout`).
 */
export function livenessFlagInput(
  values: Partial<Record<LivenessNumberFlag, string | undefined>>,
): { options: Record<string, unknown>; labels: Record<string, string> } {
  const options: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  for (const [flag, key] of Object.entries(LIVENESS_NUMBER_FLAGS)) {
    const text = values[flag as LivenessNumberFlag];
    if (text === undefined) continue;
    options[key] = numberFromText(text);
    labels[key] = `--${flag}`;
  }
  return { options, labels };
}

/** Flags that each stand for a config key (`judge.url`), read as a `number`, `path` or as typed. */
export type KeyedFlags = Readonly<
  Record<string, FlagOptions[string] & { key: string; read?: 'number' | 'path' }>
>;

/** The chunk judge's flags, for `check --chunks` and `calibrate` alike. */
export const JUDGE_FLAGS = {
  'fail-on-partial-support': { type: 'boolean', default: false, key: 'failOnPartialSupport' },
  'judge-url': { type: 'string', key: 'judge.url' },
  'judge-model': { type: 'string', key: 'judge.model' },
  'judge-cache': { type: 'string', key: 'judge.cacheDir', read: 'path' },
  'judge-record': { type: 'string', key: 'judge.recordDir', read: 'path' },
  'judge-replay': { type: 'string', key: 'judge.replayDir', read: 'path' },
  'judge-advisory': { type: 'boolean', default: false, key: 'judge.advisory' },
  'judge-uncited': { type: 'boolean', default: false, key: 'judge.uncited' },
} as const satisfies KeyedFlags;

/** A subcommand whose flags are parsed (strict) before `run`: a bad flag shows `usage` (exit 3). */
export function defineCommand<const O extends FlagOptions>(spec: {
  name: string;
  usage: string;
  flags: O;
  /** Default true. */
  positionals?: boolean;
  run(parsed: ParsedFlags<O>, io: CliIo): Promise<number>;
}): Subcommand {
  return {
    name: spec.name,
    usage: spec.usage,
    // Async, so a bad flag rejects the promise as any other input error does.
    run: async (argv, io) => {
      let parsed: ParsedFlags<O>;
      try {
        parsed = parseArgs({
          args: argv,
          options: spec.flags,
          allowPositionals: spec.positionals ?? true,
          strict: true,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new InputError('USAGE', `${message}\n\n${spec.usage}`);
      }
      return spec.run(parsed, io);
    },
  };
}

/** A whole number flag (`--port`, `--repeat`) in [min, max], or `fallback` when not given. */
export function wholeFlag(
  text: string | undefined,
  flag: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (text === undefined) return fallback;
  const value = numberFromText(text);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new InputError(
      'USAGE',
      `${flag}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`,
    );
  return value;
}

/** `--format`, case-insensitive, checked against the command's formats. */
export function parseFormat<const F extends string>(
  value: string | undefined,
  formats: readonly F[],
): F {
  const wanted = (value ?? '').toLowerCase();
  const format = formats.find((candidate) => candidate === wanted);
  if (format === undefined)
    throw new InputError(
      'USAGE',
      `--format must be ${formats.length === 2 ? formats.join(' or ') : `one of ${formats.join(', ')}`}, got ${JSON.stringify(value)}`,
    );
  return format;
}

/** `--resolve HOST:ADDRESS` (repeatable, like curl; an IPv6 address may be bracketed). */
export function parseResolveFlags(values: readonly string[]): Record<string, string> {
  // Host names are data: no prototype, so any name is an ordinary key.
  const out = Object.create(null) as Record<string, string>;
  for (const value of values) {
    const [, name = '', rest = ''] = /^([^:]*):(.*)$/s.exec(value) ?? [];
    const host = name.trim().toLowerCase();
    const address = rest.trim().replace(/^\[(.*)\]$/, '$1');
    if (!host || !address)
      throw new InputError(
        'USAGE',
        `--resolve takes HOST:ADDRESS (e.g. --resolve gone.test:127.0.0.1), got ${JSON.stringify(value)}`,
      );
    out[host] = address;
  }
  return out;
}
