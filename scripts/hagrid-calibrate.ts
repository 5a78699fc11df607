/**
 * Convert the HAGRID rows the project ships (test/fixtures/hagrid/attributionbench-hagrid.jsonl,
 * see its SOURCE.md) into `citation-verifier calibrate` pairs, split as docs/CHUNKS.md splits them:
 * the odd lines (which the deterministic rules were developed on) are the tuning half, the even
 * lines the held-out half. Rows citing a passage the row does not carry are left out, as
 * scripts/hagrid-chunks.ts leaves them out.
 *
 *   npx tsx scripts/hagrid-calibrate.ts   # writes calibrate-tuning.jsonl and calibrate-heldout.jsonl beside the source
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractCitations } from '../src/chunks/markers.js';
import { hagridChunks } from './hagrid-chunks.js';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'hagrid');
const lines = readFileSync(join(folder, 'attributionbench-hagrid.jsonl'), 'utf8').split('\n');
const halves: Record<'tuning' | 'heldout', string[]> = { tuning: [], heldout: [] };
let leftOut = 0;
lines.forEach((line, index) => {
  if (line.trim() === '') return;
  const record = JSON.parse(line) as {
    claim: string;
    references: unknown[];
    attribution_label: string;
  };
  const chunks = hagridChunks(record.references);
  const keys = new Set(chunks.map((chunk) => chunk.key));
  if (
    !extractCitations(record.claim, chunks).every((marker) =>
      marker.ids.every((id) => keys.has(id)),
    )
  ) {
    leftOut += 1;
    return;
  }
  const pair = {
    id: `hagrid-${index + 1}`,
    claim: record.claim,
    chunks: chunks.map((chunk) => ({ id: chunk.id, text: chunk.text })),
    supported: record.attribution_label === 'attributable',
  };
  // Line numbers count from 1: line 1 is odd, the tuning half.
  halves[(index + 1) % 2 === 1 ? 'tuning' : 'heldout'].push(JSON.stringify(pair));
});
for (const [half, rows] of Object.entries(halves))
  writeFileSync(join(folder, `calibrate-${half}.jsonl`), `${rows.join('\n')}\n`);
console.log(
  `tuning ${halves.tuning.length} pairs, held-out ${halves.heldout.length} pairs, left out ${leftOut}`,
);
