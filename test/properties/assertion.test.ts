import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import { runs, timeout } from './support.js';

const ALLOWLIST = fileURLToPath(new URL('../fixtures/verifier/allowlist.json', import.meta.url));
const CONFIG = { allowlist: ALLOWLIST, liveness: false };

function expectGradingResult(result: unknown): void {
  expect(result).toBeTypeOf('object');
  const grading = result as { pass: unknown; score: unknown; reason: unknown };
  expect(grading.pass).toBeTypeOf('boolean');
  expect(grading.score).toBeTypeOf('number');
  expect(grading.score as number).toBeGreaterThanOrEqual(0);
  expect(grading.score as number).toBeLessThanOrEqual(1);
  expect(grading.reason).toBeTypeOf('string');
}

/** Values a provider (or a broken provider) may hand the assertion. */
const hostileValues: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withNullPrototype: true,
    withObjectString: true,
    maxDepth: 4,
  }),
  fc.constantFrom(
    undefined,
    null,
    0,
    -0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Symbol('output'),
    () => 'a function',
    Buffer.from('https://example.com'),
    { output: { text: { content: [{ text: 'Call (617) 555-0100 or see https://example.com' }] } } },
    { choices: [{ message: { content: 'See https://masslegalhelp.org/housing' } }] },
  ),
  fc.letrec((tie) => ({
    node: fc.dictionary(
      fc.constantFrom('output', 'text', 'content', 'x'),
      fc.oneof(fc.string(), tie('node')),
      { maxKeys: 3 },
    ),
  })).node,
);

function circular(): unknown {
  const value: Record<string, unknown> = { text: 'https://example.com' };
  value.self = value;
  value.output = [value, { content: value }];
  return value;
}

describe('the promptfoo assertion never throws', () => {
  it(
    'on any output value',
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileValues, async (output) => {
          expectGradingResult(await verifyCitations(output, { config: CONFIG }));
        }),
        runs(300),
      );
    },
    timeout(15_000),
  );

  it(
    'on any config value',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.anything({ maxDepth: 3 }), fc.string(), async (config, output) => {
          expectGradingResult(await verifyCitations(output, { config }));
          expectGradingResult(await verifyCitations(output, config as never));
        }),
        runs(200),
      );
    },
    timeout(15_000),
  );

  // Outside fast-check: it inspects generated values itself, and these throw when touched.
  it('on a circular object, a throwing proxy and a throwing getter', async () => {
    expectGradingResult(await verifyCitations(circular(), { config: CONFIG }));
    const trap = (): never => {
      throw new Error('trap');
    };
    expectGradingResult(
      await verifyCitations(
        new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap }),
        { config: CONFIG },
      ),
    );
    expectGradingResult(
      await verifyCitations(Object.defineProperty({}, 'output', { enumerable: true, get: trap }), {
        config: CONFIG,
      }),
    );
    expectGradingResult(
      await verifyCitations({ text: 'x' }, new Proxy({}, { get: trap, has: trap })),
    );
  });

  it('on a 10 MB answer', async () => {
    const paragraph =
      'Call the Eastern Housing Court at (617) 788-8485 or see https://www.mass.gov/orgs/housing-court?utm_source=chatgpt.com. ' +
      'Legal help: masslegalhelp.org/housing, 1-800-LAW-HELP, https://example.com/help.\n\n';
    const text = paragraph.repeat(Math.ceil(10_000_000 / paragraph.length));
    const result = await verifyCitations(text, { config: CONFIG });
    expectGradingResult(result);
    // The invented example.com link fails it, however long the answer.
    expect((result as { pass: boolean }).pass).toBe(false);
  }, 120_000);

  it('on a 10 MB string of one character', async () => {
    expectGradingResult(await verifyCitations('('.repeat(10_000_000), { config: CONFIG }));
  }, 120_000);
});
