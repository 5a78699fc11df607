import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { InputError } from '../errors.js';
import { describeValue, parseInput } from '../input/issues.js';
import { lineOfPath, parseJsonText } from '../input/json.js';
import { parseJurisdiction } from '../jurisdiction/codes.js';
import { CONFIG_FILE_EXPECTED, ConfigFileSchema, type ConfigFile } from './schema.js';

/** The names a config file may have in the working folder, in the order they are looked for. */
export const CONFIG_FILE_NAMES = [
  'citation-verifier.config.json',
  'citation-verifier.config.yaml',
  'citation-verifier.config.yml',
] as const;

/** A config file read and validated: its settings, and its name as messages show it. */
export interface LoadedConfig {
  /** As the user wrote it (`--config`) or the name found in the working folder. */
  name: string;
  config: ConfigFile;
}

/**
 * The config file of a run: `explicit` (`--config FILE`, relative to `cwd`) when given, else the
 * one of `CONFIG_FILE_NAMES` in `cwd`, else none. Two of them in one folder is an error (which
 * would win is not obvious); so is a `--config` file that is not there.
 */
export async function loadConfig(
  explicit: string | undefined,
  cwd: string,
): Promise<LoadedConfig | undefined> {
  if (explicit !== undefined) return readConfigFile(resolve(cwd, explicit), explicit);
  const found: string[] = [];
  for (const name of CONFIG_FILE_NAMES) {
    const text = await readFile(resolve(cwd, name), 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw unreadable(name, error);
    });
    if (text !== undefined) found.push(name);
  }
  if (found.length > 1)
    throw new InputError(
      'INVALID_CONFIG',
      `${found.join(' and ')} are both here; keep one, or name the one to use with --config`,
    );
  return found[0] === undefined ? undefined : readConfigFile(resolve(cwd, found[0]), found[0]);
}

async function readConfigFile(path: string, name: string): Promise<LoadedConfig> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new InputError('FILE_NOT_FOUND', 'config file not found; check the path', {
        where: name,
        cause: error,
      });
    throw unreadable(name, error);
  });
  return { name, config: withPathsFrom(dirname(path), parseConfigText(text, name)) };
}

/**
 * A config file's text, validated by `ConfigFileSchema`: JSON for a `.json` name, else YAML (a
 * superset of JSON). Each problem is named by the file, its key path and its line, as
 * `citation-verifier.config.yaml: liveness.timeoutMs (line 3): must be …`. Pure.
 */
export function parseConfigText(text: string, name: string): ConfigFile {
  const { data, locate } = name.endsWith('.json') ? readJson(text, name) : readYaml(text, name);
  // An empty file is no settings; anything but keys and values is said plainly, with no path.
  if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data)))
    throw new InputError(
      'INVALID_CONFIG',
      `holds ${describeValue(data)}; write the settings as keys and values (allowlist: FILE, threshold: 0.7, …)`,
      { where: name },
    );
  const config = parseInput(ConfigFileSchema, data ?? {}, 'INVALID_CONFIG', {
    where: name,
    root: '',
    expected: CONFIG_FILE_EXPECTED,
    locate,
  });
  if (config.jurisdiction !== undefined)
    parseJurisdiction(config.jurisdiction, `${name}: jurisdiction`);
  return config;
}

type Locate = (path: readonly PropertyKey[]) => string | undefined;

function readJson(text: string, name: string): { data: unknown; locate: Locate } {
  const data = parseJsonText(text, name, { code: 'INVALID_CONFIG' });
  return { data, locate: lineOfPath(text) };
}

function readYaml(text: string, name: string): { data: unknown; locate: Locate } {
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

/**
 * Relative paths in a config file mean the file's folder, as promptfoo reads its own config's
 * paths: the allowlist, the .gov registry and the cache and recording folders.
 */
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

function unreadable(name: string, error: unknown): InputError {
  return new InputError(
    'FILE_UNREADABLE',
    `config file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    { where: name, cause: error },
  );
}
