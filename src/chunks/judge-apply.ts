import type { JudgeLabel } from '../judge/types.js';
import { ChunkIndex } from './chunk-index.js';
import { quotePieces } from './evidence.js';
import { shorten } from './explain.js';
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

/**
 * Where a judge's evidence quote is verbatim among the claim's cited chunks, by the same matcher
 * as a quotation of the answer (`quotePieces`, `containsVerbatim`: case, whitespace, curly quotes
 * and dashes folded; an ellipsis splits it): the chunk's id, or why it does not count.
 */
function locateEvidence(
  quote: string,
  cited: readonly Chunk[],
  minWords: number,
): { chunkId: string } | { problem: string } {
  const pieces = quotePieces(quote.normalize('NFC'));
  const words = pieces.reduce(
    (sum, piece) => sum + piece.filter((token) => /^[\p{L}\p{N}]/u.test(token)).length,
    0,
  );
  if (words < minWords)
    return {
      problem:
        quote.trim() === ''
          ? 'gave no evidence quote'
          : `gave an evidence quote of ${words} word${words === 1 ? '' : 's'}, fewer than the ${minWords} we check`,
    };
  for (const chunk of cited) {
    const index = new ChunkIndex({ ...chunk, text: chunk.text.normalize('NFC') });
    if (pieces.every((piece) => index.containsVerbatim(piece))) return { chunkId: chunk.id };
  }
  return {
    problem: `quoted “${shorten(quote, 80)}”, which is not verbatim in ${chunkNames(cited.map((chunk) => chunk.id))}`,
  };
}

const BY_LABEL: Record<Exclude<JudgeLabel, 'YES'>, ClaimClassification> = {
  NO: 'unsupported_claim',
  PARTIAL: 'partially_supported',
  CONTRADICTS: 'context_contradiction',
};

/**
 * A claim's verdict after the judge. YES with a quote found: `faithful_paraphrase`; NO:
 * `unsupported_claim`; PARTIAL: `partially_supported`; CONTRADICTS: `context_contradiction`.
 * A YES whose quote is not found, and no verdict at all, change nothing but the explanation:
 * the claim stays as the checks left it (`verification_uncertain` or `weak_support`).
 */
export function applyJudgement(
  verdict: ClaimVerdict,
  judgement: Judgement,
  chunks: readonly Chunk[],
  policy: FailurePolicy,
  minWords: number,
): ClaimVerdict {
  const cited = verdict.claim.ids.flatMap((key) => chunks.find((chunk) => chunk.key === key) ?? []);
  const where = chunkNames(cited.map((chunk) => chunk.id));
  if ('fault' in judgement)
    return uncounted(verdict, { label: null, evidenceQuote: null, cached: false }, judgement.fault);
  const said = {
    label: judgement.label,
    evidenceQuote: judgement.evidenceQuote,
    cached: judgement.cached,
  };
  const quoted =
    judgement.evidenceQuote.trim() === '' ? '' : ` (“${shorten(judgement.evidenceQuote, 120)}”)`;
  if (judgement.label === 'YES') {
    const found = locateEvidence(judgement.evidenceQuote, cited, minWords);
    if ('problem' in found)
      return uncounted(
        verdict,
        said,
        `the judge said YES but ${found.problem}, so it is not counted`,
      );
    return judged(verdict, 'faithful_paraphrase', said, policy, {
      explanation: `The judge says ${where} support${cited.length === 1 ? 's' : ''} it, quoting chunk ${found.chunkId}${quoted}`,
      correction: 'None needed',
    });
  }
  const classification = BY_LABEL[judgement.label];
  const texts: Record<Exclude<JudgeLabel, 'YES'>, { explanation: string; correction: string }> = {
    NO: {
      explanation: `The judge says ${where} do${cited.length === 1 ? 'es' : ''} not state it${quoted}`,
      correction: 'Cite a chunk that states it, or remove it',
    },
    PARTIAL: {
      explanation: `The judge says ${where} state${cited.length === 1 ? 's' : ''} only part of it${quoted}`,
      correction: `Keep to what ${where} state${cited.length === 1 ? 's' : ''}, or cite a chunk for the rest`,
    },
    CONTRADICTS: {
      explanation: `The judge says ${where} state${cited.length === 1 ? 's' : ''} otherwise${quoted}`,
      correction: `Correct it to what ${where} say${cited.length === 1 ? 's' : ''}, or remove it`,
    },
  };
  return judged(verdict, classification, said, policy, texts[judgement.label]);
}

function judged(
  verdict: ClaimVerdict,
  classification: ClaimClassification,
  said: Omit<ClaimJudgement, 'counted' | 'reason'>,
  policy: FailurePolicy,
  words: { explanation: string; correction: string },
): ClaimVerdict {
  return {
    ...verdict,
    classification,
    explanation: words.explanation,
    correction: words.correction,
    failing: isFailingClassification(classification, policy),
    judge: { ...said, counted: true, reason: words.explanation },
  };
}

function uncounted(
  verdict: ClaimVerdict,
  said: Omit<ClaimJudgement, 'counted' | 'reason'>,
  reason: string,
): ClaimVerdict {
  return {
    ...verdict,
    explanation: `${verdict.explanation}; no judge verdict counted: ${reason}`,
    judge: { ...said, counted: false, reason },
  };
}

function chunkNames(ids: readonly string[]): string {
  if (ids.length === 0) return 'the cited chunks';
  return ids.length === 1 ? `chunk ${ids[0]!}` : `chunks ${ids.join(', ')}`;
}
