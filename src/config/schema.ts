import { z } from 'zod';
import { CHUNK_EXPECTED, ChunkConfigSchema } from '../chunks/config.js';
import { ACCEPTED_FORMS } from '../jurisdiction/codes.js';
import { LIVENESS_EXPECTED, LivenessOptionsSchema } from '../liveness/options.js';

/** The verifier assertion's `config` keys, wherever written; unknown keys (`treshold`) rejected. */
export const VerifierConfigSchema = z.strictObject({
  allowlist: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
  threshold: z.number().min(0).max(1).optional(),
  liveness: z.union([z.boolean(), LivenessOptionsSchema]).optional(),
  govRegistry: z.string().min(1).optional(),
  failOnMisattribution: z.boolean().optional(),
  /** Checked by `parseJurisdiction` (docs/JURISDICTION.md). */
  jurisdiction: z.string().optional(),
  /** The test variable that holds each row's jurisdiction. */
  jurisdictionVar: z.string().min(1).optional(),
  wrongJurisdiction: z.enum(['fail', 'score']).optional(),
});

/** `citation-verifier.config.json` / `.yaml`: the verifier's keys and the chunk check's. */
export const ConfigFileSchema = z.strictObject({
  $schema: z.string().optional(),
  ...VerifierConfigSchema.shape,
  ...ChunkConfigSchema.shape,
});
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** What each setting must be, for messages in our words, not zod's. */
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
