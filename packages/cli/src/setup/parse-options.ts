import { usageError } from '../errors.js';

/**
 * Parses one `--option` value: JSON when it parses (numbers, booleans, null, arrays,
 * objects, quoted strings), else the raw text as a string.
 * @public
 */
export function parseOptionValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Parses `k=v` pairs (from repeated `--option` flags) into an options object. Throws a
 * usage error for a pair without `=` or with an empty key.
 * @public
 */
export function parseOptionPairs(pairs: readonly string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at < 0 ? '' : pair.slice(0, at).trim();
    if (key === '') {
      throw usageError(`bad --option '${pair}': expected key=value, e.g. --option turns=10`);
    }
    options[key] = parseOptionValue(pair.slice(at + 1));
  }
  return options;
}

/**
 * Parses a `--seed` value: an integer when the text is one, else the text itself (string
 * seeds are allowed).
 * @public
 */
export function parseSeed(text: string): number | string {
  return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

/**
 * Parses a whole, positive count flag (`--players`, `--games`), or throws a usage error.
 * @public
 */
export function parseCount(flag: string, text: string, min = 1): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw usageError(`${flag} must be a whole number of at least ${String(min)}, got '${text}'`);
  }
  return n;
}

/** Commander collector for repeatable flags. */
export function collect(value: string, previous: readonly string[]): string[] {
  return [...previous, value];
}
