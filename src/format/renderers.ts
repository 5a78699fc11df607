/**
 * A command's output formats as one table, a renderer per name: the names (for `--format` and the
 * usage text) and the rendering come from the same object, so no format is listed without a
 * renderer or rendered without being listed. Used by `report` and `stale`.
 */
export interface FormatTable<F extends string, T> {
  /** The format names, in the table's order. */
  names: readonly F[];
  render: (value: T, format: F) => string;
}

export function formatTable<F extends string, T>(
  renderers: Readonly<Record<F, (value: T) => string>>,
): FormatTable<F, T> {
  return {
    names: Object.keys(renderers) as F[],
    render: (value, format) => renderers[format](value),
  };
}
