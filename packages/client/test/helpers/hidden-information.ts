import type { StoredTruth } from './real-server.js';

/**
 * What of the hidden information a received frame gives away, as a list of findings (empty
 * when nothing): the seed, the generator state, a `deck` field, or any two cards in the
 * order they lie in the hidden draw pile at the frame's version.
 */
export function leaksIn(frame: string, truth: StoredTruth): string[] {
  const found: string[] = [];
  if (frame.includes(truth.seed)) found.push('the seed');
  const parsed = JSON.parse(frame) as { version?: unknown };
  const version = typeof parsed.version === 'number' ? parsed.version : undefined;
  const versions = version === undefined ? truth.rngs.map((_, v) => v) : [version];
  for (const v of versions) {
    const rng = truth.rngs[v];
    if (rng !== undefined && frame.includes(rng.slice(1, -1))) found.push(`the rng at ${v}`);
  }
  if (/"deck"\s*:/.test(frame)) found.push('a deck field');
  if (version !== undefined) {
    const deck = truth.decks[version] ?? [];
    for (let i = 0; i + 1 < deck.length; i++) {
      const pair = `${JSON.stringify(deck[i])},${JSON.stringify(deck[i + 1])}`;
      if (frame.includes(pair)) {
        found.push(`deck cards ${pair} in order at version ${String(version)}`);
        break;
      }
    }
  }
  return found;
}
