/** The text of a provider's output, any shape; an unknown one yields every string inside. */
export function answerText(output: unknown): string {
  const parts: string[] = [];
  collect(output, parts, 0, new Set());
  return parts.join('\n\n');
}

const TEXT_FIELDS = [
  'output',
  'text',
  'content',
  'answer',
  'message',
  'response',
  'completion',
  'choices',
  'parts',
];
const MAX_DEPTH = 8;

function collect(value: unknown, parts: string[], depth: number, seen: Set<object>): void {
  if (value === null || value === undefined || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.length > 0) parts.push(value);
    return;
  }
  if (typeof value !== 'object') return;
  if (seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parts, depth + 1, seen);
    return;
  }
  const record = value as Record<string, unknown>;
  const known = TEXT_FIELDS.filter((field) => field in record);
  // Prefer the fields that hold an answer's text; fall back to every field for unknown shapes.
  const fields = known.length > 0 ? known : Object.keys(record);
  for (const field of fields) collect(record[field], parts, depth + 1, seen);
}
