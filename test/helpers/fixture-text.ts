import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/**
 * Every text fixture (JSON, JSON Lines, CSV, text, Markdown) joined, in a fixed order: where the
 * fast-path tests find real addresses, numbers and names to hold each fast path to its general one.
 */
export function fixtureText(): string {
  const parts: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(?:json|jsonl|csv|txt|md)$/.test(entry)) parts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(FIXTURES);
  return parts.join('\n');
}
