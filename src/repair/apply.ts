import type { Edit } from './removal.js';

/** An edit and what it is for: the finding's correction it carries out. */
export interface PlannedEdit<T> extends Edit {
  what: T;
}

/** Edits applied as a linter's fixer does: by start, overlaps skipped, duplicates merged. */
export function applyEdits<T>(
  text: string,
  edits: readonly PlannedEdit<T>[],
): {
  text: string;
  applied: PlannedEdit<T>[];
  merged: PlannedEdit<T>[];
  skipped: PlannedEdit<T>[];
} {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const applied: PlannedEdit<T>[] = [];
  const merged: PlannedEdit<T>[] = [];
  const skipped: PlannedEdit<T>[] = [];
  for (const edit of sorted) {
    const last = applied[applied.length - 1];
    if (last && last.start === edit.start && last.end === edit.end && last.text === edit.text)
      merged.push(edit);
    else if (last && edit.end <= last.end && last.text === '') continue;
    else if (last && edit.start < last.end) skipped.push(edit);
    else applied.push(edit);
  }
  let out = '';
  let at = 0;
  for (const edit of applied) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return { text: out + text.slice(at), applied, merged, skipped };
}
