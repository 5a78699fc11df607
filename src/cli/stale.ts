import { resolve } from 'node:path';
import { buildIndex } from '../match/index.js';
import { loadAllowlist } from '../allowlist/load.js';
import { compareStrings } from '../util/strings.js';
import { answerText } from '../util/answer-text.js';
import { ENV, LIVENESS_DEFAULTS } from '../defaults.js';
import { InputError } from '../errors.js';
import { extractLinks } from '../extract/links.js';
import { classifyLink } from '../match/links.js';
import { createLinkChecker } from '../liveness/checker.js';
import { NETWORK_PROBE_URL } from '../liveness/network.js';
import type { LivenessKind, LivenessOptions, LivenessOutcome } from '../liveness/types.js';
import { readPromptfooResults } from '../promptfoo/results.js';
import { parseResolveFlags, parseFlags } from './args.js';
import { EXIT, readTextFile, type CliIo, type Subcommand } from './io.js';

const USAGE = `Usage: citation-verifier stale --allowlist FILE [--answers FILE.jsonl | --results RESULTS.json] [options]

Fetch every link in the allowlist (its urls, and https://DOMAIN for each domain) and, if given,
every link cited in the answers, and list the ones that are not live: what to fix in the
directory, and which cited links are dead or made up.

Options:
  --allowlist FILE         allowlist JSON (default: $${ENV.allowlist})
  --answers FILE.jsonl     answers, one JSON value a line: a string, or an object holding the
                           answer (output, answer, text, …) and optionally "id" and "provider"
  --results FILE           promptfoo eval output (promptfoo eval -o results.json, or .jsonl)
  --format text|json|csv   output format (default text)
  --resolve HOST:ADDR      pin HOST to ADDR (repeatable, like curl)
  --allow-private          fetch private and loopback addresses (intranets, tests)
  --timeout MS             per-request timeout (default ${LIVENESS_DEFAULTS.timeoutMs})
  --concurrency N          requests in flight at once (default ${LIVENESS_DEFAULTS.concurrency})
  --per-host N             requests in flight to one host (default ${LIVENESS_DEFAULTS.perHostConcurrency})
  --cache-dir DIR          reuse successes younger than ${LIVENESS_DEFAULTS.cacheTtlMs / 3_600_000} h from DIR, store new ones there
  --cacert FILE            also trust the CA certificates in FILE (PEM)
  --network-probe URL|off  a page known to exist, fetched only to prove the network works
                           (default ${NETWORK_PROBE_URL}); off: rely on the links alone

Links that cannot be judged (bot protection, timeouts, network down) are listed as inconclusive
but do not fail the run.

Exit codes: 0 nothing broken or invented, 2 some link is broken or invented, 3 bad input, 1 unexpected error.
`;

/** Where a link was found: the allowlist, or an answer (file line / promptfoo result). */
export interface StaleEntry {
  url: string;
  outcome: LivenessOutcome;
  foundIn: string[];
}

const SEVERITY: Record<LivenessKind, number> = { broken: 0, invented: 1, inconclusive: 2, live: 3 };

