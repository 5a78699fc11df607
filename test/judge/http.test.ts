import { describe, expect, it } from 'vitest';
import { createHttpJudge } from '../../src/judge/http.js';
import { JUDGE_PROMPT_VERSION, JUDGE_SYSTEM_PROMPT } from '../../src/judge/prompt.js';
import type { JudgeRequest } from '../../src/judge/types.js';
import { closedPort, startHttpServer } from '../helpers/http-server.js';

const request: JudgeRequest = {
  chunks: [{ id: '2', text: 'Tenants have fourteen days to respond.' }],
  claims: [{ id: '1', text: 'Tenants get 14 days to respond.' }],
};
const completion = (content: string): string =>
  JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] });
const never = new AbortController().signal;

describe('createHttpJudge', () => {
  it('posts our prompt at temperature 0 with the bearer key and returns the content', async () => {
    const bodies: string[] = [];
    const server = await startHttpServer({
      '/v1/chat/completions': async (req, res) => {
        let body = '';
        for await (const part of req) body += String(part);
        bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(completion('{"verdicts": []}'));
      },
    });
    const judge = createHttpJudge({ url: `${server.url}/v1/`, model: 'm-1', key: 'sekrit' });
    await expect(judge.ask(request, never)).resolves.toEqual({
      kind: 'reply',
      text: '{"verdicts": []}',
      attempts: 1,
    });
    expect(server.hits[0]?.method).toBe('POST');
    expect(server.hits[0]?.headers.authorization).toBe('Bearer sekrit');
    const sent = JSON.parse(bodies[0]!) as {
      model: string;
      temperature: number;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.model).toBe('m-1');
    expect(sent.temperature).toBe(0);
    expect(sent.messages[0]).toEqual({ role: 'system', content: JUDGE_SYSTEM_PROMPT });
    expect(JSON.parse(sent.messages[1]!.content)).toEqual(request);
    expect(JUDGE_PROMPT_VERSION).toMatch(/^cv-judge-\d+$/);
  });

  it('waits out a 429 Retry-After, then gets the reply', async () => {
    const server = await startHttpServer({
      '/chat/completions': [
        { status: 429, headers: { 'retry-after': '0' } },
        { status: 200, body: completion('{"verdicts": []}') },
      ],
    });
    const judge = createHttpJudge({ url: server.url, model: 'm', retryBaseMs: 5 });
    const answer = await judge.ask(request, never);
    expect(answer).toMatchObject({ kind: 'reply', attempts: 2 });
    expect(server.hits).toHaveLength(2);
  });

  it.each([
    ['429 every time', { status: 429, headers: { 'retry-after': '0' } }, 'rate_limited', 3],
    [
      '429 asking for longer than we wait',
      { status: 429, headers: { 'retry-after': '3600' } },
      'rate_limited',
      1,
    ],
    ['503 every time', { status: 503 }, 'server_error', 3],
    ['401 (never retried)', { status: 401 }, 'http_error', 1],
    [
      '200 that is not a chat completion',
      { status: 200, body: '<html>hi</html>' },
      'bad_response',
      1,
    ],
    ['200 without content', { status: 200, body: '{"choices": []}' }, 'bad_response', 1],
  ])('%s is a fault of its kind', async (_name, scripted, fault, hits) => {
    const server = await startHttpServer({ '/chat/completions': scripted });
    const judge = createHttpJudge({ url: server.url, model: 'm', retryBaseMs: 1 });
    const answer = await judge.ask(request, never);
    expect(answer).toMatchObject({ kind: 'fault', fault });
    expect(server.hits).toHaveLength(hits);
  });

  it('a slow server is a timeout, and a closed port unreachable', async () => {
    const server = await startHttpServer({
      '/chat/completions': { delayMs: 2_000, body: completion('x') },
    });
    const slow = createHttpJudge({
      url: server.url,
      model: 'm',
      requestTimeoutMs: 100,
    });
    expect(await slow.ask(request, never)).toMatchObject({ kind: 'fault', fault: 'timeout' });
    const down = createHttpJudge({ url: `http://127.0.0.1:${await closedPort()}`, model: 'm' });
    expect(await down.ask(request, never)).toMatchObject({ kind: 'fault', fault: 'unreachable' });
  });

  it("the answer's deadline stops a retry wait", async () => {
    const server = await startHttpServer({ '/chat/completions': { status: 503 } });
    const judge = createHttpJudge({
      url: server.url,
      model: 'm',
      retryBaseMs: 10_000,
    });
    const started = Date.now();
    const answer = await judge.ask(request, AbortSignal.timeout(100));
    expect(answer).toMatchObject({ kind: 'fault', fault: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
