import type { ClaimCode } from '../codes.js';
import { JUDGE_DEFAULTS } from '../defaults.js';
import type { JudgeLabel } from '../judge/types.js';
import { ChunkIndex } from './chunk-index.js';
import { isContentWord } from './classify.js';
import { quotePieces } from './evidence.js';
import { chunkNames, shorten } from './explain.js';
import { chunkWords, isCjk, isWordToken } from './unicode.js';
import {
  type Chunk,
  type ClaimClassification,
  type ClaimJudgement,
  type ClaimVerdict,
  type FailurePolicy,
  isFailingClassification,
} from './types.js';

/** What the judge pass learnt of one claim: a verdict (asked or cached), or why there is none. */
export type Judgement =
  | { label: JudgeLabel; evidenceQuote: string; cached: boolean }
  | { fault: string };

/** How a verdict is weighed: the quote's least length, and whether the judge is advice only. */
export interface JudgeRules {
  minWords: number;
  advisory: boolean;
  sharedWordPrefix?: number;
}

type Evidence =
  | { kind: 'found'; chunkId: string }
  | { kind: 'not_verbatim' }
  | { kind: 'unchecked'; problem: string };

/** Which cited chunk holds the judge's quote verbatim, matched as an answer's quotation is. */
function locateEvidence(quote: string, cited: readonly Chunk[], minWords: number): Evidence {
  const pieces = quotePieces(quote.normalize('NFC'));
  const words = pieces.reduce((sum, piece) => sum + piece.filter(isWordToken).length, 0);
  if (words < minWords)
    return {
      kind: 'unchecked',
      problem:
        quote.trim() === ''
          ? 'said YES without an evidence quote'
          : `said YES with an evidence quote of ${words} word${words === 1 ? '' : 's'}, fewer than the ${minWords} we check`,
    };
  for (const chunk of cited) {
    const index = new ChunkIndex({ ...chunk, text: chunk.text.normalize('NFC') });
    if (pieces.every((piece) => index.containsVerbatim(piece)))
      return { kind: 'found', chunkId: chunk.id };
  }
  return { kind: 'not_verbatim' };
}

/**
 * Whether a quote holds one of the claim's content words, or one sharing its first `prefix`
 * letters: a verbatim quote about something else (the chunk's first words) proves nothing.
 */
function quoteSharesContent(claim: string, quote: string, prefix: number): boolean {
  const content = (text: string): string[] =>
    chunkWords(text.normalize('NFC'))
      .map((token) => token.norm)
      .filter((word) => isContentWord(word) || isCjk(word));
  const wanted = new Set(content(claim));
  if (wanted.size === 0) return true;
  const stem = (word: string): string => (word.length >= prefix ? word.slice(0, prefix) : word);
  const stems = new Set([...wanted].map(stem));
  return content(quote).some((word) => wanted.has(word) || stems.has(stem(word)));
}

/**
 * A claim's verdict after the judge (docs/JUDGE.md): a YES counts only with a quote verbatim in a
 * cited chunk and about the claim; else `not_verified`, or as the checks left it if advisory.
 */
