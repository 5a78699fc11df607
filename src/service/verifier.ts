import { once } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InputError, type InputErrorCode } from '../errors.js';
import { deadlineRefusal, Refusal } from './request.js';
import type { AllowlistHealth, Job, ThreadMessage } from './verifier-thread.js';

interface Pending {
  job: Job;
  resolve(text: string): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** One verification thread, the job it works on, and whether it has been replaced. */
interface Thread {
  worker: Worker;
  busy?: Pending | undefined;
  retired: boolean;
}

/**
 * Verifications off the event loop, one job at a time in a worker thread. At a request's deadline
 * its queued job is dropped, or its running one ends with its thread (a new one loads): 503. A
 * reload is a new thread taking over once loaded; one at a time, the newest file winning.
 */
export class Verifier {
  #thread: Thread | undefined;
  readonly #queue: Pending[] = [];
  #health: AllowlistHealth;
  #reloading: Promise<void> | undefined;
  #again: string | undefined;
  #nextId = 0;
  #closed = false;
  /** Threads still loading: ended by `close`, so a stuck reload never holds the process. */
  readonly #loading = new Set<Worker>();

  private constructor(
    private readonly path: string,
    private readonly loadTimeoutMs: number,
    private readonly log: (line: string) => void,
    thread: Thread,
    health: AllowlistHealth,
  ) {
    this.#thread = thread;
    this.#health = health;
  }

  /** Load the allowlist in a first thread; an allowlist that does not load is an `InputError` (exit 3). */
  static async open(
    path: string,
    loadTimeoutMs: number,
    log: (line: string) => void,
  ): Promise<Verifier> {
    const { thread, health } = await startThread(path, loadTimeoutMs);
    const verifier = new Verifier(path, loadTimeoutMs, log, thread, health);
    verifier.#listen(thread);
    return verifier;
  }

  get health(): AllowlistHealth {
    return this.#health;
  }

  /** The job's JSON text, or a 503 `Refusal` when not done within `leftMs` of `deadlineMs`. */
  verify(job: Omit<Job, 'id'>, leftMs: number, deadlineMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        job: { ...job, id: this.#nextId++ },
        resolve,
        reject,
        timer: setTimeout(() => this.#expire(pending, deadlineMs), Math.max(0, leftMs)),
      };
      this.#queue.push(pending);
      this.#pump();
    });
  }

