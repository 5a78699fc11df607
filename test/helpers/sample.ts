import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bundled sample's answers file (`sample-allowlist/answers.jsonl`), one row a line. */
export const sampleAnswers = fileURLToPath(
  new URL('../../sample-allowlist/answers.jsonl', import.meta.url),
);

/** The bundled sample's allowlist (`sample-allowlist/allowlist.json`). */
export const sampleAllowlist = fileURLToPath(
  new URL('../../sample-allowlist/allowlist.json', import.meta.url),
);

export interface SampleRow {
  provider: string;
  id: string;
  answer: string;
}

/** Its rows, read the one way: several tests run real material (every sample answer) through a stage. */
export function sampleRows(): SampleRow[] {
  return readFileSync(sampleAnswers, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as SampleRow);
}
