/** The liveness check's entry, imported lazily by the fronts when liveness is on. */
import { isRecord } from '../util/record.js';
import { compareStrings } from '../util/strings.js';
import { createLinkChecker } from './checker.js';
import type { LinkChecker, LivenessOptions } from './types.js';

const checkers = new Map<string, LinkChecker>();
const functionIds = new WeakMap<object, number>();
let nextFunctionId = 1;

/**
 * The process-wide checker for these options (by value, functions by identity): one cache, pool
 * and set of limits. Closing it ends it for every holder. Throws `InputError` for invalid options.
 */
export function sharedLinkChecker(options: LivenessOptions = {}): LinkChecker {
  const key = optionsKey(options);
  let checker = checkers.get(key);
  if (!checker) {
    const inner = createLinkChecker(options);
    const shared: LinkChecker = {
      ...inner,
      close: async () => {
        if (checkers.get(key) === shared) checkers.delete(key);
        await inner.close();
      },
    };
    checker = shared;
    checkers.set(key, checker);
  }
  return checker;
}

/** Close every shared checker (end of a CLI run, test teardown). */
export async function closeSharedLinkCheckers(): Promise<void> {
  const all = [...checkers.values()];
  checkers.clear();
  await Promise.all(all.map((checker) => checker.close()));
}

/** Options as a stable string: keys sorted at every level, functions by identity. */
function optionsKey(options: LivenessOptions): string {
  return JSON.stringify(options, (_key, value: unknown) => {
    if (typeof value === 'function') {
      let id = functionIds.get(value);
      if (id === undefined) {
        id = nextFunctionId++;
        functionIds.set(value, id);
      }
      return `[function ${id}]`;
    }
    if (isRecord(value)) {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, entry]) => entry !== undefined)
          .sort(([a], [b]) => compareStrings(a, b)),
      );
    }
    return value;
  });
}
