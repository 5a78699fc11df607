import type { ChunkIndex, ChunkLibrary } from './chunk-index.js';
import { collapseWhitespace } from './sentences.js';
import { countWords } from './unicode.js';
import type { ClaimVerdict, FactCheck, QuoteCheck } from './types.js';

interface ExplainInput {
  cited: readonly ChunkIndex[];
  missingIds: readonly string[];
  quoteChecks: readonly QuoteCheck[];
  factChecks: readonly FactCheck[];
  wordOverlap: ClaimVerdict['wordOverlap'];
  exactIn: ChunkIndex | undefined;
  wordCount: number;
  library: ChunkLibrary;
  weak: boolean;
}

/** The explanation names every problem found, worst first; the correction says what to change for each. */
export function explain(input: ExplainInput): { explanation: string; correction: string } {
  const problems: Problems = { whys: [], fixes: [] };
  const citedNames = chunkNames(input.cited.map((index) => index.chunk.id));
  unknownIds(input, problems);
  quotationProblems(input, citedNames, problems);
  factProblems(input, citedNames, problems);
  if (problems.whys.length > 0)
    return {
      explanation: capitalize(problems.whys.join('; ')),
      correction: capitalize(problems.fixes.join('; ')),
    };
  return noProblem(input, citedNames);
}

interface Problems {
  whys: string[];
  fixes: string[];
}

function unknownIds({ missingIds, library }: ExplainInput, { whys, fixes }: Problems): void {
  if (missingIds.length === 0) return;
  const written = missingIds.map((id) => `[${id}]`).join(', ');
  const count = library.chunks.length;
  whys.push(
    `cites ${written}, which ${missingIds.length === 1 ? 'is' : 'are'} not among the ${count} chunk${count === 1 ? '' : 's'} (${describeIds(library.chunks.map((chunk) => chunk.id))})`,
  );
  fixes.push(`cite one of the chunks given, or remove ${written}`);
}

function quotationProblems(
  { quoteChecks, cited }: ExplainInput,
  citedNames: string,
  { whys, fixes }: Problems,
): void {
  for (const check of quoteChecks) {
    if (check.foundIn !== undefined || cited.length === 0) continue;
    const quoted = `the quotation “${shorten(check.quote.raw, 80)}”`;
    if (check.foundElsewhere !== undefined) {
      whys.push(
        `${quoted} is not in ${citedNames} but is verbatim in chunk ${check.foundElsewhere}`,
      );
      fixes.push(`cite [${check.foundElsewhere}] for the quotation`);
      continue;
    }
    const run = check.longestRun;
    const words = run.excerpt === undefined ? 0 : countWords(run.excerpt);
    whys.push(
      `${quoted} is not verbatim in ${citedNames}${run.tokens > 0 && run.chunkId !== undefined ? ` (longest verbatim stretch: ${run.tokens} of ${run.of} tokens, in chunk ${run.chunkId})` : ''}`,
    );
    fixes.push(
      run.excerpt && words > 0
        ? `quote chunk ${run.chunkId} as it reads (“${shorten(collapseWhitespace(run.excerpt), 120)}”) or drop the quotation marks`
        : `drop the quotation marks or quote a passage of ${citedNames} exactly`,
    );
  }
}

function factProblems(
  { factChecks, cited, library }: ExplainInput,
  citedNames: string,
  { whys, fixes }: Problems,
): void {
  for (const check of factChecks) {
    if (check.notAfter === undefined || check.foundIn === undefined) continue;
    whys.push(
      `${check.fact.raw} is not in ${chunkNames(check.notAfter)}, cited right after it, but is in chunk ${check.foundIn}`,
    );
    fixes.push(`cite [${check.foundIn}] after ${check.fact.raw}`);
  }
  const missingFacts = factChecks.filter((check) => check.foundIn === undefined);
  if (missingFacts.length === 0 || cited.length === 0) return;
  whys.push(
    `${joinList(missingFacts.map((check) => check.fact.raw))} ${missingFacts.length === 1 ? 'is' : 'are'} in none of ${citedNames}`,
  );
  for (const check of missingFacts) {
    if (check.nearest) {
      fixes.push(`the cited passage gives ${check.nearest.fact.raw}, not ${check.fact.raw}`);
      continue;
    }
    const owner = library.ownerOfFact(check.fact);
    fixes.push(
      owner
        ? `chunk ${owner.index.chunk.id} states ${owner.fact.raw}: cite [${owner.index.chunk.id}] for it`
        : `remove ${check.fact.raw} or cite a chunk that states it`,
    );
  }
}

function noProblem(
  input: ExplainInput,
  citedNames: string,
): { explanation: string; correction: string } {
  const { factChecks, quoteChecks, wordOverlap, cited } = input;
  if (input.exactIn) {
    return {
      explanation: `The claim's ${input.wordCount} words are verbatim in chunk ${input.exactIn.chunk.id}`,
      correction: 'No change needed',
    };
  }
  const checked = [
    ...factChecks.map((check) => check.fact.raw),
    ...quoteChecks.map((check) => `“${shorten(check.quote.raw, 40)}”`),
  ];
  const stated =
    checked.length > 0
      ? `${citedNames} state${cited.length === 1 ? 's' : ''} every figure and quotation checked (${joinList(checked)})`
      : 'no figure or quotation to check';
  const overlap =
    wordOverlap.chunkId === undefined
      ? ''
      : `; ${wordOverlap.found} of ${wordOverlap.of} content words appear in chunk ${wordOverlap.chunkId}`;
  return {
    explanation: `${capitalize(stated)}${overlap}; whether it supports the claim needs a judge`,
    correction: input.weak
      ? `Few of the claim's words appear in chunk ${wordOverlap.chunkId}: check that the citation points at the right chunk`
      : 'No change required by the deterministic checks; have a judge confirm the support',
  };
}

/** `chunk 2`, `chunks 2, 5`, or `the cited chunks` when there are none. */
export function chunkNames(ids: readonly string[]): string {
  if (ids.length === 0) return 'the cited chunks';
  return ids.length === 1 ? `chunk ${ids[0]!}` : `chunks ${ids.join(', ')}`;
}

/** `ids 1–5` for a run of numbers from 1, else the first ids and a count. */
function describeIds(ids: readonly string[]): string {
  if (ids.length === 0) return 'none given';
  if (ids.every((id, position) => id === String(position + 1)))
    return ids.length === 1 ? 'id 1' : `ids 1–${ids.length}`;
  const shown = ids.slice(0, 8).join(', ');
  return ids.length > 8 ? `ids ${shown}, … ${ids.length - 8} more` : `ids ${shown}`;
}

export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

export function shorten(text: string, max: number): string {
  const flat = collapseWhitespace(text);
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

export function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
