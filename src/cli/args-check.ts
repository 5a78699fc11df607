import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import { numberFromText } from '../input/number.js';
import {
  JUDGE_FLAGS,
  type KeyedFlags,
  LIVE_FLAGS,
  livenessFlagInput,
  OUTPUT_FLAGS,
  parseResolveFlags,
  type ParsedFlags,
} from './args.js';

/** The link check's flags (`VerifierConfigSchema` keys) but the live ones. */
const LINK_FLAGS = {
  allowlist: { type: 'string', key: 'allowlist' },
  threshold: { type: 'string', key: 'threshold', read: 'number' },
  'fail-on-misattribution': { type: 'boolean', default: false, key: 'failOnMisattribution' },
  'gov-registry': { type: 'string', key: 'govRegistry', read: 'path' },
  jurisdiction: { type: 'string', key: 'jurisdiction' },
  'wrong-jurisdiction': { type: 'string', key: 'wrongJurisdiction' },
} as const satisfies KeyedFlags;

/** The chunk check's flags (`ChunkConfigSchema` keys), in the order a usage error lists them. */
const CHUNK_FLAGS = {
  'require-citations': { type: 'boolean', default: false, key: 'requireCitations' },
  'fail-on-weak-support': { type: 'boolean', default: false, key: 'failOnWeakSupport' },
  'weak-support-threshold': { type: 'string', key: 'weakSupportThreshold', read: 'number' },
  locale: { type: 'string', key: 'locale' },
  ...JUDGE_FLAGS,
  hedge: { type: 'string', key: 'hedge' },
  'max-failing-claims': { type: 'string', key: 'maxFailingClaims', read: 'number' },
} as const satisfies KeyedFlags;

/** `check`'s flags as config keys, judged by the same schema, in the same words, as the keys. */
export const CHECK_FLAGS = {
  ...OUTPUT_FLAGS,
  // No default: `--jsonl` writes JSON Lines, and a `--format text` beside it is a mistake to say.
  format: { type: 'string' },
  jsonl: { type: 'string' },
  config: { type: 'string' },
  live: { type: 'boolean', default: false },
  fix: { type: 'boolean', default: false },
  deadline: { type: 'string' },
  chunks: { type: 'string' },
  ...LIVE_FLAGS,
  ...LINK_FLAGS,
  ...CHUNK_FLAGS,
} as const;

export type CheckValues = ParsedFlags<typeof CHECK_FLAGS>['values'];
type CheckFlag = keyof CheckValues;

const LIVE_ONLY = [
  'resolve',
  'allow-private',
  'timeout',
  'deadline',
  'network-probe',
  'cache-dir',
] as const;
const CHUNK_ONLY = Object.keys(CHUNK_FLAGS) as (keyof typeof CHUNK_FLAGS)[];
const LINK_ONLY = [
  'threshold',
  'live',
  'gov-registry',
  'fail-on-misattribution',
  'jurisdiction',
  'wrong-jurisdiction',
] as const;

/** The flags the user gave (a boolean flag counts when on). */
function given(values: CheckValues, flags: readonly CheckFlag[]): string[] {
  return flags
    .filter((flag) => values[flag] !== undefined && values[flag] !== false)
    .map((flag) => `--${flag}`);
}

const them = (flags: readonly string[]): string => (flags.length > 1 ? 'them' : 'it');

