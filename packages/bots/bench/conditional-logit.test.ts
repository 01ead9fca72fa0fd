import { Rng } from '@ruleloom/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitConditionalLogit, logLoss, seatShares, type Sample } from './conditional-logit.js';

/** Decision points drawn from a known model: 3 seats, 3 features on different scales. */
function synthetic(truth: readonly number[], count: number, seed: number): Sample[] {
  const rng = Rng.fromSeed(seed);
  const samples: Sample[] = [];
  for (let k = 0; k < count; k++) {
    const features = [0, 1, 2].map(() => [rng.float() * 2 - 1, rng.float() * 40, rng.int(0, 3)]);
    const p = seatShares(features, truth);
    const u = rng.float();
    const winner = u < (p[0] as number) ? 0 : u < (p[0] as number) + (p[1] as number) ? 1 : 2;
    samples.push({ features, outcome: [0, 1, 2].map((j) => (j === winner ? 1 : 0)) });
  }
  return samples;
}

describe('fitConditionalLogit', () => {
  it('recovers the weights that generated the outcomes, on each feature’s own scale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const truth = [1.5, 0.05, -0.7];
        const data = synthetic(truth, 4000, seed);
        const w = fitConditionalLogit(data, 0);
        expect(w[0]).toBeCloseTo(1.5, 0);
        expect(Math.abs((w[1] as number) - 0.05)).toBeLessThan(0.02);
        expect(Math.abs((w[2] as number) + 0.7)).toBeLessThan(0.2);
        // The maximum-likelihood fit is at least as likely on its data as the truth.
        expect(logLoss(data, w)).toBeLessThanOrEqual(logLoss(data, truth) + 1e-9);
        expect(logLoss(data, w)).toBeLessThan(Math.log(3));
      }),
      { numRuns: 3, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });

  it('is deterministic, and a ridge shrinks the weights', () => {
    const data = synthetic([1, 0.1, 0.5], 1500, 7);
    expect(fitConditionalLogit(data, 0)).toEqual(fitConditionalLogit(data, 0));
    const free = fitConditionalLogit(data, 0);
    const shrunk = fitConditionalLogit(data, 1);
    const norm = (w: number[]): number => w.reduce((a, x) => a + x * x, 0);
    expect(norm(shrunk)).toBeLessThan(norm(free));
  });

  it('shares the win of tied winners in the log-loss', () => {
    const features = [[1], [0], [0]];
    const w = [Math.log(2)]; // shares 1/2, 1/4, 1/4
    expect(logLoss([{ features, outcome: [0.5, 0.5, 0] }], w)).toBeCloseTo(
      -(0.5 * Math.log(0.5) + 0.5 * Math.log(0.25)),
      12,
    );
  });
});
