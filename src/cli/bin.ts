#!/usr/bin/env node
import { describeError } from '../errors.js';
import { EXIT, processIo } from './io.js';
import { runCli } from './main.js';

// The bin only wires the process to `runCli`; tests call `runCli` in-process with their own io.
runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`citation-verifier: unexpected error: ${describeError(error)}\n`);
    process.exitCode = EXIT.unexpected;
  },
);
