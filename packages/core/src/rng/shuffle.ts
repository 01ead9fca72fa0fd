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
 * uniform integer in `[0, i]`). The one shuffle of Ruleloom: the match's generator, the plain
 * {@link Rng} and games' fast models all call it, so the same draws give the same order
 * everywhere.
 * @public
 */
export function shuffleInPlace<T>(
  items: Shuffleable<T>,
  draw: (min: number, max: number) => number,
): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = draw(0, i);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}
