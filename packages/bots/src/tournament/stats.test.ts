import { describe, expect, it } from 'vitest';
import { bradleyTerryElo, wilsonInterval } from './stats.js';

describe('wilsonInterval', () => {
  it('matches the textbook 95% interval of 50 wins in 100 games', () => {
    const [low, high] = wilsonInterval(50, 100);
    expect(low).toBeCloseTo(0.4038, 3);
    expect(high).toBeCloseTo(0.5962, 3);
  });
  it('stays inside [0, 1] for all wins and no wins', () => {
    expect(wilsonInterval(10, 10)[1]).toBeCloseTo(1, 12);
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});

describe('bradleyTerryElo', () => {
  it('rates equal records equally at 1500', () => {
    const elo = bradleyTerryElo([
      [0, 5],
      [5, 0],
    ]);
    expect(elo[0]).toBeCloseTo(1500, 6);
    expect(elo[1]).toBeCloseTo(1500, 6);
  });
  it('puts a 3-to-1 favourite about 190 points ahead (400 log10 3), less a little for the prior', () => {
    const [a, b] = bradleyTerryElo([
      [0, 300],
      [100, 0],
    ]);
    expect(a! - b!).toBeGreaterThan(185);
    expect(a! - b!).toBeLessThan(192);
  });
  it('gives a bot that never loses a finite rating, and orders a chain a > b > c', () => {
    const [a, b, c] = bradleyTerryElo([
      [0, 10, 10],
      [0, 0, 7],
      [0, 3, 0],
    ]);
    expect(Number.isFinite(a)).toBe(true);
    expect(a!).toBeGreaterThan(b!);
    expect(b!).toBeGreaterThan(c!);
  });
});
