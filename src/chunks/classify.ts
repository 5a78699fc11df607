import type { ClaimCode } from '../codes.js';
import type { ChunkIndex, ChunkLibrary } from './chunk-index.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import {
  checkFact,
  checkQuote,
  findSourcePassage,
  markerGroups,
  placeFact,
  quotePieces,
  toPassage,
} from './evidence.js';
import { capitalize, explain, joinList, shorten } from './explain.js';
import { isCjk, verbatimTokens } from './unicode.js';
import {
  isFailingClassification,
  type Claim,
  type ClaimClassification,
  type ClaimVerdict,
  type FactCheck,
  type FailurePolicy,
  type QuoteCheck,
  type QuoteFinding,
  type SourcePassage,
} from './types.js';

export interface ClassifyClaimOptions extends FailurePolicy {
  minQuoteWords: number;
  weakSupportThreshold: number;
}

/** Classify one claim against the chunks it cites: the first classification that applies. */
export function classifyClaim(
  claim: Claim,
  words: readonly string[],
  library: ChunkLibrary,
  options: ClassifyClaimOptions,
): ClaimVerdict {
  const content = [...new Set(words.filter(isContentWord))];
  const quotes = claim.quotes.filter((quote) => quote.words >= options.minQuoteWords);
  if (claim.ids.length === 0) return classifyUncited(claim, quotes, content, library, options);

  const found = claim.ids.map((id) => library.get(id));
  const cited = found.filter((index) => index !== undefined);
  const missingIds = claim.ids.filter((_, at) => found[at] === undefined);
  const citedIds = claim.ids.map((id, at) => found[at]?.chunk.id ?? id);
  const checks = checkAgainst(claim, { words, content, quotes }, cited, library, options);
  const { classification, code } = classificationOf(claim, missingIds, checks, options);
  const explained = explain({
    ...checks,
    cited,
    missingIds,
    wordCount: words.length,
    library,
    weak: classification === 'weak_support',
  });
  const scope = claim.citedBy === undefined ? '' : SCOPE_NOTES[claim.citedBy];
  return {
    claim,
    classification,
    code,
    citedIds,
    missingIds,
    quotes: checks.quoteChecks,
    facts: checks.factChecks,
    wordOverlap: checks.wordOverlap,
    ...(checks.source ? { source: checks.source } : {}),
    explanation: `${explained.explanation}${scope}`,
    correction: explained.correction,
    failing: isFailingClassification(classification, options),
  };
}

const SCOPE_NOTES: Record<NonNullable<Claim['citedBy']>, string> = {
  paragraph: ' (cited by the marker ending its paragraph)',
  sources_line: ' (cited by the sources line)',
};

interface ClaimChecks {
  source: SourcePassage | undefined;
  quoteChecks: QuoteCheck[];
  factChecks: FactCheck[];
  wordOverlap: ClaimVerdict['wordOverlap'];
  exactIn: ChunkIndex | undefined;
}

function checkAgainst(
  claim: Claim,
  read: { words: readonly string[]; content: string[]; quotes: QuoteFinding[] },
  cited: ChunkIndex[],
  library: ChunkLibrary,
  options: ClassifyClaimOptions,
): ClaimChecks {
  const { words, content, quotes } = read;
  const window = findSourcePassage(cited, content, claim.facts);
  const sourceIndex = window ? cited.find((index) => index.chunk.id === window.chunkId) : cited[0];
  const groups = markerGroups(claim);
  const overlapIndex = sourceIndex ?? cited[0];
  return {
    source: window ? toPassage(window) : undefined,
    quoteChecks: quotes.map((quote) => checkQuote(quote, cited, library)),
    factChecks: claim.facts.map((fact) =>
      placeFact(checkFact(fact, cited, window, sourceIndex), groups, library),
    ),
    wordOverlap: overlapIndex
      ? overlapOf(
          content.filter((word) => overlapIndex.wordSentences.has(word)).length,
          content.length,
          overlapIndex.chunk.id,
        )
      : overlapOf(0, content.length),
    exactIn:
      words.length >= options.minQuoteWords
        ? cited.find((index) => index.containsWords(words))
        : undefined,
  };
}

