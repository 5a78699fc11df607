import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface PackedPackage {
  /** The citation-verifier tarball. */
  tarball: string;
  /** The files `npm pack` put in it. */
  files: string[];
}

/** `npm pack` of this repository (which builds it through `prepare`) into `dir`. */
export function packSelf(repoRoot: string, dir: string): PackedPackage {
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return {
    tarball: join(dir, packed[0]!.filename),
    files: packed[0]!.files.map((file) => file.path),
  };
}

/**
 * Install the packed package into a fresh project at `project` without the registry.
 *
 * `npm install --offline <tarball>` alone needs the registry metadata of every runtime dependency,
 * which an install from a lock file (`npm ci`) never puts in the npm cache: it passed only on a
 * machine where something else had cached it. So the runtime dependencies are packed from this
 * repository's own node_modules (the versions the lock file pins) and given to the consumer as
 * tarballs beside ours; npm then resolves every name locally.
 */
export function installPacked(
  repoRoot: string,
  packed: PackedPackage,
  project: string,
  extra: Record<string, unknown> = {},
): void {
  const deps = join(project, '..', 'deps');
  mkdirSync(deps, { recursive: true });
  mkdirSync(project, { recursive: true });
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<
      string,
      { version?: string; dev?: boolean; devOptional?: boolean; optional?: boolean; peer?: boolean }
    >;
  };
  const paths = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev && !entry.devOptional)
    .filter(([, entry]) => !entry.peer && !entry.optional)
    .map(([path]) => join(repoRoot, path));
  // One `npm pack` for them all, not a process each (npm's start-up is most of what packing costs).
  const out = execFileSync(
    npm,
    ['pack', '--ignore-scripts', '--json', '--pack-destination', deps, ...paths],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tarballs = JSON.parse(out) as Array<{ name: string; filename: string }>;
  if (tarballs.length !== paths.length)
    throw new Error(`npm pack gave ${tarballs.length} tarballs for ${paths.length} packages`);
  const dependencies: Record<string, string> = {};
  for (const tarball of tarballs)
    dependencies[tarball.name] = `file:${join(deps, tarball.filename)}`;
  dependencies['citation-verifier'] = `file:${packed.tarball}`;
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      { name: 'consumer', private: true, type: 'module', dependencies, ...extra },
      null,
      2,
    ),
  );
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: project,
    stdio: 'pipe',
  });
}
