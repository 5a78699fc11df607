import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

// Each of these is refused before the allowlist is read or a port is bound: no server starts.
describe('serve flags', () => {
  it.each([
    [
      'no allowlist anywhere',
      [],
      'no allowlist: pass --allowlist FILE, or set the CITATION_VERIFIER_ALLOWLIST environment variable',
    ],
    [
      'a threshold over 1',
      ['--threshold', '2'],
      '--threshold: must be a number from 0 to 1, got 2',
    ],
    [
      'a port out of range',
      ['--port', '70000'],
      '--port: expected a whole number from 0 to 65535, got "70000"',
    ],
    [
      'a fractional worker count',
      ['--workers', '1.5'],
      '--workers: expected a whole number from 1 to 256, got "1.5"',
    ],
    [
      'a deadline that is not a number',
      ['--deadline', 'soon'],
      '--deadline: expected a whole number from 1 to 2147483647, got "soon"',
    ],
    [
      'a jurisdiction that is none',
      ['--jurisdiction', 'Atlantis'],
      '--jurisdiction: "Atlantis" is not a jurisdiction',
    ],
  ])('%s: exit 3 and the message', async (_name, flags, message) => {
    const io = fakeIo();
    const argv = ['serve', ...(flags.length === 0 ? [] : ['--allowlist', 'a.json', ...flags])];
    expect(await runCli(argv, io)).toBe(3);
    expect(io.err()).toContain(`citation-verifier serve: ${message}`);
    expect(io.out()).toBe('');
  });
});
