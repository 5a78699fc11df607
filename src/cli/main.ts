import { readFileSync } from 'node:fs';
import { describeError, isInputError } from '../errors.js';
import { packageFile } from '../util/bundled-data.js';
import { printable } from '../util/strings.js';
import { EXIT, type CliIo, type Subcommand } from './io.js';

const NAME = 'citation-verifier';

/** A subcommand as `--help` lists it; its module is loaded only when the command runs. */
interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Subcommand>;
}

/** Every subcommand in `--help`'s order, each imported only when run: `check` pays for no other. */
const SUBCOMMANDS: readonly CommandEntry[] = [
  {
    name: 'check',
    summary: 'verify answers against the allowlist and/or their [N] citations against chunks',
    load: async () => (await import('./check.js')).checkCommand,
  },
  {
    name: 'build-allowlist',
    summary: 'build the allowlist JSON from a directory spreadsheet (CSV export)',
    load: async () => (await import('./build-allowlist.js')).buildAllowlistCommand,
  },
  {
    name: 'report',
    summary: 'compare vendors: invented-link rate, pass rates, convincing-but-wrong answers',
    load: async () => (await import('./report.js')).reportCommand,
  },
  {
    name: 'stale',
    summary: 'fetch every allowlist link (and links cited in answers) and list the dead ones',
    load: async () => (await import('./stale.js')).staleCommand,
  },
  {
    name: 'calibrate',
    summary: 'measure the chunk check and its judge against labelled claim/chunk pairs',
    load: async () => (await import('./calibrate.js')).calibrateCommand,
  },
  {
    name: 'serve',
    summary: 'verify answers over HTTP (POST /v1/verify, /v1/fix; GET /healthz)',
    load: async () => (await import('./serve.js')).serveCommand,
  },
];

function overview(): string {
  const width = Math.max(...SUBCOMMANDS.map((command) => command.name.length));
  const lines = SUBCOMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `Usage: ${NAME} <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun '${NAME} <command> --help' or '${NAME} help <command>' for a command's options; '${NAME} --version' (-V) for the version.\nExit codes: 0 passed, 2 verification failed, 3 bad input, 1 unexpected error.\n`;
}

/** Dispatch argv to a subcommand; every error becomes an exit code and a message, never a stack. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V') {
    io.stdout(`${NAME} ${packageVersion()}\n`);
    return EXIT.pass;
  }
  const named = (wanted: string | undefined) =>
    SUBCOMMANDS.find((candidate) => candidate.name === wanted);
  const helped = name === 'help' ? named(rest[0]) : undefined;
  if (helped) {
    io.stdout(`${(await helped.load()).usage.trimEnd()}\n`);
    return EXIT.pass;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(overview());
    return name === undefined ? EXIT.badInput : EXIT.pass;
  }
  const entry = named(name);
  if (!entry) {
    io.stderr(`${NAME}: unknown command '${printable(name)}'\n\n${overview()}`);
    return EXIT.badInput;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage.trimEnd()}\n`);
    return EXIT.pass;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isInputError(error)) {
      io.stderr(`${NAME} ${command.name}: ${printable(error.message)}\n`);
      return EXIT.badInput;
    }
    io.stderr(
      printable(
        `${NAME} ${command.name}: unexpected error: ${describeError(error)}\n${error instanceof Error && error.stack ? `${error.stack}\n` : ''}`,
      ),
    );
    return EXIT.unexpected;
  }
}

function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (manifest.name === 'citation-verifier' && manifest.version) return manifest.version;
  } catch {
    // Not readable: the version is said to be unknown rather than failing `--version`.
  }
  return 'unknown';
}
