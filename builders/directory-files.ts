import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, posix } from 'node:path';
import { unzipSync } from 'fflate';
import { EXPORT_ZIP_LIMITS } from '../src/defaults.js';
import { InputError } from '../src/errors.js';
import { houseMessage } from '../src/input/issues.js';
import { parseCsvBytes, readCsvFile, readDirectoryFile } from './csv.js';
import type { Directory, DirectoryKind } from './directory.js';
import {
  HSDS_FILES,
  HSDS_RESOURCES,
  type HsdsPackage,
  type HsdsResource,
  hsdsDirectory,
} from './hsds.js';
import { icarolDirectory, isIcarolHeader } from './icarol.js';
import type { BuildWarning, Table } from './types.js';

/**
 * Read what `path` names as the export `from` says, or as it looks: a folder, `.zip` or
 * `datapackage.json` is HSDS; a CSV with iCarol's header iCarol; any other CSV a plain table.
 * Throws `InputError` (`FILE_NOT_FOUND`, `INVALID_EXPORT`, `INVALID_CSV`) at the first problem.
 */
export async function readDirectoryExport(
  path: string,
  source: string,
  from?: DirectoryKind,
): Promise<Directory | Table> {
  if (from === 'hsds' || (from === undefined && (await isPackage(path))))
    return hsdsDirectory(await readHsdsPackage(path, source));
  const table = await readCsvFile(path, source);
  if (from === 'csv') return table;
  if (isIcarolHeader(table.header)) return icarolDirectory(table);
  if (from === undefined) return table;
  throw exportError(
    source,
    'is not an iCarol resource export: its header has no ResourceAgencyNum and PublicName (or AgencyNamePublic) columns',
    'export the resources from iCarol with every column, or leave out --from icarol and name the columns with --org-column and the other column flags',
  );
}

/** A `.zip`, a `datapackage.json`, or a folder holding one or `organizations.csv`. */
async function isPackage(path: string): Promise<boolean> {
  const name = basename(path).toLowerCase();
  if (name.endsWith('.zip') || name === 'datapackage.json') return true;
  try {
    if (!(await stat(path)).isDirectory()) return false;
    const names = (await readdir(path)).map((file) => file.toLowerCase());
    return names.includes('datapackage.json') || names.includes('organizations.csv');
  } catch {
    return false;
  }
}

function exportError(source: string, what: string, todo: string): InputError {
  return new InputError('INVALID_EXPORT', houseMessage(what, todo), { where: source });
}

/** An HSDS package's CSV and JSON files, by path relative to its folder. */
interface PackageFiles {
  names: readonly string[];
  read(name: string): Promise<Uint8Array>;
  /** How messages name a file. */
  label(name: string): string;
}

/**
 * A folder, zip or datapackage.json read into tables. A listed table is looked for where listed,
 * else by its name anywhere when one file has it (exports keep tables in `data/` beside a template
 * manifest). One found nowhere is a `MISSING_TABLE` warning, except phones and organizations.
 */
export async function readHsdsPackage(path: string, source: string): Promise<HsdsPackage> {
  const files = await packageFiles(path, source);
  const paths = await resourcePaths(files);
  const tables: Partial<Record<HsdsResource, Table>> = {};
  const warnings: BuildWarning[] = [];
  for (const [resource, listed] of paths) {
    const name = findListed(files, listed);
    if (name === undefined) {
      if (resource === 'phone')
        throw exportError(
          files.label(listed),
          'is listed in datapackage.json but is not in the package, and the numbers of an allowlist come from it',
          `add ${listed} to the package, or remove its resource from datapackage.json`,
        );
      if (resource !== 'organization')
        warnings.push({
          code: 'MISSING_TABLE',
          source: files.label(listed),
          row: 0,
          line: 0,
          message: houseMessage(
            'is listed in datapackage.json but is not in the package, so the build goes on without it',
            `add ${listed} to the package, or remove its resource from datapackage.json`,
          ),
        });
      continue;
    }
    tables[resource] = parseCsvBytes(await files.read(name), files.label(name));
  }
  if (tables.organization === undefined)
    throw exportError(
      source,
      'holds no organizations table (organizations.csv), which every HSDS export has: the build ties every service, location and phone to an organization',
      'export the organizations too, or name the folder (or zip) that holds organizations.csv beside datapackage.json',
    );
  return { source, tables, warnings };
}

/** The file a listed path names: itself, or the one file of that name in a sub-folder. */
function findListed(files: PackageFiles, listed: string): string | undefined {
  if (files.names.includes(listed)) return listed;
  const base = `/${posix.basename(listed).toLowerCase()}`;
  const found = files.names.filter((name) => `/${name.toLowerCase()}`.endsWith(base));
  return found.length === 1 ? found[0] : undefined;
}

