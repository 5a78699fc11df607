import { parseArgs, type ParseArgsConfig } from 'node:util';
import { InputError } from '../errors.js';

/** Flag parsing shared by the subcommands, so every one reports a bad flag the same way. */

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * `node:util` parseArgs in strict mode; an unknown or malformed flag becomes a usage error (exit 3)
 * that shows the command's usage. Positionals are allowed unless `positionals: false`.
 */
export function parseFlags<const O extends FlagOptions>(
  argv: string[],
  options: O,
  usage: string,
  settings: { positionals?: boolean } = {},
): ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
> {
  try {
    return parseArgs({
      args: argv,
      options,
      allowPositionals: settings.positionals ?? true,
      strict: true,
    });
  } catch (error) {
    throw usageError(error, usage);
  }
}

/** A `node:util` parseArgs error as a usage error that shows the command's usage. */
export function usageError(error: unknown, usage: string): InputError {
  const message = error instanceof Error ? error.message : String(error);
  return new InputError('USAGE', `${message}\n\n${usage}`);
}

/**
 * `--format`, case-insensitive (`--format JSON` is `json`), checked against the command's formats
 * with one message for every command.
 */
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
    const colon = value.indexOf(':');
    const host = colon === -1 ? '' : value.slice(0, colon).trim().toLowerCase();
    const address =
      colon === -1
        ? ''
        : value
            .slice(colon + 1)
            .trim()
            .replace(/^\[(.*)\]$/, '$1');
    if (!host || !address)
      throw new InputError(
        'USAGE',
        `--resolve takes HOST:ADDRESS (e.g. --resolve gone.test:127.0.0.1), got ${JSON.stringify(value)}`,
      );
    out[host] = address;
  }
  return out;
}
