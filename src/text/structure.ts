import { BLOCKS_ABOVE } from '../defaults.js';
import type { Span } from '../extract/types.js';
import { splitSentences } from './sentences.js';

/** An answer's sentences and blocks as spans; a line break ends a sentence, not a block. */
export interface Segments {
  text: string;
  sentences: Span[];
  blocks: Span[];
  /** Each block's parent block, or -1: a less indented list item, else the heading above. */
  parents: number[];
  /** For each block, the header row of the markdown table it is a row of, or -1 (a `Fax` column). */
  tableHeads: number[];
  /** The sentence that holds `position` (an element of `sentences`: callers group by it). */
  sentenceAt(position: number): Span | undefined;
}

const ITEM_START = /^[ \t]{0,8}(?:[-*+•–]\s|\d{1,3}[.)]\s|#{1,6}\s|\|)/;

/** The structure of `text`: each part read on first use (`Segments`). */
export function segment(text: string): Segments {
  return new Structure(text);
}

type Blocks = Pick<Segments, 'blocks' | 'parents' | 'tableHeads'>;

/** `segment`'s answer, each part built on first read: one read for its sentences never reads blocks. */
export class Structure implements Segments {
  readonly text: string;
  #blocks: Blocks | undefined;
  #sentences: Span[] | undefined;

  constructor(text: string) {
    this.text = text;
  }

  get sentences(): Span[] {
    this.#sentences ??= lineSentences(this.text);
    return this.#sentences;
  }
  get blocks(): Span[] {
    this.#blocks ??= readBlocks(this.text);
    return this.#blocks.blocks;
  }
  get parents(): number[] {
    this.#blocks ??= readBlocks(this.text);
    return this.#blocks.parents;
  }
  get tableHeads(): number[] {
    this.#blocks ??= readBlocks(this.text);
    return this.#blocks.tableHeads;
  }

  sentenceAt(position: number): Span | undefined {
    return spanAt(this.sentences, position);
  }
}

/** Every sentence of `text`, line by line: a line break ends a sentence. */
function lineSentences(text: string): Span[] {
  const sentences: Span[] = [];
  for (let lineStart = 0; lineStart <= text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    for (const sentence of splitSentences(text, lineStart, lineEnd)) sentences.push(sentence);
    lineStart = lineEnd + 1;
  }
  return sentences;
}

/** The blocks of `text`, the container each sits under and the header row of each table row. */
function readBlocks(text: string): Blocks {
  const building: Building = { text, blocks: [], parents: [], open: [], blockStart: -1 };
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim().length === 0) {
      closeBlock(building, lineStart);
    } else {
      if (ITEM_START.test(line)) closeBlock(building, lineStart);
      if (building.blockStart === -1) building.blockStart = lineStart;
    }
    if (lineEnd >= text.length) {
      closeBlock(building, lineEnd);
      break;
    }
    lineStart = lineEnd + 1;
  }
  const { blocks, parents } = building;
  return { blocks, parents, tableHeads: tableHeads(text, blocks) };
}

/** The blocks read so far, the containers still open, and where the block being read starts (-1: none). */
interface Building {
  readonly text: string;
  readonly blocks: Span[];
  readonly parents: number[];
  readonly open: Container[];
  blockStart: number;
}

/** Ends the block being read at `end`, under its container (not a closure made per answer). */
function closeBlock(building: Building, end: number): void {
  const { blockStart, blocks } = building;
  if (blockStart !== -1 && end > blockStart) {
    building.parents.push(
      place(building.open, blocks.length, building.text.slice(blockStart, end)),
    );
    blocks.push({ start: blockStart, end });
  }
  building.blockStart = -1;
}

const TABLE_SEPARATOR = /^[\s|:]*-[\s|:-]*$/;

/** `Segments.tableHeads`, in one pass: rows of one table are blocks that follow one another with no blank line. */
function tableHeads(text: string, blocks: readonly Span[]): number[] {
  const heads: number[] = [];
  let head = -1;
  for (let k = 0; k < blocks.length; k++) {
    const block = blocks[k]!;
    const row = text.slice(block.start, block.end).trim();
    if (!row.startsWith('|')) head = -1;
    else if (k === 0 || blocks[k - 1]!.end !== block.start || head === -1) {
      // A first row is a header only when a separator row follows it.
      const next = blocks[k + 1];
      head =
        next &&
        next.start === block.end &&
        TABLE_SEPARATOR.test(text.slice(next.start, next.end).trim())
          ? k
          : -1;
    }
    heads.push(head);
  }
  return heads;
}

