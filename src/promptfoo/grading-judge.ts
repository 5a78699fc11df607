import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { judgeMessages } from '../judge/prompt.js';
import type { Judge, JudgeAnswer, JudgeFaultKind } from '../judge/types.js';
import { isRecord } from '../util/record.js';

/** The part of a promptfoo provider the judge uses. */
interface GradingProvider {
  id(): string;
  callApi(
    prompt: string,
    context?: unknown,
  ): Promise<{ output?: unknown; error?: unknown; tokenUsage?: unknown }>;
}

/** The part of promptfoo's assertion context that names the grading provider. */
export interface GradingContext {
  test?: { options?: { provider?: unknown } } | null;
}

type ProviderLoader = (
  id: string,
  context: { options?: object; basePath?: string },
) => Promise<unknown>;

/** The grading provider as promptfoo's graders resolve it, never the model under test. */
export async function loadGradingJudge(
  context: GradingContext | undefined,
  basePath: string,
): Promise<Judge> {
  const configured = context?.test?.options?.provider;
  const chosen = isRecord(configured) && 'text' in configured ? configured.text : configured;
  if (chosen === undefined || chosen === null)
    throw new InputError(
      'INVALID_CONFIG',
      "config.judge: no grading provider; set defaultTest.options.provider (or the test's options.provider) to the model that should judge, e.g. openai:gpt-4.1-mini with temperature 0, or give config.judge.url and config.judge.model",
    );
  return providerJudge(await loadProvider(chosen, basePath));
}

async function loadProvider(chosen: unknown, basePath: string): Promise<GradingProvider> {
  if (isProvider(chosen)) return chosen;
  // Loaded only when a judge is configured; the library never imports promptfoo.
  const { loadApiProvider } = (await importPromptfoo()) as {
    loadApiProvider: ProviderLoader;
  };
  let loaded: unknown;
  if (typeof chosen === 'string') loaded = await loadApiProvider(chosen, { basePath });
  else if (isRecord(chosen) && typeof chosen.id === 'string')
    loaded = await loadApiProvider(chosen.id, { options: chosen, basePath });
  else
    throw new InputError(
      'INVALID_CONFIG',
      `options.provider: ${JSON.stringify(chosen)} is not a provider id or {id, config}; name the grading provider as promptfoo does`,
    );
  if (!isProvider(loaded))
    throw new InputError('INVALID_CONFIG', 'options.provider: promptfoo loaded no provider for it');
  return loaded;
}

/** The grading provider as a judge; an error, a throw or the deadline is a fault. */
function providerJudge(provider: GradingProvider): Judge {
  return {
    model: provider.id(),
    async ask(request, signal): Promise<JudgeAnswer> {
      const prompt = JSON.stringify(judgeMessages(request));
      let stop: (() => void) | undefined;
      const deadline = new Promise<JudgeAnswer>((resolve) => {
        stop = () => resolve(fault('timeout', "the answer's deadline passed"));
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
      });
      const call = provider.callApi(prompt).then(
        (response): JudgeAnswer => {
          if (response.error) return fault('provider_error', String(response.error));
          const output = response.output;
          if (output === undefined || output === null)
            return fault('bad_response', 'the grading provider gave no output');
          const usage = ProviderUsageSchema.safeParse(response.tokenUsage).data;
          return {
            kind: 'reply',
            text: typeof output === 'string' ? output : JSON.stringify(output),
            attempts: 1,
            ...(usage ? { usage } : {}),
          };
        },
        (error: unknown) =>
          fault('provider_error', error instanceof Error ? error.message : String(error)),
      );
      try {
        return await Promise.race([call, deadline]);
      } finally {
        if (stop) signal.removeEventListener('abort', stop);
      }
    },
  };
}

function fault(kind: JudgeFaultKind, detail: string): JudgeAnswer {
  return { kind: 'fault', fault: kind, detail, attempts: 1 };
}

/** A count of tokens as promptfoo reports it; anything but a positive number counts 0. */
const tokenCount = z.number().positive().transform(Math.floor).catch(0);

/** promptfoo's `tokenUsage` (`prompt`, `completion`, `cached`) as the judge's usage. */
const ProviderUsageSchema = z.object({
  prompt: tokenCount,
  completion: tokenCount,
  cached: tokenCount,
});

/** The id of the model under test when it is also the grading provider, else undefined. */
export function gradedBySelf(judge: Judge, context: unknown): string | undefined {
  const provider = isRecord(context) ? context.provider : undefined;
  const id = isRecord(provider) && typeof provider.id === 'function' ? provider.id() : undefined;
  return typeof id === 'string' && id === judge.model ? id : undefined;
}

function isProvider(value: unknown): value is GradingProvider {
  return isRecord(value) && typeof value.id === 'function' && typeof value.callApi === 'function';
}

/** The promptfoo running this eval: a bare import fails where it is not installed (`npx`). */
async function importPromptfoo(): Promise<unknown> {
  const root = runningPromptfooRoot();
  if (root) {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports?: { '.'?: { import?: string } };
    };
    const entry = manifest.exports?.['.']?.import;
    if (entry) return import(pathToFileURL(join(root, entry)).href);
  }
  return import('promptfoo');
}

function runningPromptfooRoot(): string | undefined {
  const main = process.argv[1];
  if (!main || !existsSync(main)) return undefined;
  let dir = dirname(realpathSync(main));
  for (let up = 0; up < 6; up++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'promptfoo')
          return dir;
      } catch {
        return undefined;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}
