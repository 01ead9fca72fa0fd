import fc from 'fast-check';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import type { RulesContext } from '../define/types.js';
import type { RngState } from '../rng/seed.js';
import { RunContext } from './run-context.js';

const seed = Number(process.env.FC_SEED ?? 42);
const word = fc.integer({ min: -2147483648, max: 2147483647 });
const state = fc
  .tuple(word, word, word, word)
  .filter((s) => s.some((w) => w !== 0)) as fc.Arbitrary<RngState>;
const bounds = fc.oneof(
  fc.tuple(fc.constant(1), fc.integer({ min: 1, max: 12 })),
  fc
    .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 70 }))
    .map(([a, n]) => [a, a + n] as const),
  fc
    .tuple(
      fc.integer().map((x) => x * 1024),
      fc.nat().map((n) => n * 2048),
    )
    .map(([a, n]) => [a, a + n] as const),
  fc.constantFrom(
    [0, 2 ** 31 - 2],
    [0, 2 ** 31 - 1],
    [0, 2 ** 31],
    [0, 2 ** 32 - 1],
    [-(2 ** 31), 2 ** 31 - 1],
  ),
);

describe("the run's random draws", () => {
  it("draw exactly pure-rand's uniformInt on xoroshiro128+ and leave its state", () => {
    fc.assert(
      fc.property(state, fc.array(bounds, { minLength: 1, maxLength: 40 }), (start, draws) => {
        const ctx = new RunContext({} as RulesContext<unknown>, {}, {});
        ctx.begin(null, start, null);
        const gen = xoroshiro128plusFromState(start);
        // The engine draws nothing for a range of one value (pure-rand would use one output).
        for (const [min, max] of draws)
          expect(ctx.random.int(min, max)).toBe(min === max ? min : uniformInt(gen, min, max));
        expect(ctx.finish()).toEqual(gen.getState());
      }),
      { seed, numRuns: 400 },
    );
  });

  it('leave the state untouched when nothing is drawn', () => {
    const ctx = new RunContext({} as RulesContext<unknown>, {}, {});
    const start: RngState = [1, 2, 3, 4];
    ctx.begin(null, start, null);
    expect(ctx.random.int(5, 5)).toBe(5);
    expect(ctx.finish()).toBe(start);
  });
});

describe("a shuffle's items are kept for knowledge only", () => {
  const zones = [{ path: 'deck', visibility: 'nobody' as const }];
  function run(knowing: boolean, reveal: boolean): readonly (readonly unknown[])[] {
    const ctx = new RunContext({ players: 2 } as RulesContext<unknown>, {}, {});
    ctx.zones = zones;
    const game = { deck: ['a', 'b', 'c'] };
    ctx.begin(game, [1, 2, 3, 4], null, knowing);
    ctx.shuffle(game.deck, 'deck');
    if (reveal) ctx.reveal('a', { to: 0 });
    ctx.shuffle(game.deck, 'deck');
    ctx.finish();
    return [...ctx.shuffledItems];
  }

  it('copies nothing in a game without knowledge (no known cards, no reveal in the run)', () => {
    expect(run(false, false)).toEqual([[], []]);
  });

  it('copies every shuffle when the state holds knowledge, and those after a reveal of the run', () => {
    expect(run(true, false).map((items) => [...items].sort())).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    // Before the reveal nothing can depend on the items; after it, the revealed card's fate does.
    expect(run(false, true).map((items) => [...items].sort())).toEqual([[], ['a', 'b', 'c']]);
  });
});
