import { describe, expect, it } from 'vitest';
import { diceDistribution, formatDice, parseDice } from './dice.js';

describe('dice', () => {
  it('parses NdM expressions', () => {
    expect(parseDice('3d6')).toEqual({ count: 3, sides: 6 });
    expect(parseDice('d6')).toEqual({ count: 1, sides: 6 });
    expect(parseDice('1D3')).toEqual({ count: 1, sides: 3 });
    expect(parseDice('0d6')).toBeUndefined();
    expect(parseDice('2x6')).toBeUndefined();
    expect(formatDice({ count: 2, sides: 6 })).toBe('2d6');
  });

  it('gives the exact distribution of a sum', () => {
    const two = diceDistribution({ count: 2, sides: 6 });
    expect(two.map((o) => o.outcome)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(two.find((o) => o.outcome === 7)?.probability).toBeCloseTo(1 / 6, 12);
    const three = diceDistribution({ count: 3, sides: 6 });
    expect(three.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    expect(three.find((o) => o.outcome === 3)?.probability).toBeCloseTo(1 / 216, 12);
    expect(diceDistribution({ count: 1, sides: 3 }).map((o) => o.probability)).toEqual([
      1 / 3,
      1 / 3,
      1 / 3,
    ]);
  });
});
