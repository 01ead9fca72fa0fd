import fc from 'fast-check';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { Rng } from './rng.js';
import type { RngState } from './seed.js';

const seed = Number(process.env.FC_SEED ?? 42);
const word = fc.integer({ min: -2147483648, max: 2147483647 });
const state = fc
  .tuple(word, word, word, word)
  .filter((s) => s.some((w) => w !== 0)) as fc.Arbitrary<RngState>;
const draw = fc.oneof(
  fc.integer({ min: 1, max: 12 }).map((sides) => ({ kind: 'int' as const, min: 1, max: sides })),
  fc
    .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 70 }))
    .map(([min, n]) => ({ kind: 'int' as const, min, max: min + n })),
  fc
    .tuple(
      fc.integer().map((x) => x * 1024),
      fc.nat().map((n) => n * 2048),
    )
    .map(([min, n]) => ({ kind: 'int' as const, min, max: min + n })),
  fc
    .constantFrom(
      [0, 2 ** 31 - 2],
      [0, 2 ** 31 - 1],
      [0, 2 ** 31],
      [0, 2 ** 32 - 1],
      [-(2 ** 31), 2 ** 31 - 1],
    )
    .map(([min, max]) => ({ kind: 'int' as const, min: min, max: max })),
  fc.constant({ kind: 'float' as const, min: 0, max: 0 }),
);

describe('Rng', () => {
  it("draws exactly pure-rand's xoroshiro128+ (uniformInt and next), with the same state", () => {
    fc.assert(
      fc.property(state, fc.array(draw, { minLength: 1, maxLength: 40 }), (start, draws) => {
        const rng = Rng.fromState(start);
        const gen = xoroshiro128plusFromState(start);
        for (const d of draws) {
          if (d.kind === 'float') expect(rng.float()).toBe((gen.next() >>> 0) / 0x100000000);
          else expect(rng.int(d.min, d.max)).toBe(uniformInt(gen, d.min, d.max));
        }
        expect(rng.state()).toEqual(gen.getState());
        expect(rng.clone().int(0, 1000)).toBe(Rng.fromState(rng.state()).int(0, 1000));
      }),
      { seed, numRuns: 400 },
    );
  });

  it('refuses a state that is not four words', () => {
    expect(() => Rng.fromState([1, 2] as unknown as RngState)).toThrow(/four 32-bit words/);
  });
});
