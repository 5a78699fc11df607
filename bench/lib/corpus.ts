import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAnswers, generateOrgs, type GeneratedOrg } from './generate.js';

/** Where the shared ExpertQA answers live when this clone sits beside `../shared`. */
export const EXPERTQA_PATH = fileURLToPath(
  new URL('../../../shared/data/expertqa/domain_test.jsonl', import.meta.url),
);

export interface Corpus {
  answers: string[];
  generated: number;
  expertqa: number;
  /** Why ExpertQA answers are missing, when they are. */
  expertqaNote?: string;
  /** UTF-8 bytes of all answers. */
  bytes: number;
}

/**
 * ExpertQA answers as a model printed them: `answers.<system>.answer_string` (prose with `[N]`
 * markers), followed by the `attribution` list of cited URLs, which is where these systems put
 * their links. Returns [] with a note when the file is absent (a fresh clone without ../shared).
 */
export function loadExpertQa(path = EXPERTQA_PATH): { answers: string[]; note?: string } {
  if (!existsSync(path)) {
    // Relative to the project, so results committed from any checkout name no machine's folders.
    const shown = relative(fileURLToPath(new URL('../..', import.meta.url)), path);
    return { answers: [], note: `${shown} not found; generated answers only` };
  }
  const answers: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim().length === 0) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const systems =
      (record as { answers?: Record<string, { answer_string?: unknown; attribution?: unknown }> })
        .answers ?? {};
    for (const answer of Object.values(systems)) {
      if (typeof answer?.answer_string !== 'string' || answer.answer_string.length === 0) continue;
      const sources = Array.isArray(answer.attribution)
        ? answer.attribution.filter((item): item is string => typeof item === 'string')
        : [];
      answers.push(
        sources.length > 0
          ? `${answer.answer_string}\n\nSources:\n${sources.join('\n')}`
          : answer.answer_string,
      );
    }
  }
  return { answers };
}

/** Organizations named in the generated answers: the first 100 of every directory. */
export const KNOWN_ORGS = 100;

export function buildCorpus(orgs: readonly GeneratedOrg[], generatedCount: number): Corpus {
  // Organizations no directory holds: generated past the end of the largest directory.
  const unknown = generateOrgs(60, 99)
    .filter((org) => !orgs.some((listed) => listed.name === org.name))
    .slice(0, 40);
  const generated = generateAnswers(generatedCount, orgs.slice(0, KNOWN_ORGS), unknown);
  const expert = loadExpertQa();
  const answers = [...generated, ...expert.answers];
  const bytes = answers.reduce((sum, answer) => sum + Buffer.byteLength(answer, 'utf8'), 0);
  return {
    answers,
    generated: generated.length,
    expertqa: expert.answers.length,
    ...(expert.note !== undefined ? { expertqaNote: expert.note } : {}),
    bytes,
  };
}
