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
  NO_COLOR: '1',
} as const;

export function runPromptfoo(
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; echo?: boolean; entrypoint?: string },
): Promise<PromptfooRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [options.entrypoint ?? promptfooEntrypoint(), ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...PROMPTFOO_QUIET_ENV, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const exit = code ?? 1;
      resolvePromise({ code: exit, stdout, stderr, ran: exit === 0 || exit === 100 });
    });
  });
}
