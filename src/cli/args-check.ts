import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import { numberFromText } from '../input/number.js';
import { livenessFlagInput } from '../liveness/options.js';
import {
  JUDGE_FLAGS,
  LIVE_FLAGS,
  OUTPUT_FLAGS,
  parseResolveFlags,
  type ParsedFlags,
} from './args.js';

/**
 * `check`'s flags: which exist, which only make sense beside another, and how they become the
 * assertion's config (the link check's `VerifierConfigSchema` keys, the chunk check's
 * `ChunkConfigSchema` keys), so a flag is judged by the same schema, in the same words, as the
 * config key it stands for.
 */
export const CHECK_FLAGS = {
  ...OUTPUT_FLAGS,
  // No default: `--jsonl` writes JSON Lines, and a `--format text` beside it is a mistake to say.
  format: { type: 'string' },
  jsonl: { type: 'string' },
  config: { type: 'string' },
  ...LIVE_FLAGS,
  ...JUDGE_FLAGS,
  allowlist: { type: 'string' },
  threshold: { type: 'string' },
  live: { type: 'boolean', default: false },
  fix: { type: 'boolean', default: false },
  'gov-registry': { type: 'string' },
  'fail-on-misattribution': { type: 'boolean', default: false },
  jurisdiction: { type: 'string' },
  'wrong-jurisdiction': { type: 'string' },
  deadline: { type: 'string' },
  chunks: { type: 'string' },
  'require-citations': { type: 'boolean', default: false },
  'fail-on-weak-support': { type: 'boolean', default: false },
  'weak-support-threshold': { type: 'string' },
  locale: { type: 'string' },
  hedge: { type: 'string' },
  'max-failing-claims': { type: 'string' },
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
const LINK_ONLY = [
  'threshold',
  'live',
  'gov-registry',
  'fail-on-misattribution',
  'jurisdiction',
  'wrong-jurisdiction',
] as const;

/** The flags of `flags` the user gave (a boolean flag counts when on). */
function given(values: CheckValues, flags: readonly CheckFlag[]): string[] {
  return flags
    .filter((flag) => values[flag] !== undefined && values[flag] !== false)
    .map((flag) => `--${flag}`);
}

/** `it` or `them`, for "drop it". */
const them = (flags: readonly string[]): string => (flags.length > 1 ? 'them' : 'it');

/**
 * Flags given without the flag they belong to are a usage error, not silently ignored: a `--timeout`
 * without `--live` would otherwise look like a check that fetched.
 */
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

/** A config object not yet validated, with the flag that set each key (for messages). */
export interface FlagConfig {
  config: Record<string, unknown>;
  labels: Record<string, string>;
}

/**
 * The flags that each stand for one config key: the key (`judge.url` is the `url` of the `judge`
 * object) and how the text is read: `number` as typed (`numberFromText`) for the schema to judge,
 * `path` resolved against the working folder, else as it is. A boolean flag sets its key only when
 * on, so a config file's `true` is not undone by a flag left out.
 */
type KeyTable = Readonly<Record<string, readonly [key: string, read?: 'number' | 'path']>>;

/** The link check's flags (`VerifierConfigSchema` keys) but the live ones. */
const LINK_KEYS = {
  allowlist: ['allowlist'],
  threshold: ['threshold', 'number'],
  'fail-on-misattribution': ['failOnMisattribution'],
  'gov-registry': ['govRegistry', 'path'],
  jurisdiction: ['jurisdiction'],
  'wrong-jurisdiction': ['wrongJurisdiction'],
} as const satisfies KeyTable;

/** The chunk check's flags (`ChunkConfigSchema` keys), in the order a usage error lists them. */
const CHUNK_KEYS = {
  'require-citations': ['requireCitations'],
  'fail-on-weak-support': ['failOnWeakSupport'],
  'weak-support-threshold': ['weakSupportThreshold', 'number'],
  locale: ['locale'],
  'fail-on-partial-support': ['failOnPartialSupport'],
  'judge-url': ['judge.url'],
  'judge-model': ['judge.model'],
  'judge-cache': ['judge.cacheDir', 'path'],
  'judge-record': ['judge.recordDir', 'path'],
  'judge-replay': ['judge.replayDir', 'path'],
  'judge-advisory': ['judge.advisory'],
  'judge-uncited': ['judge.uncited'],
  hedge: ['hedge'],
  'max-failing-claims': ['maxFailingClaims', 'number'],
} as const satisfies KeyTable;

const CHUNK_ONLY = Object.keys(CHUNK_KEYS) as (keyof typeof CHUNK_KEYS)[];

/** `values`' flags of `table` as config keys, each labelled with its flag for messages. */
function configOf(
  values: Readonly<Record<string, unknown>>,
  table: KeyTable,
  cwd: string,
): FlagConfig {
  const config: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  for (const [flag, [key, read]] of Object.entries(table)) {
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

/**
 * The link check's flags as the assertion's config (`VerifierConfigSchema` keys), paths resolved
 * against `cwd`; `resolveSettings` judges them with the same words as the config keys, each named
 * as the flag the user typed.
 */
export function linkFlagConfig(
  values: Partial<CheckValues>,
  cwd: string,
  live: boolean,
): FlagConfig {
  const { config, labels } = configOf(values, LINK_KEYS, cwd);
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

/**
 * The chunk check's flags as the chunk assertion's config (`ChunkConfigSchema` keys), the judge's
 * merged option by option over a config file's judge (with no judge anywhere the judge's own check
 * says a URL and a model are missing); `--judge-url` also names the `judge` object in messages.
 */
export function chunkFlagConfig(
  values: Partial<Record<keyof typeof CHUNK_KEYS, string | boolean | undefined>>,
  cwd: string,
): FlagConfig {
  const { config, labels } = configOf(values, CHUNK_KEYS, cwd);
  return { config, labels: { ...labels, judge: '--judge-url' } };
}