  /** Load the file again; resolves when this reload, and any it queued, end. */
  reload(why: string): Promise<void> {
    if (this.#reloading !== undefined) {
      this.#again = why;
      return this.#reloading;
    }
    this.#reloading = this.#load(why).finally(() => {
      this.#reloading = undefined;
      const again = this.#again;
      this.#again = undefined;
      if (again !== undefined && !this.#closed) void this.reload(`${again}, during a reload`);
    });
    return this.#reloading;
  }

  /** End every thread; jobs still waiting get 503. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const pending of this.#queue.splice(0)) this.#refuse(pending, 'the service is stopping');
    const thread = this.#thread;
    this.#thread = undefined;
    const ending = [...this.#loading].map((worker) => worker.terminate());
    if (thread !== undefined) ending.push(thread.worker.terminate());
    await Promise.all(ending);
  }

  async #load(why: string): Promise<void> {
    try {
      const { thread, health } = await startThread(this.path, this.loadTimeoutMs, this.#loading);
      if (this.#closed) {
        await thread.worker.terminate();
        return;
      }
      const old = this.#thread;
      this.#thread = thread;
      this.#listen(thread);
      if (old !== undefined) this.#retire(old);
      this.#health = { ...health, reloads: this.#health.reloads + 1 };
      this.log(
        `citation-verifier serve: allowlist reloaded (${why}): ${health.organizations} organizations, ${health.urls} URLs, ${health.numbers} numbers in ${health.loadMs} ms`,
      );
      this.#pump();
    } catch (error) {
      const message = (error as Error).message;
      this.#health = { ...this.#health, lastError: { at: new Date().toISOString(), message } };
      this.log(
        this.#thread === undefined
          ? `citation-verifier serve: allowlist reload (${why}) failed, and no allowlist is loaded: requests get 503 until one loads: ${message}`
          : `citation-verifier serve: allowlist reload (${why}) failed, keeping the one loaded at ${this.#health.loadedAt}: ${message}`,
      );
    }
  }

  #listen(thread: Thread): void {
    thread.worker.on('message', (message: ThreadMessage) => {
      const pending = thread.busy;
      if (pending === undefined || !('id' in message) || message.id !== pending.job.id) return;
      thread.busy = undefined;
      clearTimeout(pending.timer);
      if (message.kind === 'answer') pending.resolve(message.text);
      else pending.reject(new Error(message.message));
      if (thread.retired) void thread.worker.terminate();
      else this.#pump();
    });
    thread.worker.once('exit', () => {
      const pending = thread.busy;
      thread.busy = undefined;
      if (pending !== undefined) this.#refuse(pending, 'the verification ended unfinished');
      if (this.#thread === thread) {
        // Not asked to end (a crash, memory): a new thread.
        this.#thread = undefined;
        if (!this.#closed) void this.reload('the verification thread ended');
      }
    });
  }

  #retire(thread: Thread): void {
    thread.retired = true;
    if (thread.busy === undefined) void thread.worker.terminate();
  }

  #pump(): void {
    const thread = this.#thread;
    if (thread === undefined || thread.busy !== undefined) return;
    const pending = this.#queue.shift();
    if (pending === undefined) return;
    thread.busy = pending;
    thread.worker.postMessage(pending.job);
  }

  #expire(pending: Pending, deadlineMs: number): void {
    const queued = this.#queue.indexOf(pending);
    if (queued !== -1) this.#queue.splice(queued, 1);
    const thread = this.#thread;
    if (thread?.busy === pending) {
      thread.busy = undefined;
      this.#thread = undefined;
      void thread.worker.terminate();
      void this.reload('a request ran out of time');
    }
    pending.reject(deadlineRefusal(deadlineMs));
  }

  #refuse(pending: Pending, message: string): void {
    clearTimeout(pending.timer);
    pending.reject(new Refusal(503, 'DEADLINE', message));
  }
}

/** A thread loaded from `path`, or the load's `InputError` (its timeout one too). */
async function startThread(
  path: string,
  loadTimeoutMs: number,
  loading = new Set<Worker>(),
): Promise<{ thread: Thread; health: AllowlistHealth }> {
  const worker = newThread(path);
  loading.add(worker);
  const timeout = AbortSignal.timeout(loadTimeoutMs);
  const settled = new AbortController();
  const signal = AbortSignal.any([timeout, settled.signal]);
  try {
    // Its first message says whether it loaded; an error in the thread rejects `once`.
    const [message] = (await Promise.race([
      once(worker, 'message', { signal }),
      once(worker, 'exit', { signal }).then(() => {
        throw new Error('the allowlist load was stopped');
      }),
    ])) as [Extract<ThreadMessage, { kind: 'loaded' | 'failed' }>];
    if (message.kind === 'failed')
      throw new InputError(message.code as InputErrorCode, message.message);
    return { thread: { worker, retired: false }, health: message.health };
  } catch (error) {
    void worker.terminate();
    if (!timeout.aborted) throw error;
    throw new InputError(
      'FILE_UNREADABLE',
      `the allowlist did not load within ${loadTimeoutMs} ms; check that the path names a regular file`,
      { where: path },
    );
  } finally {
    settled.abort();
    loading.delete(worker);
  }
}

/** The thread's file beside this one: `.ts` from source (through tsx), `.js` when built. */
function newThread(path: string): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./verifier-thread${fromSource ? '.ts' : '.js'}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData: { path } });
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return new Worker(entry, { workerData: { path }, execArgv: ['--import', tsx] });
}
