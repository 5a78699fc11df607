/**
 * `npm run schemas`: write the published JSON Schemas (scripts/lib/json-schemas.ts) into schema/.
 * Run it after changing the allowlist schema or the verdict schema; the suite fails until then.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedSchemas, SCHEMA_FILES, schemaText } from './lib/json-schemas.js';

const root = join(import.meta.dirname, '..');
const schemas = publishedSchemas();
for (const [name, file] of Object.entries(SCHEMA_FILES)) {
  writeFileSync(join(root, file), schemaText(schemas[name as keyof typeof SCHEMA_FILES]));
  process.stdout.write(`wrote ${file}\n`);
}
