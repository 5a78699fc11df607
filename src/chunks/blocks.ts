import { MASK } from './mask.js';
import type { Span } from './types.js';
import { CJK_CLASS } from './unicode.js';

const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+/;
const TABLE_ROW = /^[ \t]*\|/;
// `1. Plan`, `- item`; CJK lists put no space after the number (`1.咨询师…`, `2、《海鸥食堂》`).
const LIST_ITEM = new RegExp(
  `^[ \\t]*(?:(?:[-*+•]|\\d{1,3}[.)])[ \\t]+|(?:[-•]|\\d{1,3}[.)、．])(?=[${CJK_CLASS}《“「（]))`,
  'u',
);
const BLANK = /^[ \t\r]*$/;
const INDENT = /^[ \t>]*/;

/** Blocks, which no sentence crosses: paragraphs, list items, headings, rows; code is none. */
export function findBlocks(text: string, mask?: Uint8Array): Span[] {
  const blocks: Span[] = [];
  let open: Span | undefined;
  const close = (): void => {
    if (open && open.end > open.start) blocks.push(open);
    open = undefined;
  };
  let offset = 0;
  for (const line of text.split('\n')) {
    const end = offset + line.length;
    const isCode =
      mask !== undefined &&
      line.trim().length > 0 &&
      mask.subarray(offset, end).every((bits) => (bits & MASK.code) !== 0);
    if (isCode || BLANK.test(line)) {
      close();
    } else if (HEADING.test(line) || TABLE_ROW.test(line)) {
      close();
      const prefix = HEADING.exec(line)?.[0].length ?? 0;
      blocks.push({ start: offset + prefix, end });
    } else {
      const item = LIST_ITEM.exec(line);
      if (item) {
        close();
        open = { start: offset + item[0].length, end };
      } else if (open) {
        open.end = end;
      } else {
        open = { start: offset + (INDENT.exec(line)?.[0].length ?? 0), end };
      }
    }
    offset = end + 1;
  }
  close();
  return blocks;
}
