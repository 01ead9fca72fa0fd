import { canonicalJson } from '../util/canonical-json.js';

/** The first place two JSON values differ: a dotted path and both values (short). */
export function firstDifference(
  a: unknown,
  b: unknown,
  path = '',
): { path: string; a: unknown; b: unknown } | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return canonicalJson(a) === canonicalJson(b) ? undefined : { path, a, b };
  if (Array.isArray(a) !== Array.isArray(b)) return { path, a, b };
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of [...keys].sort()) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      path === '' ? key : `${path}.${key}`,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}
