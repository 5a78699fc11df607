import { describe, expect, it } from 'vitest';
import { areaCodeArea, loadAreaCodes, parseAreaCodes } from '../../src/jurisdiction/area-codes.js';
import { knowledgeFor } from '../../src/jurisdiction/check.js';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';

// The shipped table (data/area-codes.txt, generated from NANPA's report via the areacodes package).
const index = makeIndex({
  org_names: ['Greater Boston Legal Services'],
  org_phones: { 'Greater Boston Legal Services': ['(617) 371-1234'] },
});
const knowledge = knowledgeFor(index);
const phoneOf = (answer: string, jurisdiction?: string) =>
  verifyAnswer(answer, index, jurisdiction ? { jurisdiction: { jurisdiction, knowledge } } : {})
    .phones[0]!;

describe('area codes: suspicion in the reason, never a penalty', () => {
  it('reads the shipped table: real codes of their states, no toll-free code', () => {
    expect(loadAreaCodes().size).toBeGreaterThan(300);
    expect(areaCodeArea('+16175550100')).toEqual({ npa: '617', area: 'MA' });
    expect(areaCodeArea('+16035550100')).toEqual({ npa: '603', area: 'NH' });
    expect(areaCodeArea('+12025550100')).toEqual({ npa: '202', area: 'DC' });
    expect(areaCodeArea('+18005550100')).toBeNull();
    expect(areaCodeArea('+442071234567')).toBeNull();
  });

  it("names another state's code on an unlisted number, and changes neither status nor score", () => {
    const answer = 'Call the Granite Tenant Line at (603) 555-0100.';
    const plain = verifyAnswer(answer, index, {});
    const checked = verifyAnswer(answer, index, {
      jurisdiction: { jurisdiction: 'MA', knowledge },
    });
    expect(checked.phones[0]!.status).toBe('unlisted');
    expect(checked.phones[0]!.reason).toMatch(
      /area code 603 is of NH .*may not serve MA: a suspicion, not counted/,
    );
    expect(checked.score).toBe(plain.score);
    expect(checked.pass).toBe(plain.pass);
  });

  it("says nothing for the asked state's code, a toll-free number, or without a jurisdiction", () => {
    expect(phoneOf('Call the Boston Tenant Line at (617) 555-0100.', 'MA').reason).not.toMatch(
      /area code/,
    );
    expect(phoneOf('Call the Tenant Line at 1-800-555-0100.', 'MA').reason).not.toMatch(
      /area code/,
    );
    expect(phoneOf('Call the Granite Tenant Line at (603) 555-0100.').reason).not.toMatch(
      /area code/,
    );
  });

  it('says nothing on a listed number: the directory knows better than the code', () => {
    const listed = phoneOf('Call Greater Boston Legal Services at (617) 371-1234.', 'NH');
    expect(listed.reason).not.toMatch(/area code/);
  });

  it('skips lines it cannot read: suspicion is optional', () => {
    expect([...parseAreaCodes('# head\n617\tMA\nbad line\n99\tXX\n')]).toEqual([['617', 'MA']]);
  });
});
