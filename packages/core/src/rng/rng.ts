import { shuffleInPlace } from './shuffle.js';
import { Xoroshiro128Plus } from './xoroshiro.js';
import { createRngState, forkRngState, type RngState, type Seed } from './seed.js';

/**
 * A seeded random generator (xoroshiro128+, pure-rand's outputs exactly) whose state can be read back
 * as plain data at any time with {@link Rng.state}.
 *
 * @remarks
 * An `Rng` is for code outside a match (bots, tests, tournaments). Inside a match, effects
 * use the match's own generator through their context, so that every draw is recorded.
 * @public
 */
export class Rng {
  /** @internal */
  private readonly gen: Xoroshiro128Plus;

  private constructor(state: RngState) {
    this.gen = new Xoroshiro128Plus();
    this.gen.set(state);
  }

  /** A generator seeded from any integer or string (the seed is mixed first). */
  static fromSeed(seed: Seed): Rng {
    return new Rng(createRngState(seed));
  }

  /** A generator that continues from a saved state. */
  static fromState(state: RngState): Rng {
    return new Rng(state);
  }

  /** The current state as plain data; `Rng.fromState(rng.state())` continues identically. */
  state(): RngState {
    return this.gen.state();
  }

  /** A uniform integer in `[min, max]` (both inclusive). */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Rng.int needs integers min <= max, got ${String(min)}..${String(max)}`);
    }
    return this.gen.int(min, max);
  }

  /** A uniform float in `[0, 1)`, 32 bits of precision. */
  float(): number {
    return (this.gen.next() >>> 0) / 0x100000000;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** Rolls one die with `sides` sides. */
  die(sides: number): number {
    return this.int(1, sides);
  }

  /** A uniformly chosen element; throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick needs a non-empty array');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Shuffles an array in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    shuffleInPlace(items, (min, max) => this.int(min, max));
    return items;
  }

  /**
   * Shuffles `items[start..end)` in place (Fisher–Yates, the same draws as {@link Rng.shuffle}
   * on a copy of that slice) and returns `items`: for a deck packed inside a larger flat
   * array or typed array, without copying it out.
   */
  shuffleRange<A extends { [index: number]: unknown; readonly length: number }>(
    items: A,
    start: number,
    end: number,
  ): A {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > items.length) {
      throw new RangeError(
        `Rng.shuffleRange needs whole numbers 0 <= start, end <= ${String(items.length)}, got ${String(start)}..${String(end)}`,
      );
    }
    shuffleInPlace(items, (min, max) => this.int(min, max), start, end);
    return items;
  }

  /** An independent generator derived from this one's state and a key; this one is not advanced. */
  fork(key: Seed): Rng {
    return Rng.fromState(forkRngState(this.state(), key));
  }

  /** A copy that continues independently from the same point. */
  clone(): Rng {
    return new Rng(this.gen.state());
  }
}
