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
const CHUNK_ONLY = [
  'require-citations',
  'fail-on-weak-support',
  'weak-support-threshold',
  'locale',
  ...(Object.keys(JUDGE_FLAGS) as JudgeFlag[]),
  'hedge',
  'max-failing-claims',
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
 * The link check's flags as the assertion's config (`VerifierConfigSchema` keys), paths resolved
 * against `cwd`; `resolveSettings` judges them with the same words as the config keys, each named
 * as the flag the user typed.
 */
export function linkFlagConfig(
  values: Partial<CheckValues>,
  cwd: string,
  live: boolean,
): FlagConfig {
  const config: Record<string, unknown> = {};
  const labels: Record<string, string> = {
    allowlist: '--allowlist',
    threshold: '--threshold',
    govRegistry: '--gov-registry',
    jurisdiction: '--jurisdiction',
    wrongJurisdiction: '--wrong-jurisdiction',
    'liveness.networkProbe': '--network-probe',
  };
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
  if (values.allowlist !== undefined) config.allowlist = values.allowlist;
  if (values.threshold !== undefined) config.threshold = numberFromText(values.threshold);
  if (values['fail-on-misattribution']) config.failOnMisattribution = true;
  if (values['gov-registry'] !== undefined)
    config.govRegistry = resolve(cwd, values['gov-registry']);
  if (values.jurisdiction !== undefined) config.jurisdiction = values.jurisdiction;
  if (values['wrong-jurisdiction'] !== undefined)
    config.wrongJurisdiction = values['wrong-jurisdiction'];
  return { config, labels };
}

/** The `check --chunks` flag of each chunk config key, for messages. */
export const CHUNK_FLAGS = {
  requireCitations: '--require-citations',
  failOnWeakSupport: '--fail-on-weak-support',
  weakSupportThreshold: '--weak-support-threshold',
  locale: '--locale',
  failOnPartialSupport: '--fail-on-partial-support',
  judge: '--judge-url',
  'judge.url': '--judge-url',
  'judge.model': '--judge-model',
  'judge.cacheDir': '--judge-cache',
  'judge.recordDir': '--judge-record',
  'judge.replayDir': '--judge-replay',
  'judge.advisory': '--judge-advisory',
  'judge.uncited': '--judge-uncited',
  hedge: '--hedge',
  maxFailingClaims: '--max-failing-claims',
};

/**
 * The chunk check's flags as the chunk assertion's config (`ChunkConfigSchema` keys); a number is
 * passed as typed (`numberFromText`) for the schema to judge.
 */
export function chunkFlagConfig(
  values: Partial<
    Pick<
      CheckValues,
      | 'require-citations'
      | 'fail-on-weak-support'
      | 'weak-support-threshold'
      | 'locale'
      | 'hedge'
      | 'max-failing-claims'
      | JudgeFlag
    >
  >,
  cwd: string,
): FlagConfig {
  const config: Record<string, unknown> = { ...judgeFlags(values, cwd) };
  if (values['require-citations']) config.requireCitations = true;
  if (values['fail-on-weak-support']) config.failOnWeakSupport = true;
  if (values['weak-support-threshold'] !== undefined)
    config.weakSupportThreshold = numberFromText(values['weak-support-threshold']);
  if (values.locale !== undefined) config.locale = values.locale;
  if (values['fail-on-partial-support']) config.failOnPartialSupport = true;
  if (values.hedge !== undefined) config.hedge = values.hedge;
  if (values['max-failing-claims'] !== undefined)
    config.maxFailingClaims = numberFromText(values['max-failing-claims']);
  return { config, labels: CHUNK_FLAGS };
}

type JudgeFlag = keyof typeof JUDGE_FLAGS;

/** The judge's folder flags and the config key each sets. */
const JUDGE_KEYS = {
  'judge-url': ['url', false],
  'judge-model': ['model', false],
  'judge-cache': ['cacheDir', true],
  'judge-record': ['recordDir', true],
  'judge-replay': ['replayDir', true],
} as const;

/** The judge flags as the chunk config's `judge` object, folders resolved against the cwd. */
export function judgeFlags(
  values: Partial<Record<JudgeFlag, string | boolean | undefined>>,
  cwd: string,
): { judge?: Record<string, string | boolean> } {
  const judge: Record<string, string | boolean> = {};
  for (const [flag, [key, isFolder]] of Object.entries(JUDGE_KEYS)) {
    const value = values[flag as keyof typeof JUDGE_KEYS];
    if (typeof value === 'string') judge[key] = isFolder ? resolve(cwd, value) : value;
  }
  // Merged option by option over a config file's judge; with no judge anywhere the judge's own
  // check says a URL and a model are missing.
  if (values['judge-advisory'] === true) judge.advisory = true;
  if (values['judge-uncited'] === true) judge.uncited = true;
  return Object.keys(judge).length === 0 ? {} : { judge };
}
