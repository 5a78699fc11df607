import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Runs the pinned promptfoo CLI with telemetry and update checks off, as the demo, the tests and
 * the README do. promptfoo exits 100 when some test failed, which for an evaluation of vendors is
 * the expected outcome, not a crash; callers decide with `ran`.
 */
export interface PromptfooRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The evaluation ran to the end (exit 0, or 100 = some assertions failed). */
  ran: boolean;
}

export function promptfooEntrypoint(): string {
  const require = createRequire(import.meta.url);
  // promptfoo exports no package.json; its entry point sits beside the main module (dist/src/).
  return join(dirname(require.resolve('promptfoo')), 'entrypoint.js');
}

export const PROMPTFOO_QUIET_ENV = {
  PROMPTFOO_DISABLE_TELEMETRY: '1',
  PROMPTFOO_DISABLE_UPDATE: '1',
  PROMPTFOO_DISABLE_SHARING: '1',
  PROMPTFOO_SELF_HOSTED: '1',
  // The Node under promptfoo is chosen on purpose (the pinned one, or the oldest pair that the
  // compatibility run tests); a runtime banner would only tell a demo user to change it.
  PROMPTFOO_DISABLE_RUNTIME_WARNINGS: '1',
} as const;

/**
 * The colour settings for a promptfoo child. promptfoo colours its output even into a pipe and
 * ignores NO_COLOR; only FORCE_COLOR=0 turns it off. So colour is on only when the user asked for it
 * (FORCE_COLOR other than 0), or when the output goes to a terminal and NO_COLOR is unset or empty
 * (https://no-color.org).
 */
export function colourEnv(
  env: NodeJS.ProcessEnv,
  toTerminal: boolean,
): { FORCE_COLOR: string; NO_COLOR?: string } {
  const forced = env.FORCE_COLOR;
  if (forced !== undefined && forced !== '')
    return forced === '0' ? { FORCE_COLOR: '0', NO_COLOR: '1' } : { FORCE_COLOR: forced };
  return toTerminal && !env.NO_COLOR ? { FORCE_COLOR: '1' } : { FORCE_COLOR: '0', NO_COLOR: '1' };
}

/**
 * Node flags for the promptfoo child: promptfoo composes undici's experimental decompress
 * interceptor, whose ExperimentalWarning says nothing a promptfoo user can act on.
 */
const NODE_FLAGS = ['--disable-warning=ExperimentalWarning'];

/**
 * promptfoo ends with "View results: promptfoo view", which works only where promptfoo is installed
 * globally; in a project that has it as a dependency the command that works is `npx promptfoo view`.
 */
export function pointToLocalViewer(text: string): string {
  return text.replace(/(View results: (?:\x1b\[[0-9;]*m)*)promptfoo view/g, '$1npx promptfoo view');
}

export function runPromptfoo(
  args: readonly string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    echo?: boolean;
    entrypoint?: string;
    node?: string;
  },
): Promise<PromptfooRun> {
  return new Promise((resolvePromise, reject) => {
    const colour = colourEnv(process.env, options.echo === true && process.stdout.isTTY === true);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...PROMPTFOO_QUIET_ENV,
      ...colour,
      ...options.env,
    };
    if (colour.NO_COLOR === undefined && options.env?.NO_COLOR === undefined) delete env.NO_COLOR;
    const child = spawn(
      options.node ?? process.execPath,
      [...NODE_FLAGS, options.entrypoint ?? promptfooEntrypoint(), ...args],
      {
        cwd: options.cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    const echoOut = lineEcho(process.stdout);
    const echoErr = lineEcho(process.stderr);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (options.echo) echoOut.write(chunk);
    });
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (options.echo) echoErr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      echoOut.end();
      echoErr.end();
      const exit = code ?? 1;
      resolvePromise({ code: exit, stdout, stderr, ran: exit === 0 || exit === 100 });
    });
  });
}

/** Echoes whole lines, so a rewrite never misses text split between two chunks of output. */
function lineEcho(target: NodeJS.WriteStream): { write(chunk: string): void; end(): void } {
  let pending = '';
  return {
    write(chunk) {
      pending += chunk;
      const cut = pending.lastIndexOf('\n') + 1;
      if (cut === 0) return;
      target.write(pointToLocalViewer(pending.slice(0, cut)));
      pending = pending.slice(cut);
    },
    end() {
      if (pending !== '') target.write(pointToLocalViewer(pending));
      pending = '';
    },
  };
}
