import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import { runCli } from '../../src/cli/main.js';
import { MAX_TIMER_MS } from '../../src/defaults.js';
import { parseLivenessOptions } from '../../src/liveness/options.js';
import { fakeIo } from '../helpers/cli.js';

/**
 * Node keeps a timer's delay in a signed 32-bit count of milliseconds and fires a longer one
 * after 1 ms: `--deadline 2147483648` made every link `inconclusive` at once, so a 404 passed.
 * Every wait that becomes a timer is bounded, with one message for every front.
 */
const allowlist = join(import.meta.dirname, '..', 'fixtures', 'verifier', 'allowlist.json');
const TOO_LONG = MAX_TIMER_MS + 1;
const RULE = `must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS} (24.8 days), got ${TOO_LONG}`;

async function cli(argv: string[]): Promise<{ code: number; err: string }> {
  const io = fakeIo({
    stdin: 'See https://mass.gov.',
    cwd: mkdtempSync(join(tmpdir(), 'cv-timer-')),
  });
  const code = await runCli(argv, io);
  return { code, err: io.err() };
}

describe('a wait longer than a timer can hold is bad input', () => {
  it('the largest a timer holds is accepted; one more is not', () => {
    expect(parseLivenessOptions({ deadlineMs: MAX_TIMER_MS }).deadlineMs).toBe(MAX_TIMER_MS);
    expect(() => parseLivenessOptions({ deadlineMs: TOO_LONG })).toThrow(
      `liveness.deadlineMs: ${RULE}`,
    );
  });

  it.each([
    ['check', '--deadline'],
    ['check', '--timeout'],
    ['stale', '--timeout'],
    ['stale', '--host-deadline'],
  ])('%s %s 2147483648 exits 3 naming the flag', async (command, flag) => {
    const extra = command === 'check' ? ['--live', '-'] : [];
    const run = await cli([command, '--allowlist', allowlist, flag, String(TOO_LONG), ...extra]);
    expect(run.code).toBe(3);
    expect(run.err).toContain(`${flag}: ${RULE}`);
  });

  it.each(['timeoutMs', 'deadlineMs', 'hostDeadlineMs'])(
    'config.liveness.%s above the limit fails the assertion with a config error naming the key',
    async (key) => {
      const result = await verifyCitations('See https://mass.gov.', {
        config: { allowlist, liveness: { [key]: TOO_LONG } },
        vars: {},
      } as never);
      expect(result.pass).toBe(false);
      expect(result.reason).toContain(`config.liveness.${key}: ${RULE}`);
    },
  );

  it('config.liveness.retryAfterCapMs above the limit is refused too', () => {
    expect(() => parseLivenessOptions({ retryAfterCapMs: TOO_LONG })).toThrow(
      `liveness.retryAfterCapMs: must be a whole number of milliseconds from 0 to ${MAX_TIMER_MS}`,
    );
  });
});
