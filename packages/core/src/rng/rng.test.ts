import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lawSeed } from '../testing/laws.js';
import { Rng } from './rng.js';

describe('Rng.shuffleRange', () => {
  it('shuffles a slice in place exactly as shuffle shuffles a copy of it, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.integer(),
        (items, a, b, seed) => {
          const start = items.length === 0 ? 0 : a % (items.length + 1);
          const end = start + (b % (items.length - start + 1));
          const whole = Float64Array.from(items);
          const rng = Rng.fromSeed(seed);
          rng.shuffleRange(whole, start, end);
          const alone = Rng.fromSeed(seed);
          const slice = alone.shuffle(items.slice(start, end));
          expect([...whole]).toEqual([...items.slice(0, start), ...slice, ...items.slice(end)]);
          // Both generators drew the same numbers, so they continue alike.
          expect(rng.state()).toEqual(alone.state());
        },
      ),
      { seed: lawSeed() },
    );
  });

  it('refuses a range outside the array', () => {
    const rng = Rng.fromSeed(1);
    expect(() => rng.shuffleRange([1, 2, 3], 0, 4)).toThrow(RangeError);
    expect(() => rng.shuffleRange([1, 2, 3], -1, 2)).toThrow(RangeError);
    expect(() => rng.shuffleRange([1, 2, 3], 0.5, 2)).toThrow(RangeError);
  });
});
