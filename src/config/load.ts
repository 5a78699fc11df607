import { createRequire } from 'node:module';
import { dirname, isAbsolute, normalize, resolve, sep } from 'node:path';
import { FILE_LIMITS } from '../defaults.js';
import { InputError } from '../errors.js';
import { describeValue, parseInput } from '../input/issues.js';
import { lineOfPath, parseJsonText } from '../input/json.js';
import { parseJurisdiction } from '../jurisdiction/codes.js';
import { readInputFile } from '../util/safe-file.js';
import type { ConfigFile } from './schema.js';

/** The names a config file may have in the working folder, in the order looked for. */
export const CONFIG_FILE_NAMES = [
  'citation-verifier.config.json',
  'citation-verifier.config.yaml',
  'citation-verifier.config.yml',
] as const;

/** The settings of `--config FILE`, else of the one `CONFIG_FILE_NAMES` in `cwd`, else none. */
export async function loadConfig(
  explicit: string | undefined,
  cwd: string,
): Promise<ConfigFile | undefined> {
  if (explicit !== undefined) {
    const path = resolve(cwd, explicit);
    const text = await readConfigText(path, explicit);
    return withPathsFrom(dirname(path), await parseConfigText(text, explicit));
  }
  const found: { name: string; text: string }[] = [];
  for (const name of CONFIG_FILE_NAMES) {
    const text = await readConfigText(resolve(cwd, name), name).catch((error: unknown) => {
      if ((error as InputError).code === 'FILE_NOT_FOUND') return undefined;
      throw error;
    });
    if (text !== undefined) found.push({ name, text });
  }
  if (found.length > 1)
    throw new InputError(
      'INVALID_CONFIG',
      `${found.map((file) => file.name).join(' and ')} are both here; keep one, or name the one to use with --config`,
    );
  const [file] = found;
  if (file === undefined) return undefined;
  return withPathsFrom(cwd, await parseConfigText(file.text, file.name, { found: true }));
}

async function readConfigText(path: string, name: string): Promise<string> {
  const what = { what: 'config file', where: name, maxBytes: FILE_LIMITS.config };
  return (await readInputFile(path, what)).toString('utf8');
}

/**
 * A config file's text, JSON for a `.json` name, else YAML; problems name their key and line. The
 * schema, and zod with it, load here: a run without a config file never needs them.
 */
export async function parseConfigText(
  text: string,
  name: string,
  options: { found?: boolean } = {},
): Promise<ConfigFile> {
  const { data, locate } = name.endsWith('.json')
    ? { data: parseJsonText(text, name, { code: 'INVALID_CONFIG' }), locate: lineOfPath(text) }
    : readYaml(text, name);
  // An empty file is no settings.
  if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data)))
    throw new InputError(
      'INVALID_CONFIG',
      `holds ${describeValue(data)}; write the settings as keys and values (allowlist: FILE, threshold: 0.7, …)`,
      { where: name },
    );
  const { CONFIG_FILE_EXPECTED, ConfigFileSchema } = await import('./schema.js');
  const config = parseInput(ConfigFileSchema, data ?? {}, 'INVALID_CONFIG', {
    where: name,
    root: '',
    expected: CONFIG_FILE_EXPECTED,
    locate,
  });
  if (config.jurisdiction !== undefined)
    parseJurisdiction(config.jurisdiction, `${name}: jurisdiction`);
  if (options.found) refuseWidening(config, name, locate);
  return config;
}

type Locate = (path: readonly PropertyKey[]) => string | undefined;

