import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkAuditSchema } from '../../src/chunks/audit.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { allSay, startScriptedJudge } from './scripted-judge.js';

function setup(): { dir: string; chunks: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cv-judge-record-'));
  const chunks = join(dir, 'chunks.json');
  writeFileSync(
    chunks,
    JSON.stringify(['Tenants have fourteen days to respond. The court may extend the period.']),
  );
  return { dir, chunks };
}
const ANSWER = 'Renters may be given extra time by the court [1].';

describe('record and replay', () => {
  it('records each reply, then answers from the recordings offline with the same verdict', async () => {
    const { dir, chunks } = setup();
    const judge = await startScriptedJudge((request) =>
      allSay(request, 'YES', 'the court may extend the period'),
    );
    const record = join(dir, 'rec');
    const first = fakeIo({ stdin: ANSWER });
    const flags = ['check', '--chunks', chunks, '--format', 'json', '--judge-model', 'rec-model'];
    expect(
      await runCli([...flags, '--judge-url', judge.url, '--judge-record', record], first),
    ).toBe(0);
    expect(readdirSync(record)).toHaveLength(1);
    await judge.server.close();

    const second = fakeIo({ stdin: ANSWER });
    // A model name the process cache has not seen would miss; this one is answered by the replay alone.
    expect(
      await runCli(
        [...flags, '--judge-replay', record, '--judge-cache', join(dir, 'cache')],
        second,
      ),
    ).toBe(0);
    const replayed = chunkAuditSchema.parse(JSON.parse(second.out()));
    const recorded = chunkAuditSchema.parse(JSON.parse(first.out()));
    expect(replayed.citation_audit[0]!.classification).toBe('faithful_paraphrase');
    expect(replayed.citation_audit[0]!.classification).toBe(
      recorded.citation_audit[0]!.classification,
    );
  });

  it('a request with no recording is not_recorded: not verified, never supported', async () => {
    const { dir, chunks } = setup();
    const io = fakeIo({ stdin: ANSWER });
    const code = await runCli(
      [
        'check',
        '--chunks',
        chunks,
        '--format',
        'json',
        '--judge-model',
        'never-recorded',
        '--judge-replay',
        join(dir, 'empty'),
      ],
      io,
    );
    expect(code).toBe(2);
    const audit = chunkAuditSchema.parse(JSON.parse(io.out()));
    expect(audit.citation_audit[0]).toMatchObject({
      code: 'claim.not-verified.judge-fault',
      judge: { counted: false, label: null, reason: expect.stringContaining('(not_recorded: ') },
    });
  });

  it('--judge-cache DIR serves the second run with zero requests', async () => {
    const { dir, chunks } = setup();
    const judge = await startScriptedJudge((request) => allSay(request, 'NO'));
    const flags = [
      'check',
      '--chunks',
      chunks,
      '--format',
      'json',
      '--judge-url',
      judge.url,
      '--judge-model',
      'disk-model',
      '--judge-cache',
      join(dir, 'c'),
    ];
    expect(await runCli(flags, fakeIo({ stdin: ANSWER }))).toBe(2);
    expect(judge.requests).toHaveLength(1);
    const again = fakeIo({ stdin: ANSWER });
    expect(await runCli(flags, again)).toBe(2);
    expect(judge.requests).toHaveLength(1);
    expect(chunkAuditSchema.parse(JSON.parse(again.out())).overall_assessment.judge).toMatchObject({
      calls_made: 0,
      calls_from_cache: 1,
    });
  });
});
