import { isRecord } from '../util/record.js';
import type { ConfigFile } from './schema.js';

/**
 * Flags over the config file, key by key, and option by option in `liveness` and `judge`. With no
 * file, the flags as they are: the schemas, whose keys say which part a key is of, load only for one.
 */
export async function overFile(
  file: ConfigFile | undefined,
  flags: Readonly<Record<string, unknown>>,
  part: 'verifier' | 'chunks',
): Promise<Record<string, unknown>> {
  if (file === undefined) return { ...flags };
  const keys = Object.keys(
    part === 'verifier'
      ? (await import('./schema.js')).VerifierConfigSchema.shape
      : (await import('../chunks/config.js')).ChunkConfigSchema.shape,
  );
  const base: Record<string, unknown> = {};
  for (const key of keys) {
    const value = file[key as keyof ConfigFile];
    if (value !== undefined) base[key] = value;
  }
  const merged: Record<string, unknown> = { ...base, ...flags };
  const nested = part === 'verifier' ? 'liveness' : 'judge';
  const under = base[nested];
  const over = flags[nested];
  if (isRecord(over) && (isRecord(under) || under === true))
    merged[nested] = { ...(isRecord(under) ? under : {}), ...over };
  return merged;
}

/** Whether the file or the flags turn liveness on: the live-only flags then apply. */
export function livenessOn(file: ConfigFile | undefined): boolean {
  return file?.liveness === true || isRecord(file?.liveness);
}
