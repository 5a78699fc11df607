import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JudgeRequest } from '../../src/judge/types.js';
import { startHttpServer, type TestServer } from '../helpers/http-server.js';

/**
 * A scripted judge behind a real HTTP server on 127.0.0.1 (port 0), speaking chat completions.
 * `script` gets each request's user message (parsed) and returns the reply content, or a raw
 * HTTP answer. No model is involved: every reply is written by the test.
 */
export type ScriptReply =
  | string
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export interface ScriptedJudge {
  server: TestServer;
  url: string;
  /** Every request's user message, in order. */
  requests: JudgeRequest[];
  /** Every request's Authorization header. */
  keys: Array<string | undefined>;
}

export async function startScriptedJudge(
  script: (request: JudgeRequest, call: number) => ScriptReply,
): Promise<ScriptedJudge> {
  const requests: JudgeRequest[] = [];
  const keys: Array<string | undefined> = [];
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let body = '';
    for await (const part of req) body += String(part);
    const messages = (JSON.parse(body) as { messages: Array<{ content: string }> }).messages;
    const request = JSON.parse(messages[1]!.content) as JudgeRequest;
    requests.push(request);
    keys.push(req.headers.authorization);
    const reply = script(request, requests.length);
    if (typeof reply !== 'string' && reply.delayMs)
      await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    if (typeof reply === 'string') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply } }] }));
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body ?? '');
  };
  const server = await startHttpServer({ '/v1/chat/completions': handler });
  return { server, url: `${server.url}/v1`, requests, keys };
}

/** A reply giving every claim of the request the same label and quote. */
export function allSay(request: JudgeRequest, label: string, quote = ''): string {
  return JSON.stringify({
    verdicts: request.claims.map((claim) => ({ id: claim.id, label, evidence_quote: quote })),
  });
}
