import { escapeHtml } from '../format/escape.js';
import { answerTitle, capped, moreText, problemParts } from './format-common.js';
import { highlightPieces } from './highlight.js';
import type { FlaggedAnswer, Problem } from './types.js';

function problemTag(problem: Problem): string {
  return problem.kind === 'link' ? problem.bucket : problem.status;
}

/** One listed answer, quoted whole, its first problems (`capped`) marked and listed. */
export function answerHtml(answer: FlaggedAnswer): string {
  const { shown, more } = capped(answer.problems);
  const parts: string[] = [
    `<article class="answer" data-vendor="${escapeHtml(answer.vendor)}" data-test="${escapeHtml(answer.test)}">`,
    `<h3>${escapeHtml(answerTitle(answer))} <span class="none">(verifier score ${answer.verifierScore})</span></h3>`,
  ];
  if (answer.question !== null)
    parts.push(`<p class="question">${escapeHtml(answer.question)}</p>`);
  const quoted = highlightPieces(answer.answer, shown)
    .map((piece) =>
      piece.problem
        ? `<mark class="problem" data-kind="${piece.problem.kind}" title="${escapeHtml(piece.problem.reason)}">${escapeHtml(piece.text)}<span class="tag">${escapeHtml(problemTag(piece.problem))}</span></mark>`
        : escapeHtml(piece.text),
    )
    .join('');
  parts.push(
    `<blockquote>${quoted === '' ? '<span class="none">(empty answer)</span>' : quoted}</blockquote>`,
    '<ul class="problems">',
  );
  for (const problem of shown) {
    const text = problemParts(problem);
    parts.push(
      `<li><strong>${escapeHtml(text.what)}</strong> <code>${escapeHtml(text.text)}</code>${text.note ? ` (${escapeHtml(text.note)})` : ''}: ${escapeHtml(problem.reason)}</li>`,
    );
  }
  if (more > 0)
    parts.push(
      `<li class="none">${escapeHtml(moreText(more, 'problems, neither marked nor listed here (--format json lists them)'))}</li>`,
    );
  parts.push('</ul>');
  for (const reason of answer.judgeReasons)
    parts.push(`<p class="judge">Judge: ${escapeHtml(reason)}</p>`);
  parts.push('</article>');
  return parts.join('');
}
