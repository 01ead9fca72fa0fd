/**
 * An array-like list a shuffle can reorder in place: plain arrays and typed arrays alike.
 * @public
 */
export interface Shuffleable<T> {
  /** The number of items. */
  readonly length: number;
  /** The item at an index. */
  [index: number]: T;
}

/**
 * Fisher–Yates: shuffles `items` in place, drawing each swap index from `draw(0, i)` (a
 * uniform integer in `[0, i]`); with `start` and `end`, only `items[start..end)` (the same
 * draws as shuffling that slice alone). The one shuffle of Ruleloom: the match's generator, the plain
 * {@link Rng} and games' fast models all call it, so the same draws give the same order
 * everywhere.
 * @public
 */
export function shuffleInPlace<T>(
  items: Shuffleable<T>,
  draw: (min: number, max: number) => number,
  start = 0,
  end: number = items.length,
): void {
  for (let i = end - 1; i > start; i--) {
    const j = start + draw(0, i - start);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}
