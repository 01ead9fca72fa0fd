import { describeValue } from '@ruleloom/core';
import { MARKER_NAMES } from '../state.js';

/** Checks that params is an object with exactly these keys. */
export function checkKeys(params: unknown, keys: readonly string[]): string[] {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return [`expected params { ${keys.join(', ')} }`];
  const problems: string[] = [];
  for (const key of Object.keys(params))
    if (!keys.includes(key)) problems.push(`unknown param '${key}' (expected ${keys.join(', ')})`);
  for (const key of keys) if (!(key in params)) problems.push(`missing param '${key}'`);
  return problems;
}

/** Checks a `{ marker }` param naming one of the given markers. */
export function checkMarker(params: unknown, allowed: readonly string[] = MARKER_NAMES): string[] {
  const problems = checkKeys(params, ['marker']);
  if (problems.length > 0) return problems;
  const marker = (params as { marker: unknown }).marker;
  return typeof marker === 'string' && allowed.includes(marker)
    ? []
    : [`marker must be one of ${allowed.join(', ')}, got ${describeValue(marker)}`];
}

/** Checks a `{ [key]: whole number >= min }` param object. */
export function checkWhole(params: unknown, key: string, min: number): string[] {
  const problems = checkKeys(params, [key]);
  if (problems.length > 0) return problems;
  const v = (params as Record<string, unknown>)[key];
  return typeof v === 'number' && Number.isInteger(v) && v >= min
    ? []
    : [`${key} must be a whole number of at least ${min}`];
}
