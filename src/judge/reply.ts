import { isRecord } from '../util/record.js';
import { JUDGE_LABELS, type JudgeLabel, type WireVerdict } from './types.js';

/** A reply's verdicts, or why it is set aside whole (a foreign id may mean any claim's verdict). */
export type ReplyOutcome =
  | { kind: 'verdicts'; verdicts: WireVerdict[] }
  | { kind: 'unparsable'; reason: string }
  | { kind: 'unknown_ids'; ids: string[] };

// Local models often fence their JSON; any other text around the object is not accepted.
const FENCED = /^```[a-zA-Z]*\s*\n([\s\S]*?)\n?```$/;

/** Parse a reply against the claim ids the request asked about. Pure; never throws. */
export function parseJudgeReply(text: string, askedIds: readonly string[]): ReplyOutcome {
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1] ?? trimmed;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    return unparsable(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(data) || !Array.isArray(data.verdicts))
    return unparsable('not an object with a "verdicts" array');
  const asked = new Set(askedIds);
  const byId = new Map<string, WireVerdict>();
  const unknown: string[] = [];
  for (const [position, item] of data.verdicts.entries()) {
    const verdict = readVerdict(item);
    if (typeof verdict === 'string') return unparsable(`verdicts[${position}]: ${verdict}`);
    if (!asked.has(verdict.id)) {
      unknown.push(verdict.id);
      continue;
    }
    const earlier = byId.get(verdict.id);
    if (
      earlier &&
      (earlier.label !== verdict.label || earlier.evidenceQuote !== verdict.evidenceQuote)
    )
      return unparsable(`verdicts[${position}]: claim ${verdict.id} answered twice, differently`);
    byId.set(verdict.id, verdict);
  }
  if (unknown.length > 0) return { kind: 'unknown_ids', ids: unknown };
  return { kind: 'verdicts', verdicts: askedIds.flatMap((id) => byId.get(id) ?? []) };
}

/** One verdict (its id a string or a whole number), or what is wrong with it. */
function readVerdict(item: unknown): WireVerdict | string {
  if (!isRecord(item)) return 'not an object';
  const id =
    typeof item.id === 'string'
      ? item.id
      : typeof item.id === 'number' && Number.isInteger(item.id)
        ? String(item.id)
        : undefined;
  if (id === undefined || id === '') return '"id" is not a string';
  const label = typeof item.label === 'string' ? item.label.trim().toUpperCase() : undefined;
  if (!JUDGE_LABELS.includes(label as JudgeLabel))
    return `"label" is ${JSON.stringify(item.label)}, not one of ${JUDGE_LABELS.join(', ')}`;
  const quote = item.evidence_quote;
  if (quote !== undefined && quote !== null && typeof quote !== 'string')
    return '"evidence_quote" is not a string';
  return { id, label: label as JudgeLabel, evidenceQuote: typeof quote === 'string' ? quote : '' };
}

function unparsable(reason: string): ReplyOutcome {
  return { kind: 'unparsable', reason };
}