function classificationOf(
  claim: Claim,
  missingIds: readonly string[],
  checks: ClaimChecks,
  options: ClassifyClaimOptions,
): { classification: ClaimClassification; code: ClaimCode } {
  const { quoteChecks, factChecks } = checks;
  if (missingIds.length > 0)
    return { classification: 'citation_not_found', code: 'claim.citation-not-found' };
  if (
    quoteChecks.some((check) => check.foundIn === undefined && check.foundElsewhere === undefined)
  )
    return { classification: 'fabricated_quote', code: 'claim.fabricated-quote' };
  const missing = factChecks.filter((check) => check.foundIn === undefined);
  if (missing.length > 0)
    return {
      classification: 'unsupported_claim',
      code: missing.some((check) => check.nearest !== undefined)
        ? 'claim.unsupported.fact-mismatch'
        : 'claim.unsupported.fact-missing',
    };
  if (quoteChecks.some((check) => check.foundIn === undefined))
    return { classification: 'wrong_citation', code: 'claim.wrong-citation.quote' };
  if (factChecks.some((check) => check.notAfter !== undefined))
    return { classification: 'wrong_citation', code: 'claim.wrong-citation.fact' };
  // Nothing proven wrong: verbatim, weakly supported, or for a judge to decide.
  if (checks.exactIn) return { classification: 'exact_match', code: 'claim.exact-match' };
  // Few of enough content words in the closest cited chunk; not measured where no words are
  // marked (CJK) nor on sentences about the passages themselves.
  const overlap = checks.wordOverlap;
  if (
    !isCjk(claim.prose) &&
    !ABOUT_THE_SOURCES.test(claim.prose) &&
    overlap.chunkId !== undefined &&
    overlap.of >= CHUNK_DEFAULTS.weakSupportMinWords &&
    overlap.found < options.weakSupportThreshold * overlap.of
  )
    return { classification: 'weak_support', code: 'claim.weak-support' };
  return { classification: 'verification_uncertain', code: 'claim.verification-uncertain' };
}

const ABOUT_THE_SOURCES =
  /\b(?:(?:given|provided|retrieved|these|this|the|in|of)\s+(?:contexts?|passages?|sources?|documents?|chunks?|excerpts?|references?)\b|no (?:information|mention|details?|data)\b|not (?:mentioned|provided|stated|specified|given)\b|does not (?:mention|say|state|specify|provide)\b)/i;

function overlapOf(found: number, of: number, chunkId?: string): ClaimVerdict['wordOverlap'] {
  return {
    found,
    of,
    ratio: of === 0 ? null : Math.round((found / of) * 10_000) / 10_000,
    ...(chunkId === undefined ? {} : { chunkId }),
  };
}

function classifyUncited(
  claim: Claim,
  quotes: QuoteFinding[],
  content: string[],
  library: ChunkLibrary,
  options: ClassifyClaimOptions,
): ClaimVerdict {
  const stated = [
    ...claim.facts.map((fact) => fact.raw),
    ...quotes.map((quote) => `“${shorten(quote.raw, 60)}”`),
  ];
  const suggestions: string[] = [];
  let source: SourcePassage | undefined;
  const locate = (index: ChunkIndex): void => {
    if (source) return;
    const window = findSourcePassage([index], content, claim.facts);
    if (window) source = toPassage(window);
  };
  for (const fact of claim.facts) {
    const owner = library.ownerOfFact(fact);
    if (!owner) continue;
    suggestions.push(
      `chunk ${owner.index.chunk.id} states ${owner.fact.raw}: cite [${owner.index.chunk.id}]`,
    );
    locate(owner.index);
  }
  for (const quote of quotes) {
    const piece = quotePieces(quote.raw).sort((a, b) => b.length - a.length)[0];
    const owner = piece ? library.ownerOfVerbatim(piece) : undefined;
    if (!owner) continue;
    suggestions.push(`chunk ${owner.chunk.id} has the quotation: cite [${owner.chunk.id}]`);
    locate(owner);
  }
  const unique = [...new Set(suggestions)];
  return {
    claim,
    classification: 'uncited_claim',
    code: stated.length > 0 ? 'claim.uncited.fact' : 'claim.uncited.statement',
    citedIds: [],
    missingIds: [],
    quotes: quotes.map((quote) => ({
      quote,
      longestRun: { tokens: 0, of: verbatimTokens(quote.raw).length },
    })),
    facts: claim.facts.map((fact) => ({ fact })),
    wordOverlap: overlapOf(0, content.length),
    ...(source ? { source } : {}),
    explanation: `States ${stated.length > 0 ? joinList(stated) : 'this as fact'} but cites no chunk`,
    correction:
      unique.length > 0
        ? capitalize(unique.join('; '))
        : `Add a citation to the chunk that states ${stated.length > 0 ? joinList(stated) : 'it'}, or remove it`,
    failing: isFailingClassification('uncited_claim', options),
  };
}

const STOPWORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto as is are was were be been being it its this that these those ' +
    'there their they them he she his her him we our you your i me my not no nor so than too very can could may might must shall should will would ' +
    'do does did done has have had having also such which who whom whose what when where why how all any both each few more most other some only ' +
    'own same just about over under again further once here out up down off above below between through during before after while because until ' +
    'per via one'
  ).split(' '),
);

/** Not a function word, and more than one character. */
export function isContentWord(word: string): boolean {
  return word.length > 1 && !STOPWORDS.has(word);
}
