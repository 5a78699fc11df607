/**
 * Bounded concurrency, overall and per host, so a checker is polite to every site and to the
 * machine it runs on. FIFO within each queue.
 */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next();
    else this.active--;
  }

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }
}

export class Limiter {
  private readonly overall: Semaphore;
  private readonly hosts = new Map<string, Semaphore>();

  constructor(
    concurrency: number,
    private readonly perHost: number,
  ) {
    this.overall = new Semaphore(concurrency);
  }

  /**
   * Run `task` once a slot for `host` and an overall slot are free; both are held until it
   * settles. The host slot is taken first so a request waiting on a busy host never sits on one of
   * the overall slots other hosts could use.
   */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    let semaphore = this.hosts.get(host);
    if (!semaphore) {
      semaphore = new Semaphore(this.perHost);
      this.hosts.set(host, semaphore);
    }
    await semaphore.acquire();
    try {
      await this.overall.acquire();
      try {
        return await task();
      } finally {
        this.overall.release();
      }
    } finally {
      semaphore.release();
      if (semaphore.idle) this.hosts.delete(host);
    }
  }
}
