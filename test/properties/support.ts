import fc from 'fast-check';

/**
 * Run counts for the property tests. The suite runs a modest number so `npm test` stays quick;
 * `npm run fuzz` sets `FUZZ=1` and every count is multiplied by 100. `CV_FUZZ_RUNS=N` multiplies
 * by N instead (e.g. 1000 for a long soak), and `CV_FUZZ_SEED=N` replays one seed that
 * fast-check printed for a failure.
 */
export const FUZZ_FACTOR = ((): number => {
  const explicit = Number(process.env.CV_FUZZ_RUNS);
  if (Number.isFinite(explicit) && explicit > 0) return explicit;
  return process.env.FUZZ === '1' || process.env.FUZZ === 'true' ? 100 : 1;
})();

const seed = process.env.CV_FUZZ_SEED === undefined ? undefined : Number(process.env.CV_FUZZ_SEED);

/** fast-check parameters for a property that runs `base` times in the normal suite. */
export function runs(base: number): fc.Parameters<unknown> {
  return {
    numRuns: Math.max(1, Math.round(base * FUZZ_FACTOR)),
    ...(seed !== undefined && Number.isFinite(seed) ? { seed } : {}),
  };
}

/** A vitest timeout (ms) for a test that takes about `baseMs` in the normal suite. */
export function timeout(baseMs: number): number {
  return Math.max(20_000, baseMs * FUZZ_FACTOR * 2);
}

/** Real-looking pieces of answers, including the ones extractors stumble over. */
const PIECES = [
  'https://',
  'http://',
  'www.',
  'mass.gov',
  'masslegalhelp.org',
  'lawhelp.org@evil.com',
  'TexasLawHelp.org/eviction',
  '/path',
  '/Foo_(law)',
  '?utm_source=chatgpt.com',
  '&a=1',
  '#frag',
  ':8080',
  '.',
  '..',
  '...',
  ',',
  ';',
  ':',
  '!',
  '?',
  '(',
  ')',
  '[',
  ']',
  '](',
  '<',
  '>',
  '{',
  '}',
  '**',
  '_',
  '`',
  '"',
  "'",
  '’',
  '“',
  '”',
  '|',
  '\\',
  '/',
  '@',
  '#',
  '$',
  '%',
  '~',
  '-',
  '–',
  '—',
  ' ',
  ' ',
  ' ',
  '\n',
  '\n\n',
  '\t',
  '\u00a0',
  '\u200b',
  '\u3002',
  '\uff0e',
  '\uff08',
  '\uff09',
  '(617) 555-0123',
  '617-555-0123',
  '617.555.0123',
  '+1 617 555 0123',
  '1-800-LAW-HELP',
  'ext. 12',
  'x12',
  'call 211',
  'dial 988',
  '§ 1942.5',
  'Case No. 2024-000123',
  '$1,250.00',
  '02108-1234',
  '2024-03-01',
  'e.g.',
  'Node.js',
  'form.pdf',
  'v1.2',
  'help@lawhelp.org',
  'Legal Aid',
  'Legal Aid Society of Boston',
  'Greater Boston Legal Services',
  'GBLS',
  'LAF',
  'Boston Municipal Court',
  'St.',
  'U.S.',
  'mаss.gov',
  'xn--mss-5cd.gov',
  'Zürich',
  '法院',
  'правосудие',
  '👩‍⚖️',
  '\ud800',
  '\udc00',
  'é',
  'e\u0301',
  'the',
  'call',
  'Phone:',
  '- ',
  '1. ',
  '# ',
  'and',
  'or',
  'at',
  '0',
  '1',
  '2',
  '5',
  '9',
  'a',
  'Z',
];

/** Text made of answer-like pieces and arbitrary characters, lone surrogates included. */
export const answerLike: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...PIECES) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

/** Any text: answer-like, arbitrary Unicode, or arbitrary UTF-16 code units. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  answerLike,
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
);
