import { describe, expect, it } from 'vitest';
import { incomePerTurn, stAugustineHeuristic } from './heuristics.js';

const view = (
  players: { money: number; shops: string[] }[],
  extra: Record<string, unknown> = {},
) => ({
  phase: 'bid',
  turn: 10,
  lastTurn: 40,
  current: 0,
  flipped: null,
  deckSize: 50,
  discard: [],
  auction: null,
  bidder: null,
  trade: null,
  tradeRound: null,
  players,
  ...extra,
});

describe('stAugustineHeuristic', () => {
  it('is 1 / players when everybody is equal', () => {
    const v = view([
      { money: 20000, shops: [] },
      { money: 20000, shops: [] },
    ]);
    expect(stAugustineHeuristic(v, 0)).toBeCloseTo(0.5);
  });

  it('values money and income-bearing shops, within [0, 1]', () => {
    const v = view([
      { money: 10000, shops: ['pub-g', 'pub-k', 'cafe-g'] },
      { money: 15000, shops: [] },
    ]);
    expect(stAugustineHeuristic(v, 0)).toBeGreaterThan(0.5);
    expect(stAugustineHeuristic(v, 0) + stAugustineHeuristic(v, 1)).toBeCloseTo(1);
    for (const seat of [0, 1, 5]) {
      const h = stAugustineHeuristic(v, seat);
      expect(h).toBeGreaterThanOrEqual(0);
      expect(h).toBeLessThanOrEqual(1);
    }
  });

  it('is 1 for a winner and 0 for a loser once the game is over', () => {
    const v = view(
      [
        { money: 10000, shops: [] },
        { money: 15000, shops: [] },
      ],
      { phase: 'gameOver' },
    );
    expect(stAugustineHeuristic(v, 1)).toBe(1);
    expect(stAugustineHeuristic(v, 0)).toBe(0);
  });
});

describe('incomePerTurn', () => {
  it('adds revenue, street bonus and monopolies', () => {
    // 3 shops: $3,000 revenue; 2 on St George, strictly most: $4,000; 2 pubs: $4,000
    expect(
      incomePerTurn(
        [
          { money: 0, shops: ['pub-g', 'pub-k', 'cafe-g'] },
          { money: 0, shops: ['cafe-k'] },
        ],
        0,
      ),
    ).toBe(11000);
  });
});
