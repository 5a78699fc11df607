/** The promptfoo assertion types graded by a model: its `MODEL_GRADED_ASSERTION_TYPES` and more. */
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

/** Whether an assertion type is model-graded, whatever its case, `not-` or red-team grader. */
export function isModelGradedType(type: string | undefined | null): boolean {
  if (typeof type !== 'string') return false;
  let name = type.trim().toLowerCase();
  if (name.startsWith('not-')) name = name.slice('not-'.length);
  if (name.startsWith('promptfoo:redteam:')) return true;
  return MODEL_GRADED_TYPES.has(name);
}
