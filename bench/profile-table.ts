/**
 * A V8 CPU profile (`node --cpu-prof`) as a table by source file: self time (samples whose top
 * frame is in the file) and inclusive time (samples with the file anywhere on the stack, counted
 * once), as shares of all samples; and the top functions by self time.
 *
 *   npx tsx bench/profile-table.ts FILE.cpuprofile [--functions N] [--files N] [--within src/verify.ts]
 *
 * `--within` counts only the samples with that file on the stack (shares of verification alone,
 * without start-up and idle time, which a busy machine inflates).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    functions: { type: 'string', default: '12' },
    files: { type: 'string', default: '20' },
    within: { type: 'string' },
  },
});
const file = positionals[0];
if (!file) {
  process.stderr.write('usage: npx tsx bench/profile-table.ts FILE.cpuprofile [--functions N]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

/** `src/match/orgs.ts` from a file URL of any checkout; V8's own frames by their name. */
function where(node: ProfileNode): string {
  const url = node.callFrame.url;
  const inTree = /\/((?:src|bench|builders)\/.*)$/.exec(url);
  if (inTree) return inTree[1]!;
  if (url.includes('node_modules'))
    return `node_modules/${url.split('node_modules/').pop()!.split('/')[0]}`;
  if (url.startsWith('node:')) return url;
  return `(${node.callFrame.functionName || 'program'})`;
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
for (const id of profile.samples) {
  const top = byId.get(id)!;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    seen.add(where(byId.get(at)!));
  if (values.within !== undefined && !seen.has(values.within)) continue;
  total++;
  const name = where(top);
  self.set(name, (self.get(name) ?? 0) + 1);
  const fn = `${name}:${top.callFrame.functionName || '(anonymous)'}:${top.callFrame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + 1);
  for (const each of seen) inclusive.set(each, (inclusive.get(each) ?? 0) + 1);
}
const pct = (n: number | undefined): string => `${(((n ?? 0) / total) * 100).toFixed(1)}%`;
const files = [...inclusive.keys()].filter(
  (name) => !name.startsWith('(root') && name !== '(program)',
);
files.sort((a, b) => (inclusive.get(b) ?? 0) - (inclusive.get(a) ?? 0));
const lines = ['| file | inclusive | self |', '| --- | ---: | ---: |'];
for (const name of files.slice(0, Number(values.files)))
  lines.push(`| ${name} | ${pct(inclusive.get(name))} | ${pct(self.get(name))} |`);
lines.push('', '| function (self) | self |', '| --- | ---: |');
for (const [fn, n] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(values.functions)))
  lines.push(`| ${fn} | ${pct(n)} |`);
process.stdout.write(`${total} samples\n\n${lines.join('\n')}\n`);
