import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { MAX_TIMER_MS, SERVICE_DEFAULTS } from '../defaults.js';
import { InputError } from '../errors.js';
import { runPrimary } from '../service/cluster.js';
import { runService } from '../service/lifecycle.js';
import { printable } from '../util/strings.js';
import { defineCommand, wholeFlag } from './args.js';
import { linkFlagConfig } from './args-check.js';
import { judgeLinks, linkSettings } from './check-answer.js';
import { EXIT, type Subcommand } from './io.js';

const USAGE = `Usage: citation-verifier serve --allowlist FILE [options]

Verify answers over HTTP, for a site or a pipeline in any language (docs/SERVICE.md):
  POST /v1/verify  {"answer": "…"} → the verdict JSON (as check --format json), with its action
  POST /v1/fix     {"answer": "…"} → the verdict and the repaired answer (as check --fix --format json)
  GET  /healthz    the allowlist's counts, when it loaded, the last failed reload, the limits

Options:
  --allowlist FILE   allowlist JSON (default: $CITATION_VERIFIER_ALLOWLIST); reloaded when it
                     changes or on SIGHUP, the old one kept if the new one is invalid
  --host HOST        address to listen on (default ${SERVICE_DEFAULTS.host}: this machine only)
  --allowed-host NAME  also answer requests whose Host header names NAME (repeatable; the
                     bound address, 127.0.0.1, localhost and [::1] always are; any other gets 421)
  --port N           port (default ${SERVICE_DEFAULTS.port}; 0 picks a free one)
  --workers N        processes sharing the port, one per core you give it (default 1)
  --threshold N      pass threshold when a request names none, 0 to 1 (default as check)
  --jurisdiction XX  check links and numbers against this state when a request names none
                     (a request's "jurisdiction" field wins; default: the allowlist's own, if any)
  --body-limit BYTES larger request bodies get 413 (default ${SERVICE_DEFAULTS.bodyLimitBytes})
  --deadline MS      a request not answered by then gets 503 (default ${SERVICE_DEFAULTS.requestDeadlineMs})

The first line on standard output is "listening on http://HOST:PORT". SIGTERM drains and exits.
Exit codes: 0 stopped, 3 bad input (a bad flag, an allowlist that does not load), 1 unexpected.
`;

export const serveCommand: Subcommand = defineCommand({
  name: 'serve',
  usage: USAGE,
  flags: {
    allowlist: { type: 'string' },
    host: { type: 'string', default: SERVICE_DEFAULTS.host },
    'allowed-host': { type: 'string', multiple: true },
    port: { type: 'string' },
    workers: { type: 'string' },
    threshold: { type: 'string' },
    jurisdiction: { type: 'string' },
    'body-limit': { type: 'string' },
    deadline: { type: 'string' },
  },
  async run({ values }, io) {
    const settings = linkSettings(await judgeLinks(linkFlagConfig(values, io.cwd, false), io), io);
    if (!('path' in settings.allowlist))
      throw new InputError(
        'USAGE',
        '--allowlist: serve needs an allowlist file, to reload it when it changes',
      );
    const port = wholeFlag(values.port, '--port', SERVICE_DEFAULTS.port, 0, 65_535);
    const workers = wholeFlag(values.workers, '--workers', 1, 1, 256);
    const limits = {
      bodyLimitBytes: wholeFlag(
        values['body-limit'],
        '--body-limit',
        SERVICE_DEFAULTS.bodyLimitBytes,
        1,
        1e9,
      ),
      requestDeadlineMs: wholeFlag(
        values.deadline,
        '--deadline',
        SERVICE_DEFAULTS.requestDeadlineMs,
        1,
        MAX_TIMER_MS,
      ),
    };
    // A reload's error may quote the file: its control characters shown, not obeyed.
    const log = (line: string): void => io.stderr(`${printable(line)}\n`);
    if (workers > 1 && !cluster.isWorker)
      return runPrimary(workers, values.host, (line) => io.stdout(`${line}\n`), log);
    const running = await runService({
      allowlistPath: resolve(io.cwd, settings.allowlist.path),
      host: values.host,
      port,
      threshold: settings.threshold,
      ...(settings.jurisdiction === undefined ? {} : { jurisdiction: settings.jurisdiction }),
      limits,
      allowedHosts: values['allowed-host'] ?? [],
      log,
    });
    // The signals are ours before the first line says we listen: a supervisor may stop us at once.
    process.on('SIGHUP', () => void running.reload('SIGHUP'));
    const stopped = new Promise<void>((done) => process.once('SIGTERM', () => done()));
    if (!cluster.isWorker) io.stdout(`listening on ${running.url}\n`);
    await stopped;
    log(
      `citation-verifier serve: SIGTERM, draining ${running.service.inFlight()} requests in flight`,
    );
    await running.drain();
    return EXIT.pass;
  },
});
