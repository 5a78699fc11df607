import { BUILDER_SHOWN } from '../src/defaults.js';
import { InputError } from '../src/errors.js';
import { houseMessage } from '../src/input/issues.js';
import { formatTablePlace } from '../src/input/table.js';
import type { BuildNote, BuildResult, BuildWarning, CsvDelimiter } from './types.js';

// How the builder's warnings and notes read, and `--strict`.

/** `,` → `','`, tab → `tab`, for messages. */
export function describeDelimiter(delimiter: CsvDelimiter): string {
  return delimiter === '\t' ? 'tab' : `'${delimiter}'`;
}

/** A warning or note as one line of text: its location, then its message. */
export function describeItem(item: BuildWarning | BuildNote): string {
  return `${formatTablePlace(item)}: ${item.message}`;
}

/** `--strict`: `InputError('STRICT_WARNING')` listing the first warnings, so CI fails on a gap. */
export function assertNoWarnings(result: BuildResult): void {
  const { warnings } = result;
  const shown = BUILDER_SHOWN.warnings;
  if (warnings.length === 0) return;
  const lines = warnings.slice(0, shown).map((warning) => `  ${describeItem(warning)}`);
  if (warnings.length > shown) lines.push(`  … and ${warnings.length - shown} more`);
  const what = `--strict: ${warnings.length} warning${warnings.length === 1 ? '' : 's'}, so no allowlist was written`;
  throw new InputError(
    'STRICT_WARNING',
    `${houseMessage(what, 'fix the rows below or drop --strict to skip them')}\n${lines.join('\n')}`,
  );
}

/** Every warning, then every note, one a line, in build order: what `--messages FILE` writes. */
export function formatMessages(result: Pick<BuildResult, 'warnings' | 'notes'>): string {
  const lines = [
    ...result.warnings.map((warning) => `warning: ${describeItem(warning)}`),
    ...result.notes.map((note) => `note: ${describeItem(note)}`),
  ];
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
