import { dirname, isAbsolute, resolve } from 'node:path';
import { DEFAULT_THRESHOLD, ENV } from '../defaults.js';
import { InputError } from '../errors.js';
import { describeValue, invalidInput, parseInput } from '../input/issues.js';
import { numberFromText } from '../input/number.js';
import type { VerifierSettings } from '../run.js';
import { parseJurisdiction } from '../jurisdiction/codes.js';
import type { z } from 'zod';
import type { VerifierConfigSchema } from '../config/schema.js';
import { isRecord } from '../util/record.js';

/** The verifier assertion's `config` as its schema accepted it. */
export type VerifierConfig = z.infer<typeof VerifierConfigSchema>;

/** The test variable read for a row's jurisdiction when `config.jurisdictionVar` names none. */
const DEFAULT_JURISDICTION_VAR = 'jurisdiction';

export interface SettingsOptions {
  /** Which front asks: the message for a missing allowlist says how that front gives one. */
  front?: 'assertion' | 'cli';
  /** How the front's user wrote each setting (`threshold` → `--threshold`), for messages. */
  labels?: Readonly<Record<string, string>>;
  /** The test row's variables: one may carry the jurisdiction. */
  vars?: Readonly<Record<string, unknown>>;
}

/** The verifier's settings: `config`, then `ENV`, then defaults; paths against `baseDir`. */
export async function resolveSettings(
  config: unknown,
  env: NodeJS.ProcessEnv,
  baseDir: string,
  options: SettingsOptions = {},
): Promise<VerifierSettings> {
  return settingsOf(await judgeConfig(config, env, options.labels), env, baseDir, options);
}

/**
 * `config` judged by the verifier's schema, with `ENV`'s threshold when it sets none; throws
 * `InputError`. A config of an allowlist path alone, what `check --allowlist FILE` gives, has
 * nothing to judge: the schema, and zod with it (a fifth of that run's start-up), load only when
 * something is there for them.
 */
export async function judgeConfig(
  config: unknown,
  env: NodeJS.ProcessEnv,
  labels?: Readonly<Record<string, string>>,
): Promise<VerifierConfig> {
  const given = config ?? {};
  const fromEnv = env[ENV.threshold];
  const envThreshold = fromEnv !== undefined && fromEnv !== '';
  if (isPathAlone(given) && !envThreshold) return given;
  const { VerifierConfigSchema, VERIFIER_EXPECTED } = await import('../config/schema.js');
  const parsed = parseInput(VerifierConfigSchema, given, 'INVALID_CONFIG', {
    root: 'config',
    expected: VERIFIER_EXPECTED,
    ...(labels ? { labels } : {}),
  });
  if (parsed.threshold !== undefined || !envThreshold) return parsed;
  // The threshold written as text, judged by the config's rule, in its words.
  const threshold = parseInput(
    VerifierConfigSchema.shape.threshold.unwrap(),
    numberFromText(fromEnv),
    'INVALID_CONFIG',
    { root: ENV.threshold, expected: { '': VERIFIER_EXPECTED.threshold! } },
  );
  return { ...parsed, threshold };
}

function isPathAlone(config: unknown): config is VerifierConfig {
  if (!isRecord(config)) return false;
  const keys = Object.keys(config);
  const { allowlist } = config;
  return (
    keys.every((key) => key === 'allowlist') &&
    (allowlist === undefined || (typeof allowlist === 'string' && allowlist !== ''))
  );
}

/** The settings of a judged `config` (`judgeConfig`): `ENV`, then defaults; paths against `baseDir`. */
export function settingsOf(
  config: VerifierConfig,
  env: NodeJS.ProcessEnv,
  baseDir: string,
  options: SettingsOptions = {},
): VerifierSettings {
  const { allowlist, threshold, liveness, govRegistry, failOnMisattribution } = config;

  let source: VerifierSettings['allowlist'];
  if (typeof allowlist === 'object') source = { inline: allowlist };
  else {
    const path = withoutFileScheme(allowlist ?? env[ENV.allowlist]);
    if (!path) {
      const how =
        options.front === 'cli'
          ? 'pass --allowlist FILE'
          : 'set config.allowlist to the allowlist JSON file';
      throw new InputError(
        'INVALID_CONFIG',
        `no allowlist: ${how}, or set the ${ENV.allowlist} environment variable`,
      );
    }
    source = { path: isAbsolute(path) ? path : resolve(baseDir, path) };
  }

  let resolvedLiveness: VerifierSettings['liveness'] = false;
  if (liveness === true) resolvedLiveness = {};
  else if (typeof liveness === 'object') resolvedLiveness = stripUndefined(liveness);
  else if (liveness === undefined && parseFlag(env[ENV.liveness], ENV.liveness))
    resolvedLiveness = {};

  const settings: VerifierSettings = {
    allowlist: source,
    threshold: threshold ?? DEFAULT_THRESHOLD,
    liveness: resolvedLiveness,
  };
  if (failOnMisattribution) settings.failOnMisattribution = true;
  if (govRegistry !== undefined) {
    const path = withoutFileScheme(govRegistry) ?? govRegistry;
    settings.govRegistry = isAbsolute(path) ? path : resolve(baseDir, path);
  }
  return withJurisdiction(settings, config, options);
}

/** The row's jurisdiction variable when not empty, else `config.jurisdiction`. */
function withJurisdiction(
  settings: VerifierSettings,
  config: VerifierConfig,
  options: SettingsOptions,
): VerifierSettings {
  const name = config.jurisdictionVar ?? DEFAULT_JURISDICTION_VAR;
  const fromRow = options.vars?.[name];
  const label = options.labels?.jurisdiction ?? 'config.jurisdiction';
  if (fromRow !== undefined && fromRow !== null && fromRow !== '')
    settings.jurisdiction = parseJurisdiction(fromRow, `vars.${name}`);
  else if (config.jurisdiction !== undefined)
    settings.jurisdiction = parseJurisdiction(config.jurisdiction, label);
  if (config.wrongJurisdiction !== undefined) settings.wrongJurisdiction = config.wrongJurisdiction;
  return settings;
}

/** `1/true/yes/on` → true, `0/false/no/off/empty` → false; anything else is a mistake. */
function parseFlag(value: string | undefined, name: string): boolean {
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
  throw invalidInput(
    'INVALID_CONFIG',
    [
      {
        path: [],
        message: `must be 1 or 0 (or true/false, yes/no, on/off), got ${describeValue(value)}`,
      },
    ],
    { root: name },
  );
}

/** The folder of promptfoo's first `-c` config file (we run in its process), else `cwd`. */
export function promptfooBaseDir(argv: readonly string[], cwd: string): string {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let value: string | undefined;
    if (arg === '-c' || arg === '--config') value = argv[i + 1];
    else if (arg.startsWith('--config=')) value = arg.slice('--config='.length);
    else if (arg.startsWith('-c=')) value = arg.slice(3);
    if (value) return dirname(resolve(cwd, value.split(',')[0]!));
  }
  return cwd;
}

/** promptfoo reads `file://x.json` by dropping the `file://`, so we do too. */
function withoutFileScheme(path: string | undefined): string | undefined {
  return path?.startsWith('file://') ? path.slice('file://'.length) : path;
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
