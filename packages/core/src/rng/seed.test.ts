import { describe, expect, it } from 'vitest';
import { Rng } from './rng.js';
import { createRngState, forkRngState } from './seed.js';

function topCard(seed: number): number {
  const deck = Array.from({ length: 79 }, (_, i) => i);
  return Rng.fromSeed(seed).shuffle(deck)[0] ?? -1;
}

describe('seed mixing', () => {
  it('consecutive seeds put different cards on top of a shuffled 79-card deck', () => {
    // Unmixed xoroshiro128+ gives the same top card for every seed below ~54 million.
    const tops = new Map<number, number>();
    for (let seed = 0; seed < 2000; seed++)
      tops.set(topCard(seed), (tops.get(topCard(seed)) ?? 0) + 1);
    expect(tops.size).toBe(79);
    // Chi-square against uniform (78 degrees of freedom): 99.9th percentile is ~124.8.
    const expected = 2000 / 79;
    let chi = 0;
    for (let card = 0; card < 79; card++) chi += ((tops.get(card) ?? 0) - expected) ** 2 / expected;
    expect(chi).toBeLessThan(125);
  });

  it('consecutive seeds give uncorrelated first die rolls', () => {
    const first = (seed: number): number => Rng.fromSeed(seed).die(6);
    let same = 0;
    for (let seed = 0; seed < 6000; seed++) if (first(seed) === first(seed + 1)) same++;
    // Independent rolls agree 1/6 of the time: 1000 of 6000, sd ~29.
    expect(same).toBeGreaterThan(880);
    expect(same).toBeLessThan(1120);
  });

  it('string and numeric seeds are accepted and differ', () => {
    expect(createRngState('42')).not.toEqual(createRngState(42));
    expect(createRngState('a')).toEqual(createRngState('a'));
    expect(createRngState(-1)).not.toEqual(createRngState(1));
    expect(createRngState(2 ** 40)).not.toEqual(createRngState(0));
  });

  it('rejects seeds that are not safe integers', () => {
    expect(() => createRngState(1.5)).toThrow(/safe integer/);
    expect(() => createRngState(Number.NaN)).toThrow(/safe integer/);
  });

  it('forks an independent stream without advancing the original', () => {
    const rng = Rng.fromSeed(7);
    const before = rng.state();
    const fork = rng.fork('bot-1');
    expect(rng.state()).toEqual(before);
    const a = Array.from({ length: 20 }, () => fork.int(0, 1_000_000));
    const b = Array.from({ length: 20 }, () => rng.int(0, 1_000_000));
    expect(a).not.toEqual(b);
    expect(forkRngState(before, 1)).not.toEqual(forkRngState(before, 2));
  });

  it('a generator restored from its state continues identically', () => {
    const rng = Rng.fromSeed('x');
    rng.int(0, 9);
    const copy = Rng.fromState(rng.state());
    expect(Array.from({ length: 10 }, () => copy.int(0, 99))).toEqual(
      Array.from({ length: 10 }, () => rng.int(0, 99)),
    );
  });
});
