import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Run `node NODE_ARGS` from the repository root and hand back what it printed; a non-zero exit is
 * an error with its standard error. `label` names it in errors.
 */
export function runNode(nodeArgs: readonly string[], label: string): Promise<string> {
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
      if (code !== 0) reject(new Error(`${label} exited ${code}: ${err.trim()}`));
      else resolve(out);
    });
  });
}

/**
 * `runNode`, the last line it prints parsed as JSON: a bench child measures in a process of its
 * own and reports one result line.
 */
export async function runJsonChild<T>(nodeArgs: readonly string[], label: string): Promise<T> {
  const out = await runNode(nodeArgs, label);
  try {
    return JSON.parse(out.trim().split('\n').pop() ?? '') as T;
  } catch (error) {
    throw new Error(`${label} printed no result: ${out} (${String(error)})`);
  }
}
