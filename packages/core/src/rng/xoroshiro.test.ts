import fc from 'fast-check';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { lawSeed } from '../testing/laws.js';
import type { RngState } from './seed.js';
import { Xoroshiro128Plus } from './xoroshiro.js';

const int32 = fc.integer({ min: -0x80000000, max: 0x7fffffff });
const state = fc
  .tuple(int32, int32, int32, int32)
  .filter(([a, b, c, d]) => (a | b | c | d) !== 0) as fc.Arbitrary<RngState>;
/** Ranges as games draw them (dice, indexes), plus the 2^32 edge and wider ones. */
const range = fc.oneof(
  fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 60 })),
  fc.tuple(fc.integer({ min: -0x80000000, max: 0 }), fc.constant(0xffffffff)),
  fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 2 ** 40 })),
  fc.tuple(fc.constant(-(2 ** 52)), fc.constant(2 ** 53)),
);

describe('Xoroshiro128Plus', () => {
  it('draws exactly what pure-rand draws from the same state, and ends in the same state', () => {
    fc.assert(
      fc.property(state, fc.array(range, { minLength: 1, maxLength: 30 }), (start, draws) => {
        const ours = new Xoroshiro128Plus(start);
        const theirs = xoroshiro128plusFromState(start);
        for (const [min, width] of draws) {
          const max = min + width;
          expect(ours.int(min, max)).toBe(uniformInt(theirs, min, max));
          expect(ours.next()).toBe(theirs.next());
        }
        expect(ours.state()).toEqual(theirs.getState());
      }),
      { seed: lawSeed() },
    );
  });

  it('continues identically after its state is saved and loaded', () => {
    const a = new Xoroshiro128Plus([7, -3, 99, 12345]);
    for (let i = 0; i < 5; i++) a.int(1, 6);
    const b = new Xoroshiro128Plus(a.state());
    expect(Array.from({ length: 20 }, () => a.int(0, 51))).toEqual(
      Array.from({ length: 20 }, () => b.int(0, 51)),
    );
  });
});
