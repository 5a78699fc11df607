/**
 * Which promptfoo assertion types are a judge: graded by a model rather than by code. The list
 * follows promptfoo's own `MODEL_GRADED_ASSERTION_TYPES` (0.121) plus the model-graded types it
 * keeps elsewhere (`g-eval`, `select-best`, `conversation-relevance`, `pi`, the red-team graders).
 */
const MODEL_GRADED_TYPES: ReadonlySet<string> = new Set([
  'agent-rubric',
  'answer-relevance',
  'context-faithfulness',
  'context-recall',
  'context-relevance',
  'conversation-relevance',
  'factuality',
  'g-eval',
  'llm-rubric',
  'model-graded-closedqa',
  'model-graded-factuality',
  'pi',
  'search-rubric',
  'select-best',
  'trajectory:goal-success',
]);

/**
 * Whether an assertion type is model-graded. Robust to the spellings a results file can hold:
 * case and surrounding space are ignored, a `not-` prefix (the negated form grades with the same
 * model) is stripped, and every `promptfoo:redteam:*` grader counts (each is an LLM rubric).
 */
export function isModelGradedType(type: string | undefined | null): boolean {
  if (typeof type !== 'string') return false;
  let name = type.trim().toLowerCase();
  if (name.startsWith('not-')) name = name.slice('not-'.length);
  if (name.startsWith('promptfoo:redteam:')) return true;
  return MODEL_GRADED_TYPES.has(name);
}
