/** Levenshtein distance, small inputs only (names of effects, options, phases). */
function distance(a: string, b: string): number {
  const row: number[] = [];
  for (let j = 0; j <= b.length; j++) row.push(j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min(
        (row[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

/** Names longer than this get no hint (the distance costs the product of both lengths). */
const MAX_HINTED_NAME = 64;

/**
 * A " Did you mean 'x'?" hint (with its leading space) for a misspelt name: the candidate
 * nearest by edit distance, ignoring case, when it is close enough for a plausible typo;
 * otherwise an empty string. Names longer than 64 characters get no hint.
 *
 * @example
 * ```ts
 * didYouMean('st-augstine', ['st-augustine', 'pig']); // " Did you mean 'st-augustine'?"
 * ```
 * @public
 */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  // Names from input can be long: a hint is only for a plausible misspelling of a short name.
  if (name.length > MAX_HINTED_NAME) return '';
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c.length > MAX_HINTED_NAME) continue;
    const d = distance(name.toLowerCase(), c.toLowerCase());
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  if (best === undefined) return '';
  const limit = Math.max(2, Math.floor(name.length / 3));
  return bestScore <= limit ? ` Did you mean '${best}'?` : '';
}
