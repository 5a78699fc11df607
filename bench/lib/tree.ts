import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This checkout. */
export const HERE = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * The entry points a bench section times, loaded from one checkout: this one, or another commit's
 * tree (`checkoutRef`). Loaded by path, so both trees' modules live side by side in one process
 * and their rounds can alternate. Typed loosely on purpose: an older tree's exact types are not
 * ours to import, only its behaviour to time.
 */
export interface Tree {
  /** `this tree` or the ref as given. */
  label: string;
  root: string;
  verifyAnswer: (text: string, index: unknown) => { score: number };
  buildIndex: (allowlist: unknown) => { lookalikes: () => unknown };
  parseAllowlist: (data: unknown, where: string) => unknown;
}

export async function loadTree(root: string, label: string): Promise<Tree> {
  const load = async (path: string): Promise<Record<string, unknown>> =>
    (await import(pathToFileURL(join(root, path)).href)) as Record<string, unknown>;
  const [verify, index, schema] = await Promise.all([
    load('src/verify.ts'),
    load('src/match/index.ts'),
    load('src/allowlist/schema.ts'),
  ]);
  return {
    label,
    root,
    verifyAnswer: verify.verifyAnswer as Tree['verifyAnswer'],
    buildIndex: index.buildIndex as Tree['buildIndex'],
    parseAllowlist: withoutNewerKeys(schema.parseAllowlist as Tree['parseAllowlist']),
  };
}

/**
 * `parse`, retried without each top-level key it calls unknown: an older tree rejects the keys
 * added since (the bundled allowlist's `org_urls`), and timing it on the rest of the same file is
 * the fair comparison (the newer tree does the extra work those keys bring).
 */
function withoutNewerKeys(parse: Tree['parseAllowlist']): Tree['parseAllowlist'] {
  return (data, where) => {
    let current = data;
    for (;;) {
      try {
        return parse(current, where);
      } catch (error) {
        const key = /\$\.(\w+): unknown key\b/.exec(String((error as Error).message))?.[1];
        if (
          key === undefined ||
          typeof current !== 'object' ||
          current === null ||
          !(key in current)
        )
          throw error;
        const { [key]: _dropped, ...rest } = current as Record<string, unknown>;
        current = rest;
      }
    }
  };
}

const git = (args: string[], cwd = HERE): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The tree at `ref`, checked out beside this one (`git worktree add --detach` into a temporary
 * folder). Its dependencies: a link to this checkout's `node_modules` when every runtime
 * dependency its lock file pins is installed here at that version (tools such as the formatter
 * may differ: the bench runs none of them), else its own `npm ci`. `remove` deletes the folder and the work-tree entry.
 */
export function checkoutRef(
  ref: string,
  log: (line: string) => void,
): { root: string; commit: string; remove: () => void } {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = mkdtempSync(join(tmpdir(), `cv-bench-${commit.slice(0, 8)}-`));
  git(['worktree', 'add', '--detach', root, commit]);
  if (sameRuntime(root)) symlinkSync(join(HERE, 'node_modules'), join(root, 'node_modules'), 'dir');
  else {
    log(`  ${ref}: its dependencies differ from ours; npm ci in ${root}`);
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  log(`  ${ref} (${commit.slice(0, 10)}) checked out in ${root}`);
  return {
    root,
    commit,
    remove: () => {
      try {
        git(['worktree', 'remove', '--force', root]);
      } catch {
        rmSync(root, { recursive: true, force: true });
        git(['worktree', 'prune']);
      }
    },
  };
}

/** Whether this checkout's `node_modules` holds every runtime dependency of `root` at the version its lock pins. */
function sameRuntime(root: string): boolean {
  const read = (path: string): Record<string, unknown> | undefined => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  };
  const manifest = read(join(root, 'package.json'));
  const lock = read(join(root, 'package-lock.json'));
  const pinned = (lock?.packages ?? {}) as Record<string, { version?: string }>;
  // Peer dependencies (promptfoo) are left out: no section loads the assertion.
  const names = Object.keys((manifest?.dependencies ?? {}) as object);
  if (!manifest || !lock) return false;
  return names.every((name) => {
    const installed = read(join(HERE, 'node_modules', name, 'package.json'));
    return installed !== undefined && installed.version === pinned[`node_modules/${name}`]?.version;
  });
}
