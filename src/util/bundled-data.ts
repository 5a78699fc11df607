import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The path of a file shipped in the package's `data/` folder, from this module whether it runs
 * from `src/` (tests, tsx) or `dist/src/` (the published package).
 */
export function bundledDataPath(name: string): string {
  for (const up of ['../../data/', '../../../data/']) {
    const candidate = fileURLToPath(new URL(up + name, import.meta.url));
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this layout
    }
  }
  return fileURLToPath(new URL(`../../data/${name}`, import.meta.url));
}