export const staleCommand: Subcommand = {
  name: 'stale',
  summary: 'fetch every allowlist link (and links cited in answers) and list the dead ones',
  usage: USAGE,
  async run(argv: string[], io: CliIo): Promise<number> {
    const parsed = parseFlags(argv, {
      allowlist: { type: 'string' },
      answers: { type: 'string' },
      results: { type: 'string' },
      format: { type: 'string', default: 'text' },
      resolve: { type: 'string', multiple: true },
      'allow-private': { type: 'boolean', default: false },
      timeout: { type: 'string' },
      concurrency: { type: 'string' },
      'per-host': { type: 'string' },
      'cache-dir': { type: 'string' },
      cacert: { type: 'string' },
      'network-probe': { type: 'string' },
    }, USAGE, { positionals: false });
    const { values } = parsed;
    const format = values.format;
    if (format !== 'text' && format !== 'json' && format !== 'csv') throw new InputError('USAGE', `--format must be text, json or csv, got ${JSON.stringify(format)}`);
    if (values.answers !== undefined && values.results !== undefined) throw new InputError('USAGE', 'give --answers or --results, not both');
    const allowlistPath = values.allowlist ?? io.env[ENV.allowlist];
    if (!allowlistPath) throw new InputError('USAGE', `no allowlist: pass --allowlist FILE or set ${ENV.allowlist}\n\n${USAGE}`);

    const options: LivenessOptions = {};
    if (values.resolve) options.resolve = parseResolveFlags(values.resolve);
    if (values['allow-private']) options.allowPrivateNetworks = true;
    if (values.timeout !== undefined) options.timeoutMs = positiveInteger('--timeout', values.timeout);
    if (values.concurrency !== undefined) options.concurrency = positiveInteger('--concurrency', values.concurrency);
    if (values['per-host'] !== undefined) options.perHostConcurrency = positiveInteger('--per-host', values['per-host']);
    if (values['cache-dir'] !== undefined) options.cacheDir = resolve(io.cwd, values['cache-dir']);
    if (values.cacert !== undefined) options.ca = await readTextFile(resolve(io.cwd, values.cacert), 'CA certificate file');
    if (values['network-probe'] !== undefined) options.networkProbe = values['network-probe'] === 'off' ? false : values['network-probe'];

    const sources = new Map<string, string[]>();
    const add = (url: string, where: string): void => {
      const list = sources.get(url);
      if (!list) sources.set(url, [where]);
      else if (!list.includes(where)) list.push(where);
    };
    const allowlist = await loadAllowlist(resolve(io.cwd, allowlistPath));
    for (const url of allowlist.urls) add(url, 'allowlist (urls)');
    for (const domain of allowlist.domains) add(`https://${domain}`, 'allowlist (domains)');
    // A cited link the offline rules already call invented (placeholder, lookalike, `user@host`, …)
    // is reported as `check --live` reports it, and never fetched.
    const index = buildIndex(allowlist);
    const allowPrivateNetworks = options.allowPrivateNetworks !== undefined && options.allowPrivateNetworks !== false;
    const inventedOffline = new Map<string, string>();
    const addCited = (text: string, where: string): void => {
      for (const link of extractLinks(text)) {
        add(link.normalized, where);
        const verdict = classifyLink(link, index, { allowPrivateNetworks });
        if (verdict.bucket === 'invented') inventedOffline.set(link.normalized, verdict.reason);
      }
    };
    if (values.answers !== undefined) {
      for (const answer of await readAnswers(values.answers, io)) addCited(answer.text, answer.where);
    }
    if (values.results !== undefined) {
      for (const row of await readPromptfooResults(resolve(io.cwd, values.results))) {
        addCited(answerText(row.output), `${values.results} test ${row.testIdx}, prompt ${row.promptIdx}, ${row.provider}`);
      }
    }

    // Built after the inputs are read, so bad input never opens a connection pool.
    const checker = createLinkChecker(options);
    const urls = [...sources.keys()].sort(compareStrings);
    const progress = io.stderrIsTTY ? progressBar(io, urls.length) : undefined;
    let entries: StaleEntry[];
    try {
      entries = await Promise.all(
        urls.map(async (url) => {
          const offline = inventedOffline.get(url);
          const outcome: LivenessOutcome = offline !== undefined ? { kind: 'invented', error: 'offline-rule', reason: offline } : await checker.check(url);
          progress?.tick();
          return { url, outcome, foundIn: sources.get(url) ?? [] };
        }),
      );
    } finally {
      progress?.done();
      await checker.close();
    }

    const stale = entries.filter((entry) => entry.outcome.kind !== 'live').sort((a, b) => SEVERITY[a.outcome.kind] - SEVERITY[b.outcome.kind] || compareStrings(a.url, b.url));
    const counts = countKinds(entries);
    if (format === 'json') io.stdout(`${JSON.stringify(toJson(entries.length, counts, stale), null, 2)}\n`);
    else if (format === 'csv') io.stdout(toCsv(stale));
    else io.stdout(toText(entries.length, counts, stale));
    return stale.some((entry) => entry.outcome.kind === 'broken' || entry.outcome.kind === 'invented') ? EXIT.failed : EXIT.pass;
  },
};

function positiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isInteger(value) || value <= 0) throw new InputError('USAGE', `${flag} must be a whole number above 0, got ${JSON.stringify(text)}`);
  return value;
}

interface Answer {
  text: string;
  where: string;
}

/**
 * Answers from a JSONL file: each non-blank line a JSON string (the answer) or object (its answer
 * fields read by `answerText`; its optional `id` and `provider` name it in the report, as in the
 * `report` command's answers files). A line that is not JSON is an input error naming the line.
 */
