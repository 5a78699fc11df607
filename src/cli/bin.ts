#!/usr/bin/env node
import { describeError } from '../errors.js';
import { printable } from '../util/strings.js';
import { EXIT, processIo } from './io.js';
import { runCli } from './main.js';

// The process ends once the output is flushed: a system DNS lookup still in libuv's thread pool
// cannot be cancelled and kept a finished check alive for seconds. A reader that stops early
// (`… | head`) closes the pipe: its choice, so the process ends quietly with 0.
let readerLeft = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  readerLeft = true;
  process.exit(EXIT.pass);
});
runCli(process.argv.slice(2), processIo()).then(
  (code) => end(code),
  (error: unknown) => {
    process.stderr.write(
      `citation-verifier: unexpected error: ${printable(describeError(error))}\n`,
    );
    end(EXIT.unexpected);
  },
);

function end(code: number): void {
  process.exitCode = code;
  process.stdout.write('', (error) => {
    const left =
      readerLeft || (error as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE';
    process.stderr.write('', () => process.exit(left ? EXIT.pass : code));
  });
}
