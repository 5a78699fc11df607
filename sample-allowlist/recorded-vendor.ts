/**
 * A promptfoo provider that replays recorded vendor answers from `answers.jsonl`, so the demo runs
 * with no API key and no network. Each line is `{provider, id, answer}`; the test's `id` variable
 * picks the answer. It stands in for a real vendor's API and says so in its id (`recorded:…`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProviderOptions {
  id?: string;
  label?: string;
  config?: { vendor?: string; answers?: string };
}

interface CallContext {
  vars?: Record<string, unknown>;
}

export default class RecordedVendor {
  private readonly vendor: string;
  private readonly answers: Map<string, string>;
  readonly label: string | undefined;

  constructor(options: ProviderOptions = {}) {
    this.vendor = options.config?.vendor ?? 'vendor';
    this.label = options.label;
    const file =
      options.config?.answers ?? fileURLToPath(new URL('./answers.jsonl', import.meta.url));
    this.answers = new Map();
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const record = JSON.parse(line) as { provider: string; id: string; answer: string };
      if (record.provider === this.vendor) this.answers.set(record.id, record.answer);
    }
  }

  id(): string {
    return `recorded:${this.vendor}`;
  }

  async callApi(
    _prompt: string,
    context?: CallContext,
  ): Promise<{ output?: string; error?: string }> {
    const id = String(context?.vars?.id ?? '');
    const answer = this.answers.get(id);
    return answer === undefined
      ? { error: `no recorded answer from ${this.vendor} for question "${id}"` }
      : { output: answer };
  }
}
