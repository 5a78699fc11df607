/**
 * promptfoo assertion: verifies the links, phone numbers and organization names of an answer
 * against an allowlist. Use it beside an `llm-rubric` judge:
 *
 *   assert:
 *     - type: javascript
 *       value: file://assertions/verify-citations.ts
 *       config: { allowlist: sample-allowlist/allowlist.json, threshold: 0.4, liveness: false }
 *
 * `CITATION_VERIFIER_ALLOWLIST`, `CITATION_VERIFIER_THRESHOLD` and `CITATION_VERIFIER_LIVENESS` are
 * the fallbacks. It never throws: a thrown error would turn the whole row into an ERROR and lose the
 * judge's result beside it, so every failure becomes a failing result that says what went wrong.
 */
import { promptfooBaseDir, resolveSettings } from '../src/promptfoo/settings.js';
import { describeError } from '../src/errors.js';
import { verifierErrorResult, type GradingResult } from '../src/format/grading.js';
import { toGradingResult } from '../src/format/formatters.js';
import { verifyOutput } from '../src/run.js';

interface AssertionContext {
  config?: unknown;
  /** The test row's variables: `vars.jurisdiction` (or `config.jurisdictionVar`) is its jurisdiction. */
  vars?: Record<string, unknown>;
}

export default async function verifyCitations(
  output: unknown,
  context?: AssertionContext,
): Promise<GradingResult> {
  try {
    const settings = await resolveSettings(
      context?.config,
      process.env,
      promptfooBaseDir(process.argv, process.cwd()),
      context?.vars ? { vars: context.vars } : {},
    );
    return toGradingResult(await verifyOutput(output, settings));
  } catch (error) {
    return verifierErrorResult(describeError(error));
  }
}
