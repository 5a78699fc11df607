import { createHash } from 'node:crypto';
import { readEntry, writeEntry } from './disk-cache.js';
import { JUDGE_PROMPT_VERSION, judgeUserMessage } from './prompt.js';
import type { Judge, JudgeRequest } from './types.js';

/** A recording holds one request and its reply text; larger files are not ours. */
const MAX_RECORDING_BYTES = 4 * 1024 * 1024;

/** The name of a request's recording: the model, our prompt version and the user message. */
export function recordingName(model: string, request: JudgeRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([model, JUDGE_PROMPT_VERSION, judgeUserMessage(request)]))
    .digest('hex');
}

/** One recording file (`NAME.json`). */
export interface Recording {
  model: string;
  prompt_version: string;
  request: JudgeRequest;
  reply: string;
}

/** A judge that asks `inner` and records each reply (never a fault) into `dir`, for `replayJudge`. */
export function recordingJudge(inner: Judge, dir: string): Judge {
  return {
    model: inner.model,
    async ask(request, signal) {
      const answer = await inner.ask(request, signal);
      if (answer.kind === 'reply') {
        const recording: Recording = {
          model: inner.model,
          prompt_version: JUDGE_PROMPT_VERSION,
          request,
          reply: answer.text,
        };
        await writeEntry(
          dir,
          recordingName(inner.model, request),
          `${JSON.stringify(recording)}\n`,
        );
      }
      return answer;
    },
  };
}

/** A judge that answers offline from `dir`'s recordings of the same request, else `not_recorded`. */
export function replayJudge(dir: string, model: string): Judge {
  return {
    model,
    async ask(request) {
      const name = recordingName(model, request);
      const text = await readEntry(dir, name, MAX_RECORDING_BYTES);
      const reply = text === undefined ? undefined : replyOf(text, model);
      if (reply !== undefined) return { kind: 'reply', text: reply, attempts: 0 };
      const detail = `no recording ${name}.json in the replay folder`;
      return { kind: 'fault', fault: 'not_recorded', detail, attempts: 0 };
    },
  };
}

function replyOf(text: string, model: string): string | undefined {
  try {
    const data = JSON.parse(text) as Partial<Recording>;
    return data.model === model &&
      data.prompt_version === JUDGE_PROMPT_VERSION &&
      typeof data.reply === 'string'
      ? data.reply
      : undefined;
  } catch {
    return undefined;
  }
}