async function readAnswers(path: string, io: CliIo): Promise<Answer[]> {
  const text = await readTextFile(resolve(io.cwd, path), 'answers file');
  const answers: Answer[] = [];
  text.replace(/^\uFEFF/, '').split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new InputError('INVALID_JSON', `line ${index + 1} is not valid JSON (${error instanceof Error ? error.message : String(error)}); write one JSON value per line`, { where: path });
    }
    let where = `${path} line ${index + 1}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const { id, provider, ...rest } = value as Record<string, unknown>;
      const labels = [typeof id === 'string' || typeof id === 'number' ? `id ${id}` : '', typeof provider === 'string' ? provider : ''].filter(Boolean);
      if (labels.length > 0) where += ` (${labels.join(', ')})`;
      value = rest;
    }
    answers.push({ text: answerText(value), where });
  });
  return answers;
}

function countKinds(entries: readonly StaleEntry[]): Record<LivenessKind, number> {
  const counts: Record<LivenessKind, number> = { live: 0, broken: 0, invented: 0, inconclusive: 0 };
  for (const entry of entries) counts[entry.outcome.kind]++;
  return counts;
}

function statusOrError(outcome: LivenessOutcome): string {
  if ('status' in outcome && outcome.status !== undefined) return String(outcome.status);
  if ('error' in outcome && outcome.error !== undefined) return outcome.error;
  return '';
}

function finalUrlOf(outcome: LivenessOutcome): string {
  return 'finalUrl' in outcome && outcome.finalUrl !== undefined ? outcome.finalUrl : '';
}

function toText(checked: number, counts: Record<LivenessKind, number>, stale: readonly StaleEntry[]): string {
  const summary = `Checked ${checked} link${checked === 1 ? '' : 's'}: ${counts.live} live, ${counts.broken} broken, ${counts.invented} invented, ${counts.inconclusive} inconclusive.`;
  if (stale.length === 0) return `${summary}\nNothing stale.\n`;
  const blocks = stale.map((entry) => {
    const { outcome } = entry;
    const lines = [`${outcome.kind.toUpperCase()}  ${entry.url}`];
    const facts = [statusOrError(outcome) && `status/error: ${statusOrError(outcome)}`, finalUrlOf(outcome) && finalUrlOf(outcome) !== entry.url ? `final URL: ${finalUrlOf(outcome)}` : ''].filter(Boolean);
    if (facts.length > 0) lines.push(`  ${facts.join('   ')}`);
    lines.push(`  found in: ${entry.foundIn.join('; ')}`);
    lines.push(`  why: ${outcome.reason}`);
    return lines.join('\n');
  });
  return `${summary}\n\n${blocks.join('\n\n')}\n`;
}

function toJson(checked: number, counts: Record<LivenessKind, number>, stale: readonly StaleEntry[]): unknown {
  return {
    checked,
    counts,
    stale: stale.map((entry) => {
      const { outcome } = entry;
      return {
        url: entry.url,
        outcome: outcome.kind,
        ...('status' in outcome && outcome.status !== undefined ? { status: outcome.status } : {}),
        ...('error' in outcome && outcome.error !== undefined ? { error: outcome.error } : {}),
        ...(finalUrlOf(outcome) ? { finalUrl: finalUrlOf(outcome) } : {}),
        reason: outcome.reason,
        foundIn: entry.foundIn,
      };
    }),
  };
}

function toCsv(stale: readonly StaleEntry[]): string {
  const rows = [['url', 'outcome', 'status', 'error', 'final_url', 'found_in', 'reason']];
  for (const entry of stale) {
    const { outcome } = entry;
    rows.push([
      entry.url,
      outcome.kind,
      'status' in outcome && outcome.status !== undefined ? String(outcome.status) : '',
      'error' in outcome && outcome.error !== undefined ? outcome.error : '',
      finalUrlOf(outcome),
      entry.foundIn.join('; '),
      outcome.reason,
    ]);
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}


/** A one-line progress bar on standard error, redrawn when the whole percentage changes. */
function progressBar(io: CliIo, total: number): { tick(): void; done(): void } {
  const width = 30;
  let completed = 0;
  let drawn = -1;
  const draw = (): void => {
    const percent = total === 0 ? 100 : Math.floor((completed / total) * 100);
    if (percent === drawn) return;
    drawn = percent;
    const filled = Math.round((percent / 100) * width);
    io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${completed}/${total} links`);
  };
  draw();
  return {
    tick() {
      completed++;
      draw();
    },
    done() {
      io.stderr('\r\x1b[K');
    },
  };
}
