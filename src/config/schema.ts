import { z } from 'zod';
import { CHUNK_EXPECTED, ChunkConfigSchema } from '../chunks/config.js';
import { ACCEPTED_FORMS } from '../jurisdiction/codes.js';
import { LIVENESS_EXPECTED, LivenessOptionsSchema } from '../liveness/options.js';

/**
 * The settings schema, once for every place a user writes settings: the verifier assertion's
 * `config` (`VerifierConfigSchema`), the chunk assertion's (`ChunkConfigSchema`, in its room), and
 * the config file (`ConfigFileSchema`: both side by side, their keys apart), which `check`'s flags
 * are read into. A key is therefore judged by one rule with one message wherever it is written.
 * Unknown keys are rejected, so a typo (`treshold`) is reported instead of silently ignored.
 */
/** The verifier assertion's `config`. */
export const VerifierConfigSchema = z.strictObject({
  allowlist: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
  threshold: z.number().min(0).max(1).optional(),
  liveness: z.union([z.boolean(), LivenessOptionsSchema]).optional(),
  /** A newer .gov registry: CISA's current-full.csv, or one domain a line. */
  govRegistry: z.string().min(1).optional(),
  /** Any misattributed number fails the answer (default: it costs 0.3 of the score). */
  failOnMisattribution: z.boolean().optional(),
  /** The jurisdiction links and numbers must serve (`MA`, `Massachusetts`); see docs/JURISDICTION.md. */
  jurisdiction: z.string().optional(),
  /** The test variable that holds each row's jurisdiction; default `jurisdiction`. */
  jurisdictionVar: z.string().min(1).optional(),
  /** `fail` (default): a wrong-jurisdiction link fails the answer; `score`: it only scores 0. */
  wrongJurisdiction: z.enum(['fail', 'score']).optional(),
});

/**
 * `citation-verifier.config.json` / `.yaml`: the verifier's keys and the chunk check's, and
 * `$schema` for an editor (the published `schema/config.schema.json`). Relative paths in it resolve
 * against the file's folder.
 */
export const ConfigFileSchema = z.strictObject({
  $schema: z.string().optional(),
  ...VerifierConfigSchema.shape,
  ...ChunkConfigSchema.shape,
});
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** What each setting must be, for messages that say what to write instead of zod's wording. */
export const VERIFIER_EXPECTED: Readonly<Record<string, string>> = {
  allowlist: 'the path of an allowlist JSON file, or an allowlist object',
  threshold: 'a number from 0 to 1',
  liveness: 'true, false, or an object of liveness options',
  failOnMisattribution: 'true or false',
  govRegistry: "the path of a .gov registry file (CISA's current-full.csv, or one domain a line)",
  jurisdiction: ACCEPTED_FORMS,
  jurisdictionVar: 'the name of a test variable',
  wrongJurisdiction: '"fail" or "score"',
  ...Object.fromEntries(
    Object.entries(LIVENESS_EXPECTED).map(([key, expected]) => [`liveness.${key}`, expected]),
  ),
};

/** What each key of the config file must be. */
export const CONFIG_FILE_EXPECTED: Readonly<Record<string, string>> = {
  $schema: 'the URL or path of the config JSON Schema',
  ...VERIFIER_EXPECTED,
  ...CHUNK_EXPECTED,
};
