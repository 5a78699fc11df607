import { JUDGE_DEFAULTS } from '../defaults.js';
import { InputError } from '../errors.js';
import { type JudgeCache, layeredJudgeCache, memoryJudgeCache } from '../judge/cache.js';
import { diskJudgeCache } from '../judge/disk-cache.js';
import { createHttpJudge } from '../judge/http.js';
import { recordingJudge, replayJudge } from '../judge/record.js';
import type { Judge } from '../judge/types.js';
import type { JudgeConfig } from './config.js';
import type { JudgeSetup } from './judged.js';

/** One cache per process, shared by every answer (its keys hold the model and prompt version). */
const PROCESS_CACHE: JudgeCache = memoryJudgeCache();

/**
 * The judge a front asked for, with its limits and cache: recordings (`replayDir`), else `base`,
 * else the server `config.url` names (without a model: `InputError('INVALID_CONFIG')`).
 */
export function buildJudgeSetup(
  config: JudgeConfig,
  env: NodeJS.ProcessEnv,
  base?: Judge,
): JudgeSetup {
  const { url, model, cacheDir, recordDir, replayDir, requestTimeoutMs, ...limits } = config;
  const asked =
    replayDir !== undefined
      ? replayJudge(replayDir, model ?? base?.model ?? 'replay')
      : (base ?? httpJudgeOf(config, env));
  return {
    judge: recordDir === undefined ? asked : recordingJudge(asked, recordDir),
    cache:
      cacheDir === undefined
        ? PROCESS_CACHE
        : layeredJudgeCache([PROCESS_CACHE, diskJudgeCache(cacheDir)]),
    ...limits,
  };
}

function httpJudgeOf(config: JudgeConfig, env: NodeJS.ProcessEnv): Judge {
  if (config.url === undefined || config.model === undefined)
    throw new InputError(
      'INVALID_CONFIG',
      `the judge needs both a URL and a model name (--judge-url URL --judge-model NAME, or config.judge.url and config.judge.model); got ${config.url === undefined ? 'no URL' : 'no model'}`,
    );
  const key = env[JUDGE_DEFAULTS.keyVariable];
  return createHttpJudge({
    url: config.url,
    model: config.model,
    ...(key ? { key } : {}),
    ...(config.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: config.requestTimeoutMs }),
  });
}