function readYaml(text: string, name: string): { data: unknown; locate: Locate } {
  // Loaded only for a YAML file: the parser is a tenth of a second of start-up.
  const { LineCounter, parseDocument } = createRequire(import.meta.url)(
    'yaml',
  ) as typeof import('yaml');
  const lines = new LineCounter();
  const document = parseDocument(text, {
    lineCounter: lines,
    uniqueKeys: true,
    prettyErrors: false,
  });
  const first = document.errors[0];
  if (first !== undefined) {
    const at = lines.linePos(first.pos[0]);
    throw new InputError(
      'INVALID_CONFIG',
      `is not valid YAML at line ${at.line}, column ${at.col} (${first.message.split('\n')[0]}); fix the syntax`,
      { where: name },
    );
  }
  const locate: Locate = (path) => {
    // The deepest node the path reaches: a missing key is said at the object that lacks it.
    for (let depth = path.length; depth >= 0; depth--) {
      const node = document.getIn(path.slice(0, depth), true) as { range?: [number] } | undefined;
      if (node?.range !== undefined) return `line ${lines.linePos(node.range[0]).line}`;
    }
    return undefined;
  };
  return { data: document.toJS(), locate };
}

/** Relative paths in a config file mean the file's folder, as in promptfoo's config. */
function withPathsFrom(folder: string, config: ConfigFile): ConfigFile {
  const at = (path: string): string => {
    const bare = path.startsWith('file://') ? path.slice('file://'.length) : path;
    return isAbsolute(bare) ? bare : resolve(folder, bare);
  };
  const out: ConfigFile = { ...config };
  if (typeof out.allowlist === 'string') out.allowlist = at(out.allowlist);
  if (out.govRegistry !== undefined) out.govRegistry = at(out.govRegistry);
  if (typeof out.liveness === 'object' && out.liveness.cacheDir !== undefined)
    out.liveness = { ...out.liveness, cacheDir: at(out.liveness.cacheDir) };
  if (typeof out.judge === 'object') {
    const judge = { ...out.judge };
    for (const key of ['cacheDir', 'recordDir', 'replayDir'] as const) {
      const value = judge[key];
      if (value !== undefined) judge[key] = at(value);
    }
    out.judge = judge;
  }
  return out;
}

/**
 * The keys a config file found in the working folder may not set, with the flag that does: they
 * widen what a run reaches or trusts, and a folder one `cd`s into is not the user's word.
 */
const NAMED_ONLY: readonly { path: readonly string[]; flag: string }[] = [
  { path: ['liveness', 'allowPrivateNetworks'], flag: '--allow-private' },
  { path: ['liveness', 'resolve'], flag: '--resolve' },
  { path: ['liveness', 'cacheDir'], flag: '--cache-dir' },
  { path: ['liveness', 'networkProbe'], flag: '--network-probe' },
  { path: ['liveness'], flag: '--live' },
  { path: ['govRegistry'], flag: '--gov-registry' },
  { path: ['judge', 'url'], flag: '--judge-url' },
  { path: ['judge', 'cacheDir'], flag: '--judge-cache' },
  { path: ['judge', 'recordDir'], flag: '--judge-record' },
  { path: ['judge', 'replayDir'], flag: '--judge-replay' },
];

/** A found file setting one of `NAMED_ONLY`, or an allowlist outside its folder, is refused. */
function refuseWidening(config: ConfigFile, name: string, locate: Locate): void {
  const refuse = (path: readonly string[], flag: string, what: string): never => {
    const line = locate(path);
    throw new InputError(
      'INVALID_CONFIG',
      `${path.join('.')}${line === undefined ? '' : ` (${line})`}: a config file found in the working folder may not set this, since ${what}; give it as ${flag}, or name the file with --config ${name} if you trust it`,
      { where: name },
    );
  };
  for (const { path, flag } of NAMED_ONLY) {
    const value = valueAt(config, path);
    if (value === undefined || (path.length === 1 && path[0] === 'liveness' && value === false))
      continue;
    refuse(
      path,
      flag,
      path[0] === 'govRegistry'
        ? 'it decides which .gov domains are trusted'
        : 'it widens what the run may reach or where it writes',
    );
  }
  const allowlist = config.allowlist;
  if (typeof allowlist === 'string') {
    const bare = allowlist.startsWith('file://') ? allowlist.slice('file://'.length) : allowlist;
    const inside = normalize(bare);
    if (isAbsolute(bare) || inside === '..' || inside.startsWith(`..${sep}`))
      refuse(['allowlist'], '--allowlist', "it names a file outside the config file's folder");
  }
}

function valueAt(config: ConfigFile, path: readonly string[]): unknown {
  let value: unknown = config;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