/** The header cell over `position` when it lies in a row of a markdown table with a header, else undefined. */
export function columnHeading(segments: Segments, position: number): string | undefined {
  const k = firstAtOrAfter(segments.blocks, position + 1) - 1;
  const row = segments.blocks[k];
  const head = segments.tableHeads[k] ?? -1;
  if (!row || position >= row.end || head === -1 || head === k) return undefined;
  const column = segments.text.slice(row.start, position).split('|').length - 1;
  const header = segments.blocks[head]!;
  return segments.text.slice(header.start, header.end).split('|')[column]?.trim();
}

/** A block that later blocks may sit under: a heading (level 1–6, a label line 7) or a list item (by indent). */
interface Container {
  index: number;
  kind: 'heading' | 'item';
  level: number;
}

export const HEADING = /^ {0,3}(#{1,6})\s/;
export const BULLET = /^([ \t]{0,8})(?:[-*+•–]|\d{1,3}[.)])\s/;
// A line only bold (`**Community Law Center**`); not "If they cannot help, try:", which owns no numbers.
export const LABEL = /^\s*(?:\*\*|__)[^*_\n]+(?:\*\*|__)\s*:?\s*$/;

/** The parent of block `index` (whose text is `block`), updating the open containers. */
function place(open: Container[], index: number, text: string): number {
  const block = text.trimEnd();
  const heading = HEADING.exec(block);
  const bullet = BULLET.exec(block);
  if (heading || (!bullet && !block.includes('\n') && LABEL.test(block))) {
    const level = heading ? heading[1]!.length : 7;
    while (top(open) && (top(open)!.kind === 'item' || top(open)!.level >= level)) open.pop();
    const parent = top(open)?.index ?? -1;
    open.push({ index, kind: 'heading', level });
    return parent;
  }
  if (bullet) {
    const indent = bullet[1]!.replace(/\t/g, '    ').length;
    while (top(open) && top(open)!.kind === 'item' && top(open)!.level >= indent) open.pop();
    const parent = top(open)?.index ?? -1;
    open.push({ index, kind: 'item', level: indent });
    return parent;
  }
  // An indented paragraph continues the item above it; any other ends the list.
  if (/^[ \t]{2,}/.test(block) && top(open)?.kind === 'item') return top(open)!.index;
  return endList(open);
}

/** The parent of a paragraph that ends the list above it: the items close, the heading stays. */
function endList(open: Container[]): number {
  while (top(open)?.kind === 'item') open.pop();
  return top(open)?.index ?? -1;
}

/** The innermost open container: a function, not a closure made for every block `place` reads. */
function top(open: readonly Container[]): Container | undefined {
  return open[open.length - 1];
}

/** The span of `spans` (sorted, disjoint) that contains `position`, by binary search. */
export function spanAt(spans: readonly Span[], position: number): Span | undefined {
  const span = spans[firstAtOrAfter(spans, position + 1) - 1];
  return span !== undefined && position < span.end ? span : undefined;
}

/** The index of the first span of `sorted` (by start) starting at or after `position`, by binary search. */
export function firstAtOrAfter(sorted: readonly Span[], position: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]!.start < position) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The span from the start of the `BLOCKS_ABOVE`th block above `block` to where `block` starts. */
export function blocksAbove(blocks: readonly Span[], block: Span): Span | undefined {
  // Binary search for `block` (blocks are sorted and disjoint): `indexOf` per number would be quadratic.
  const low = firstAtOrAfter(blocks, block.start);
  const first = blocks[Math.max(0, low - BLOCKS_ABOVE)];
  if (low <= 0 || !first) return undefined;
  return { start: first.start, end: block.start };
}

/** The names of the nearest item or heading above `block` that names any, or undefined. */
export function underHeading<T extends Span>(
  segments: Segments,
  block: Span,
  names: readonly T[],
): T[] | undefined {
  for (
    let parent = segments.parents[firstAtOrAfter(segments.blocks, block.start)] ?? -1;
    parent >= 0;
    parent = segments.parents[parent] ?? -1
  ) {
    const span = segments.blocks[parent]!;
    const inside: T[] = [];
    for (
      let k = firstAtOrAfter(names, span.start);
      k < names.length && names[k]!.start < span.end;
      k++
    )
      if (names[k]!.end <= span.end) inside.push(names[k]!);
    if (inside.length > 0) return inside;
  }
  return undefined;
}
