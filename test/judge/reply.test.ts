import { describe, expect, it } from 'vitest';
import { parseJudgeReply } from '../../src/judge/reply.js';

const ok = (verdicts: unknown[]): string => JSON.stringify({ verdicts });

describe('parseJudgeReply', () => {
  it('reads the documented shape, in the order asked, and names the ids left unanswered', () => {
    const text = ok([
      { id: '2', label: 'NO', evidence_quote: '' },
      { id: '1', label: 'yes', evidence_quote: 'fourteen days' },
    ]);
    expect(parseJudgeReply(text, ['1', '2', '3'])).toEqual({
      kind: 'verdicts',
      verdicts: [
        { id: '1', label: 'YES', evidenceQuote: 'fourteen days' },
        { id: '2', label: 'NO', evidenceQuote: '' },
      ],
    });
  });

  it('reads one fenced block, and a whole-number id', () => {
    const text = `\`\`\`json\n${ok([{ id: 1, label: 'PARTIAL' }])}\n\`\`\``;
    expect(parseJudgeReply(text, ['1'])).toEqual({
      kind: 'verdicts',
      verdicts: [{ id: '1', label: 'PARTIAL', evidenceQuote: '' }],
    });
  });

  it.each([
    ['prose', 'Sure! YES, the claim is supported.', 'not JSON'],
    ['prose around the object', `Here: ${ok([{ id: '1', label: 'YES' }])}`, 'not JSON'],
    ['an array', '[]', 'not an object with a "verdicts" array'],
    ['no verdicts', '{"answer": "YES"}', 'not an object with a "verdicts" array'],
    ['a label of its own', ok([{ id: '1', label: 'MAYBE' }]), 'verdicts[0]: "label" is "MAYBE"'],
    ['no id', ok([{ label: 'YES' }]), 'verdicts[0]: "id" is not a string'],
    [
      'a quote that is not text',
      ok([{ id: '1', label: 'YES', evidence_quote: 3 }]),
      '"evidence_quote" is not a string',
    ],
    [
      'one claim answered twice, differently',
      ok([
        { id: '1', label: 'YES', evidence_quote: 'a b c' },
        { id: '1', label: 'NO' },
      ]),
      'claim 1 answered twice, differently',
    ],
  ])('a reply with %s is unparsable', (_name, text, reason) => {
    const outcome = parseJudgeReply(text, ['1']);
    expect(outcome.kind).toBe('unparsable');
    expect(outcome.kind === 'unparsable' && outcome.reason).toContain(reason);
  });

  it('sets the whole reply aside when it names an id nobody asked about', () => {
    const text = ok([
      { id: '1', label: 'YES', evidence_quote: 'a b c' },
      { id: '9', label: 'NO' },
    ]);
    expect(parseJudgeReply(text, ['1'])).toEqual({ kind: 'unknown_ids', ids: ['9'] });
  });
});
