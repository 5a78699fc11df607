import { readFileSync } from 'node:fs';
import { describeError, isInputError } from '../errors.js';
import { packageFile } from '../util/bundled-data.js';
import { printable } from '../util/strings.js';
import { EXIT, type CliIo } from './io.js';
import { SUBCOMMANDS } from './subcommands.js';

const NAME = 'citation-verifier';

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

/** This package's version, from its package.json. */
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
