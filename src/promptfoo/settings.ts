import { dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_THRESHOLD, ENV } from '../defaults.js';
import { InputError } from '../errors.js';
import { describeValue, invalidInput, parseInput } from '../input/issues.js';
import { numberFromText } from '../input/number.js';
import type { VerifierSettings } from '../run.js';
import { parseJurisdiction } from '../jurisdiction/codes.js';
import { VERIFIER_EXPECTED, VerifierConfigSchema } from '../config/schema.js';

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
export function resolveSettings(
  config: unknown,
  env: NodeJS.ProcessEnv,
  baseDir: string,
  options: SettingsOptions = {},
): VerifierSettings {
  const parsed = parseInput(VerifierConfigSchema, config ?? {}, 'INVALID_CONFIG', {
    root: 'config',
    expected: VERIFIER_EXPECTED,
    ...(options.labels ? { labels: options.labels } : {}),
  });
  const { allowlist, threshold, liveness, govRegistry, failOnMisattribution } = parsed;

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

  let resolvedThreshold = threshold;
  const fromEnv = env[ENV.threshold];
  if (resolvedThreshold === undefined && fromEnv !== undefined && fromEnv !== '')
    resolvedThreshold = thresholdFromText(fromEnv, ENV.threshold);

  let resolvedLiveness: VerifierSettings['liveness'] = false;
  if (liveness === true) resolvedLiveness = {};
  else if (typeof liveness === 'object') resolvedLiveness = stripUndefined(liveness);
  else if (liveness === undefined && parseFlag(env[ENV.liveness], ENV.liveness))
    resolvedLiveness = {};

  const settings: VerifierSettings = {
    allowlist: source,
    threshold: resolvedThreshold ?? DEFAULT_THRESHOLD,
    liveness: resolvedLiveness,
  };
  if (failOnMisattribution) settings.failOnMisattribution = true;
  if (govRegistry !== undefined) {
    const path = withoutFileScheme(govRegistry) ?? govRegistry;
    settings.govRegistry = isAbsolute(path) ? path : resolve(baseDir, path);
  }
  return withJurisdiction(settings, parsed, options);
}

/** The row's jurisdiction variable when not empty, else `config.jurisdiction`. */
function withJurisdiction(
  settings: VerifierSettings,
  config: z.infer<typeof VerifierConfigSchema>,
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

/** A threshold written as text, judged by the config's rule, in its words, named as `name`. */
function thresholdFromText(text: string, name: string): number {
  return parseInput(
    VerifierConfigSchema.shape.threshold.unwrap(),
    numberFromText(text),
    'INVALID_CONFIG',
    { root: name, expected: { '': VERIFIER_EXPECTED.threshold! } },
  );
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