export function applyJudgement(
  verdict: ClaimVerdict,
  judgement: Judgement,
  chunks: readonly Chunk[],
  policy: FailurePolicy,
  rules: JudgeRules,
): ClaimVerdict {
  const uncited = verdict.claim.ids.length === 0;
  const cited = uncited
    ? [...chunks]
    : verdict.claim.ids.flatMap((key) => chunks.find((chunk) => chunk.key === key) ?? []);
  const where = chunkNames(cited.map((chunk) => chunk.id));
  const s = cited.length === 1 ? 's' : '';
  if ('fault' in judgement)
    return uncounted(
      verdict,
      { label: null, evidenceQuote: null, cached: false },
      'claim.not-verified.judge-fault',
      judgement.fault,
      rules,
    );
  const quoted =
    judgement.evidenceQuote.trim() === '' ? '' : ` (“${shorten(judgement.evidenceQuote, 120)}”)`;
  if (judgement.label === 'YES') {
    const found = locateEvidence(judgement.evidenceQuote, cited, rules.minWords);
    if (found.kind === 'unchecked')
      return uncounted(
        verdict,
        judgement,
        'claim.not-verified.quote-unchecked',
        `the judge ${found.problem}`,
        rules,
      );
    if (found.kind === 'not_verbatim')
      return judged(verdict, judgement, policy, {
        classification: 'unsupported_claim',
        code: 'claim.unsupported.judge-quote',
        explanation: `The judge said YES but its evidence quote${quoted} is not verbatim in ${where}: words the chunks do not hold support nothing`,
        correction: 'Cite a chunk that states it, or remove it',
      });
    const prefix = rules.sharedWordPrefix ?? JUDGE_DEFAULTS.sharedWordPrefix;
    if (!quoteSharesContent(verdict.claim.prose, judgement.evidenceQuote, prefix))
      return uncounted(
        verdict,
        judgement,
        'claim.not-verified.quote-off-topic',
        `the judge said YES quoting chunk ${found.chunkId}${quoted}, words that share none of the claim's content`,
        rules,
      );
    if (uncited)
      // Supported by a chunk it does not cite: a citation to fix, not a fabrication.
      return judged(verdict, judgement, policy, {
        classification: 'uncited_claim',
        code: 'claim.uncited.judge-found',
        explanation: `Cites no chunk, but the judge finds chunk ${found.chunkId} states it${quoted}`,
        correction: `Cite [${found.chunkId}]`,
      });
    return judged(verdict, judgement, policy, {
      classification: 'faithful_paraphrase',
      code: 'claim.faithful-paraphrase',
      explanation: `The judge says ${where} support${s} it, quoting chunk ${found.chunkId}${quoted}`,
      correction: 'None needed',
    });
  }
  const words = labelWords(judgement.label, where, cited.length, quoted);
  return judged(verdict, judgement, policy, words);
}

/** The classification, code and words of a NO, PARTIAL or CONTRADICTS about `where` (`count` chunks). */
function labelWords(
  label: Exclude<JudgeLabel, 'YES'>,
  where: string,
  count: number,
  quoted: string,
): Words {
  const s = count === 1 ? 's' : '';
  const texts: Record<Exclude<JudgeLabel, 'YES'>, Words> = {
    NO: {
      classification: 'unsupported_claim',
      code: 'claim.unsupported.judge-no',
      explanation: `The judge says ${where} do${count === 1 ? 'es' : ''} not state it${quoted}`,
      correction: 'Cite a chunk that states it, or remove it',
    },
    PARTIAL: {
      classification: 'partially_supported',
      code: 'claim.partially-supported',
      explanation: `The judge says ${where} state${s} only part of it${quoted}`,
      correction: `Keep to what ${where} state${s}, or cite a chunk for the rest`,
    },
    CONTRADICTS: {
      classification: 'context_contradiction',
      code: 'claim.context-contradiction',
      explanation: `The judge says ${where} state${s} otherwise${quoted}`,
      correction: `Correct it to what ${where} say${s}, or remove it`,
    },
  };
  return texts[label];
}

function judged(
  verdict: ClaimVerdict,
  said: Omit<ClaimJudgement, 'counted' | 'reason'>,
  policy: FailurePolicy,
  words: Words,
): ClaimVerdict {
  return {
    ...verdict,
    ...words,
    failing: isFailingClassification(words.classification, policy),
    judge: { ...said, counted: true, reason: words.explanation },
  };
}

interface Words {
  classification: ClaimClassification;
  code: ClaimCode;
  explanation: string;
  correction: string;
}

/** No counted verdict: `not_verified`, or with `rules.advisory` the claim as it was, reason added. */
function uncounted(
  verdict: ClaimVerdict,
  said: Omit<ClaimJudgement, 'counted' | 'reason'>,
  code: ClaimCode,
  reason: string,
  rules: JudgeRules,
): ClaimVerdict {
  const judge = { ...said, counted: false, reason };
  if (rules.advisory)
    return {
      ...verdict,
      explanation: `${verdict.explanation}; no judge verdict counted (advisory): ${reason}`,
      judge,
    };
  return {
    ...verdict,
    classification: 'not_verified',
    code,
    explanation: `not verified: ${reason}`,
    correction:
      'Check it against the cited chunks again once the judge answers, or have a person check it',
    failing: true,
    judge,
  };
}
