import { wilsonInterval } from '@ruleloom/bots';
import { errorFunction, mean, quantileSorted, sampleVariance } from 'simple-statistics';

/**
 * A mean with its 95% interval (normal approximation; Wilson for rates).
 * @public
 */
export interface Estimate {
  readonly n: number;
  readonly mean: number;
  readonly ci95: readonly [number, number];
  /** Sample standard deviation (0 for a single value). */
  readonly sd: number;
}

/**
 * Quantiles of a sample.
 * @public
 */
export interface Spread {
  readonly min: number;
  readonly p10: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly p90: number;
  readonly max: number;
}

const Z95 = 1.959963984540054;

/** Rounds to 6 significant decimals: reports stay readable and identical across platforms. */
export function round(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : x;
}

/** Mean and 95% interval of values; rates (0/1 values) get the Wilson interval. */
export function estimate(values: readonly number[], rate: boolean): Estimate | null {
  const n = values.length;
  if (n === 0) return null;
  const m = mean([...values]);
  const sd = n > 1 ? Math.sqrt(sampleVariance([...values])) : 0;
  const ci: readonly [number, number] = rate
    ? wilsonInterval(
        values.reduce((a, b) => a + b, 0),
        n,
      )
    : [m - (Z95 * sd) / Math.sqrt(n), m + (Z95 * sd) / Math.sqrt(n)];
  return { n, mean: round(m), ci95: [round(ci[0]), round(ci[1])], sd: round(sd) };
}

/** Quantiles of values (null when empty). */
export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => round(quantileSorted(s, p));
  return {
    min: round(s[0] as number),
    p10: q(0.1),
    p25: q(0.25),
    median: q(0.5),
    p75: q(0.75),
    p90: q(0.9),
    max: round(s[s.length - 1] as number),
  };
}

/** Two-sided p-value of a standard normal statistic. */
function twoSided(z: number): number {
  if (!Number.isFinite(z)) return z === 0 ? 1 : 0;
  // 2 (1 - Φ(|z|)) = 1 - erf(|z| / √2)
  return Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(z) / Math.SQRT2)));
}

/**
 * Two-sided p-value of a difference between two estimates: a two-proportion z-test for rates
 * (pooled), Welch's z for means (large samples).
 * @public
 */
export function pValue(a: Estimate, b: Estimate, rate: boolean): number {
  if (rate) {
    const pooled = (a.mean * a.n + b.mean * b.n) / (a.n + b.n);
    const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
    return se === 0 ? (a.mean === b.mean ? 1 : 0) : round(twoSided((b.mean - a.mean) / se));
  }
  const se = Math.sqrt((a.sd * a.sd) / a.n + (b.sd * b.sd) / b.n);
  return se === 0 ? (a.mean === b.mean ? 1 : 0) : round(twoSided((b.mean - a.mean) / se));
}
