#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// Node's own compile cache (in the system's temp folder; NODE_DISABLE_COMPILE_CACHE=1 turns it
// off), as tsc's launcher uses it: compiling our modules and zod's is most of a check's start-up.
// It must be on before they load, so they are imported after it.
enableCompileCache?.();
const { describeError } = await import('../errors.js');
const { printable } = await import('../util/strings.js');
const { EXIT, processIo } = await import('./io.js');
const { runCli } = await import('./main.js');

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
