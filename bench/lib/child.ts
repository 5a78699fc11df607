import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Run `node NODE_ARGS` from the repository root and parse the last line it prints as JSON: a bench
 * child measures in a process of its own and reports one result line. `label` names it in errors.
 */
export function runJsonChild<T>(nodeArgs: readonly string[], label: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${label} exited ${code}: ${err.trim()}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as T);
      } catch (error) {
        reject(new Error(`${label} printed no result: ${out} ${err} (${String(error)})`));
      }
    });
  });
}
