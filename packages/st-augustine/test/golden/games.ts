import type { MatchSetup } from '@ruleloom/core';

/**
 * The golden games: each is played to its end by the seeded random policy of
 * `test/random-policy.ts` and saved as `<name>.json`. Regenerate with
 * `pnpm --filter @ruleloom/st-augustine golden` (see test/golden/regenerate.ts).
 */
export const GOLDEN_GAMES: readonly {
  readonly name: string;
  readonly setup: MatchSetup;
  readonly policySeed: number;
}[] = [
  { name: 'three-players-trading', setup: { seed: 1565, players: 3, options: {} }, policySeed: 1 },
  {
    name: 'four-players-no-trading',
    setup: { seed: 'st-augustine', players: 4, options: { trading: 'off' } },
    policySeed: 2,
  },
  {
    name: 'two-players-variant-options',
    setup: {
      seed: 42,
      players: 2,
      options: {
        turns: 12,
        turnCounting: 'perPlayer',
        tieRule: 'none',
        minimumBid: 3000,
        startingMoney: 25000,
        maxProposalsPerPlayer: 1,
      },
    },
    policySeed: 3,
  },
  {
    name: 'six-players-deck-runs-out',
    setup: { seed: 7, players: 6, options: { trading: 'off', turns: 200, onDeckExhausted: 'end' } },
    policySeed: 4,
  },
];
