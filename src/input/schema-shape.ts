import type { z } from 'zod';
import type { PathPart } from './issue-types.js';

/**
 * Reading a zod schema's shape, so the allowed keys a message lists come from the schema itself and
 * cannot drift from it. Reads zod's internal definition (`_zod.def`), the one place that does.
 */

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let node = schema;
  for (let depth = 0; node !== undefined && depth < 20; depth++) {
    const def = defOf(node);
    if (
      def.type === 'optional' ||
      def.type === 'nullable' ||
      def.type === 'default' ||
      def.type === 'readonly' ||
      def.type === 'catch'
    )
      node = def.innerType;
    else if (def.type === 'lazy') node = def.getter?.();
    else if (def.type === 'pipe') node = def.in;
    else return node;
  }
  return node;
}

export function isOptional(schema: z.ZodType): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default';
}

/** The object shape at `path` in `schema` (through lists, records, optional values and unions). */
export function objectShape(
  schema: z.ZodType | undefined,
  path: readonly PathPart[],
): Record<string, z.ZodType> | undefined {
  let node = unwrap(schema);
  for (const part of path) {
    if (node === undefined) return undefined;
    const def = defOf(node);
    if (def.type === 'object') node = unwrap(def.shape?.[String(part)]);
    else if (def.type === 'record') node = unwrap(def.valueType);
    else if (def.type === 'array') node = unwrap(def.element);
    else if (def.type === 'union')
      node = unwrap(
        def.options
          ?.map(unwrap)
          .find(
            (option) =>
              option !== undefined &&
              defOf(option).type === 'object' &&
              String(part) in (defOf(option).shape ?? {}),
          ),
      );
    else return undefined;
  }
  if (node === undefined) return undefined;
  const def = defOf(node);
  if (def.type === 'object') return def.shape;
  if (def.type === 'union') {
    const option = def.options
      ?.map(unwrap)
      .find((candidate) => candidate !== undefined && defOf(candidate).type === 'object');
    return option === undefined ? undefined : defOf(option).shape;
  }
  return undefined;
}