/** Flags given without the flag they belong to are a usage error, not silently ignored. */
export function checkFlagCombinations(
  values: CheckValues,
  positionals: readonly string[],
  on: { allowlist: boolean; live: boolean },
): void {
  if (positionals.length > 1)
    throw new InputError('USAGE', `one answer at a time; got ${positionals.length} files`);
  const liveOnly = on.live ? [] : given(values, LIVE_ONLY);
  if (liveOnly.length > 0)
    throw new InputError(
      'USAGE',
      `${liveOnly.join(', ')} only apply with --live; add --live or drop ${them(liveOnly)}`,
    );
  const chunkOnly = values.chunks === undefined ? given(values, CHUNK_ONLY) : [];
  if (chunkOnly.length > 0)
    throw new InputError(
      'USAGE',
      `${chunkOnly.join(', ')} only apply with --chunks; add --chunks FILE or drop ${them(chunkOnly)}`,
    );
  const linkOnly = values.chunks === undefined || on.allowlist ? [] : given(values, LINK_ONLY);
  if (linkOnly.length > 0)
    throw new InputError(
      'USAGE',
      `${linkOnly.join(', ')} belong${linkOnly.length > 1 ? '' : 's'} to the link check, which --chunks runs only beside an allowlist; add --allowlist FILE to check the links too, or drop ${them(linkOnly)}`,
    );
  const clash = [
    values.chunks !== undefined && on.allowlist && '--allowlist and --chunks together',
    values.jsonl !== undefined && '--jsonl',
  ].find((found) => found !== false);
  if (values.fix && clash !== undefined)
    throw new InputError(
      'USAGE',
      `--fix repairs one answer by one check (its links and numbers with --allowlist, its claims with --chunks) and prints the answer; it does not combine with ${clash}`,
    );
  if (values.jsonl !== undefined && positionals.length > 0)
    throw new InputError(
      'USAGE',
      `--jsonl reads the answers from its file; drop ${JSON.stringify(positionals[0])} or check it without --jsonl`,
    );
  if (
    values.jsonl !== undefined &&
    values.format !== undefined &&
    values.format.toLowerCase() !== 'json'
  )
    throw new InputError(
      'USAGE',
      `--jsonl writes one JSON verdict a line; drop --format ${values.format}`,
    );
}

/** A config object not yet validated, with the flag that set each key. */
export interface FlagConfig {
  config: Record<string, unknown>;
  labels: Record<string, string>;
}

/** A boolean flag sets its key only when on, so a config file's `true` is not undone. */
function configOf(
  values: Readonly<Record<string, unknown>>,
  flags: KeyedFlags,
  cwd: string,
): FlagConfig {
  const config: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  for (const [flag, { key, read }] of Object.entries(flags)) {
    labels[key] = `--${flag}`;
    let value = values[flag];
    if (value === undefined || value === false) continue;
    if (read === 'number') value = numberFromText(value as string);
    else if (read === 'path') value = resolve(cwd, value as string);
    const [name, option] = key.split('.') as [string, string?];
    if (option === undefined) config[name] = value;
    else ((config[name] ??= {}) as Record<string, unknown>)[option] = value;
  }
  return { config, labels };
}

/** The link check's flags as the assertion's config, for `resolveSettings` to judge. */
export function linkFlagConfig(
  values: Partial<CheckValues>,
  cwd: string,
  live: boolean,
): FlagConfig {
  const { config, labels } = configOf(values, LINK_FLAGS, cwd);
  labels['liveness.networkProbe'] = '--network-probe';
  if (live) {
    const flags = livenessFlagInput({ timeout: values.timeout, deadline: values.deadline });
    const liveness: Record<string, unknown> = flags.options;
    for (const [key, flag] of Object.entries(flags.labels)) labels[`liveness.${key}`] = flag;
    if (values.resolve) liveness.resolve = parseResolveFlags(values.resolve);
    if (values['allow-private']) liveness.allowPrivateNetworks = true;
    const probe = values['network-probe'];
    if (probe !== undefined) liveness.networkProbe = probe === 'off' ? false : probe;
    if (values['cache-dir'] !== undefined) liveness.cacheDir = resolve(cwd, values['cache-dir']);
    config.liveness = liveness;
  }
  return { config, labels };
}

/** The chunk check's flags as its config; `--judge-url` also names the `judge` object. */
export function chunkFlagConfig(
  values: Partial<Record<keyof typeof CHUNK_FLAGS, string | boolean | undefined>>,
  cwd: string,
): FlagConfig {
  const { config, labels } = configOf(values, CHUNK_FLAGS, cwd);
  return { config, labels: { ...labels, judge: '--judge-url' } };
}
