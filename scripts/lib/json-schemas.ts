import { z } from 'zod';
import { AllowlistFileSchema } from '../../src/allowlist/schema.js';
import { ConfigFileSchema } from '../../src/config/schema.js';
import { CheckLineSchema } from '../../src/format/check-schema.js';
import { VerdictJsonSchema } from '../../src/format/verdict-schema.js';

/**
 * The published JSON Schemas, generated from the zod schemas the code validates with, so the two
 * cannot drift: `npm run schemas` writes them to `schema/` (shipped in the package), and
 * test/scripts/json-schemas.test.ts fails when the committed files differ from what this returns.
 *
 * A JSON Schema says what a file looks like, not everything the loader checks: a phone number
 * that does not parse or a URL without a host fits the allowlist schema and is still refused by
 * `parseAllowlist`, with its JSON path.
 */
export const SCHEMA_FILES = {
  allowlist: 'schema/allowlist.schema.json',
  verdict: 'schema/verdict.schema.json',
  config: 'schema/config.schema.json',
  checkLine: 'schema/check-line.schema.json',
} as const;

export function publishedSchemas(): Record<keyof typeof SCHEMA_FILES, Record<string, unknown>> {
  return {
    allowlist: {
      ...z.toJSONSchema(AllowlistFileSchema, { io: 'input' }),
      title: 'citation-verifier allowlist',
      description:
        'The directory an answer is checked against: exact URLs, domains, organization names, their phone numbers and aliases. Name this schema in "$schema" to have an editor check the file.',
    },
    verdict: {
      ...z.toJSONSchema(VerdictJsonSchema, { io: 'output' }),
      title: 'citation-verifier verdict',
      description:
        'The verdict for one answer, as `citation-verifier check --format json` prints it and the promptfoo assertion keeps it in metadata.citationVerifier.',
    },
    config: {
      ...z.toJSONSchema(ConfigFileSchema, { io: 'input' }),
      title: 'citation-verifier config file',
      description:
        "citation-verifier.config.json or .yaml: the settings of `citation-verifier check` (the same keys as the promptfoo assertions' config; flags override them). Relative paths mean the file's folder.",
    },
    checkLine: {
      ...z.toJSONSchema(CheckLineSchema, { io: 'output' }),
      title: 'citation-verifier check --jsonl line',
      description:
        'One line of `citation-verifier check --jsonl`: the id and input line of an answer with whether it passed, its verdict and (with --chunks) its chunk audit; or the input error of that line.',
    },
  };
}

/** The text of a schema file: two-space JSON and a final newline, as Biome formats JSON. */
export function schemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
