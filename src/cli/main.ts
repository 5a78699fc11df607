import { describeError, isInputError } from '../errors.js';
import { EXIT, type CliIo, type Subcommand } from './io.js';
import { SUBCOMMANDS } from './subcommands.js';

const NAME = 'citation-verifier';

function overview(): string {
  const width = Math.max(...SUBCOMMANDS.map((command) => command.name.length));
  const lines = SUBCOMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `Usage: ${NAME} <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun '${NAME} <command> --help' for a command's options.\nExit codes: 0 passed, 2 verification failed, 3 bad input, 1 unexpected error.\n`;
}

/** Dispatch argv to a subcommand; every error becomes an exit code and a message, never a stack. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(overview());
    return name === undefined ? EXIT.badInput : EXIT.pass;
  }
  const command: Subcommand | undefined = SUBCOMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`${NAME}: unknown command '${name}'\n\n${overview()}`);
    return EXIT.badInput;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage.trimEnd()}\n`);
    return EXIT.pass;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isInputError(error)) {
      io.stderr(`${NAME} ${command.name}: ${error.message}\n`);
      return EXIT.badInput;
    }
    io.stderr(`${NAME} ${command.name}: unexpected error: ${describeError(error)}\n${error instanceof Error && error.stack ? `${error.stack}\n` : ''}`);
    return EXIT.unexpected;
  }
}
