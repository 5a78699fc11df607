import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The path of a file of this package, whether run from `src/` or `dist/src/`. */
export function packageFile(name: string): string {
  for (const up of ['../../', '../../../']) {
    const candidate = fileURLToPath(new URL(up + name, import.meta.url));
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this layout
    }
  }
  return fileURLToPath(new URL(`../../${name}`, import.meta.url));
}

/** The path of a file shipped in the package's `data/` folder. */
export function bundledDataPath(name: string): string {
  return packageFile(`data/${name}`);
}