async function packageFiles(path: string, source: string): Promise<PackageFiles> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch (error) {
    throw new InputError(
      'FILE_NOT_FOUND',
      houseMessage('not found', 'check the path (relative to the folder the command runs in)'),
      { where: source, cause: error },
    );
  }
  if (isFolder || basename(path).toLowerCase() === 'datapackage.json') {
    const folder = isFolder ? path : dirname(path);
    const shown = isFolder ? source : dirname(source);
    const names = (await readdir(folder, { recursive: true }))
      .map((name) => name.replaceAll('\\', '/'))
      .filter((name) => /\.(csv|json)$/i.test(name));
    const label = (name: string): string =>
      shown === '.' ? name : posix.join(shown.replaceAll('\\', '/'), name);
    return {
      names,
      read: (name) => readDirectoryFile(join(folder, name), label(name), 'export file'),
      label,
    };
  }
  return zipFiles(await readDirectoryFile(path, source, 'zip file'), source);
}

/** The CSV and JSON files beside a zip's shallowest marker file, within `EXPORT_ZIP_LIMITS`. */
function zipFiles(bytes: Uint8Array, source: string): PackageFiles {
  let total = 0;
  let count = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.(csv|json)$/i.test(file.name) || file.name.includes('__MACOSX/')) return false;
        count++;
        total += file.originalSize;
        if (
          file.originalSize > EXPORT_ZIP_LIMITS.fileBytes ||
          total > EXPORT_ZIP_LIMITS.totalBytes ||
          count > EXPORT_ZIP_LIMITS.files
        )
          throw exportError(
            source,
            `unpacks to more than the builder reads (${EXPORT_ZIP_LIMITS.files} files, ${EXPORT_ZIP_LIMITS.fileBytes / 2 ** 20} MB a file, ${EXPORT_ZIP_LIMITS.totalBytes / 2 ** 20} MB in all); ${file.name} passes the bound`,
            'unzip it and name the folder, or split the export',
          );
        return true;
      },
    });
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw exportError(
      source,
      `is not a zip file that can be read (${(error as Error).message})`,
      'zip the export again, or unzip it and name the folder',
    );
  }
  const marker = (name: string): boolean =>
    /(^|\/)(datapackage\.json|organizations\.csv)$/i.test(name);
  const root =
    Object.keys(files)
      .filter(marker)
      .map((name) => name.slice(0, name.lastIndexOf('/') + 1))
      .sort((a, b) => a.split('/').length - b.split('/').length)[0] ?? '';
  const inside: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(files))
    if (name.startsWith(root)) inside[name.slice(root.length)] = data;
  return {
    names: Object.keys(inside),
    read: async (name) => inside[name]!,
    label: (name) => `${source}:${root}${name}`,
  };
}

/** The resource names a datapackage.json may give each resource the build reads. */
const RESOURCE_NAMES: Readonly<Record<string, HsdsResource>> = {
  ...Object.fromEntries(HSDS_RESOURCES.map((name) => [name, name])),
  physical_address: 'address',
  services_at_location: 'service_at_location',
};

/** Which file holds each resource, from datapackage.json when there is one. */
async function resourcePaths(files: PackageFiles): Promise<Map<HsdsResource, string>> {
  const out = new Map<HsdsResource, string>();
  const manifest = files.names.find((name) => name.toLowerCase() === 'datapackage.json');
  if (manifest === undefined) {
    for (const resource of HSDS_RESOURCES) {
      const name = HSDS_FILES[resource].find((file) => files.names.includes(file));
      if (name !== undefined) out.set(resource, name);
    }
    return out;
  }
  const label = files.label(manifest);
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(await files.read(manifest)).toString('utf8'));
  } catch (error) {
    throw exportError(
      label,
      `is not JSON (${(error as Error).message})`,
      'fix the file, or remove it so the tables are found by their names',
    );
  }
  const record = (data ?? {}) as { version?: unknown; resources?: unknown };
  checkVersion(record.version, label);
  const resources = Array.isArray(record.resources) ? record.resources : [];
  for (const [index, entry] of resources.entries()) {
    const { name, path } = (entry ?? {}) as { name?: unknown; path?: unknown };
    const resource = typeof name === 'string' ? RESOURCE_NAMES[name] : undefined;
    if (resource === undefined || out.has(resource)) continue;
    if (typeof path !== 'string' || !isInsidePath(path))
      throw exportError(
        label,
        `resources[${index}] ("${String(name)}") has the path ${JSON.stringify(path)}, not a file beside datapackage.json`,
        'write the CSV file name as "path" (a URL or a path outside the package is not read)',
      );
    if (/\.csv$/i.test(path)) out.set(resource, path.replaceAll('\\', '/').replace(/^\.\//, ''));
  }
  return out;
}

/** A resource path that stays inside the package: relative, no `..`, no URL. */
function isInsidePath(path: string): boolean {
  return (
    path.length > 0 &&
    !/^[a-z][a-z0-9+.-]*:|^[\\/]/i.test(path) &&
    !path.split(/[\\/]/).includes('..')
  );
}

/** HSDS 1.x, 2.x and 3.x are read; another version is refused. */
function checkVersion(version: unknown, label: string): void {
  if (version === undefined) return;
  const major = /^v?(\d+)(?:\.|$)/i.exec(String(version).trim())?.[1];
  if (major === '1' || major === '2' || major === '3') return;
  throw exportError(
    label,
    `says "version": ${JSON.stringify(version)}; the builder reads Open Referral HSDS 1.x, 2.x and 3.x`,
    'set "version" to the HSDS version the export follows (such as "3.0"), or remove it',
  );
}
