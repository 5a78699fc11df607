#!/usr/bin/env node
import { describeError } from '../errors.js';
import { EXIT, processIo } from './io.js';
import { runCli } from './main.js';

// The bin only wires the process to `runCli`; tests call `runCli` in-process with their own io.
// Once the command is done the process ends, after its output is flushed: a system DNS lookup
// still running in libuv's thread pool (a silent DNS server holds one for the resolver's whole
// timeout) cannot be cancelled, and waiting for it kept a finished check alive for seconds.
runCli(process.argv.slice(2), processIo()).then(
  (code) => end(code),
  (error: unknown) => {
    process.stderr.write(`citation-verifier: unexpected error: ${describeError(error)}\n`);
    end(EXIT.unexpected);
  },
);

function end(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
