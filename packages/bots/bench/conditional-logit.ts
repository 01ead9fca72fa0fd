/**
 * A conditional-logit model (a softmax over the seats of one decision point) fitted by
 * Newton's method: deterministic, plain TypeScript, for `cf-learn.ts`.
 */

/** One decision point: a feature vector per seat, and each seat's share of the win. */
export interface Sample {
  readonly features: readonly (readonly number[])[];
  readonly outcome: readonly number[];
}

/** The softmax over the seats of `w·f`. */
export function seatShares(
  features: readonly (readonly number[])[],
  w: readonly number[],
): number[] {
  const scores = features.map((f) => f.reduce((s, x, i) => s + x * (w[i] ?? 0), 0));
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - top));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / total);
}

/** Mean negative log-likelihood of the outcomes (natural log; ln 3 is a uniform guess for 3). */
export function logLoss(samples: readonly Sample[], w: readonly number[]): number {
  let total = 0;
  for (const s of samples) {
    const p = seatShares(s.features, w);
    s.outcome.forEach((y, j) => {
      if (y > 0) total -= y * Math.log(Math.max(1e-12, p[j] as number));
    });
  }
  return total / Math.max(1, samples.length);
}

/** Solves `a x = b` by Gaussian elimination with partial pivoting (a is overwritten). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((a[r] as number[])[c] as number) > Math.abs((a[p] as number[])[c] as number))
        p = r;
    [a[c], a[p]] = [a[p] as number[], a[c] as number[]];
    [b[c], b[p]] = [b[p] as number, b[c] as number];
    const pivot = (a[c] as number[])[c] as number;
    if (Math.abs(pivot) < 1e-14) continue;
    for (let r = c + 1; r < n; r++) {
      const f = ((a[r] as number[])[c] as number) / pivot;
      if (f === 0) continue;
      for (let k = c; k < n; k++)
        (a[r] as number[])[k] =
          ((a[r] as number[])[k] as number) - f * ((a[c] as number[])[k] as number);
      b[r] = (b[r] as number) - f * (b[c] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r] as number;
    for (let k = r + 1; k < n; k++) s -= ((a[r] as number[])[k] as number) * (x[k] as number);
    const pivot = (a[r] as number[])[r] as number;
    x[r] = Math.abs(pivot) < 1e-14 ? 0 : s / pivot;
  }
  return x;
}

/**
 * Fits the weights (one per feature, on the features' own scale) that maximise the
 * log-likelihood less `ridge` × N × |w|² on standardized features. Newton steps with step
 * halving until the penalized loss stops improving.
 */
export function fitConditionalLogit(samples: readonly Sample[], ridge: number): number[] {
  const d = samples[0]?.features[0]?.length ?? 0;
  // Standardize (the mean cancels inside the softmax; only the scale matters).
  const scale = new Array<number>(d).fill(0);
  let rows = 0;
  const mean = new Array<number>(d).fill(0);
  for (const s of samples)
    for (const f of s.features) {
      rows++;
      f.forEach((x, i) => (mean[i] = (mean[i] as number) + x));
    }
  mean.forEach((m, i) => (mean[i] = m / Math.max(1, rows)));
  for (const s of samples)
    for (const f of s.features)
      f.forEach((x, i) => (scale[i] = (scale[i] as number) + (x - (mean[i] as number)) ** 2));
  const sd = scale.map((v) => Math.sqrt(v / Math.max(1, rows)) || 1);
  const z: Sample[] = samples.map((s) => ({
    features: s.features.map((f) => f.map((x, i) => x / (sd[i] as number))),
    outcome: s.outcome,
  }));
  const n = z.length;
  const penalized = (w: readonly number[]): number =>
    logLoss(z, w) + ridge * w.reduce((a, x) => a + x * x, 0);
  let w = new Array<number>(d).fill(0);
  let loss = penalized(w);
  for (let iter = 0; iter < 40; iter++) {
    const grad = w.map((x) => -2 * ridge * n * x);
    const hess = Array.from({ length: d }, (_, i) =>
      Array.from({ length: d }, (_, k) => (i === k ? 2 * ridge * n : 0)),
    );
    for (const s of z) {
      const p = seatShares(s.features, w);
      const mu = new Array<number>(d).fill(0);
      s.features.forEach((f, j) =>
        f.forEach((x, i) => (mu[i] = (mu[i] as number) + (p[j] as number) * x)),
      );
      const ySum = s.outcome.reduce((a, b) => a + b, 0);
      s.features.forEach((f, j) => {
        const y = s.outcome[j] as number;
        const pj = p[j] as number;
        for (let i = 0; i < d; i++) {
          grad[i] = (grad[i] as number) + (y - ySum * pj) * (f[i] as number);
          const row = hess[i] as number[];
          const fi = ySum * pj * ((f[i] as number) - (mu[i] as number));
          for (let k = 0; k < d; k++)
            row[k] = (row[k] as number) + fi * ((f[k] as number) - (mu[k] as number));
        }
      });
    }
    const step = solve(hess, grad);
    let t = 1;
    let next = w.map((x, i) => x + (step[i] as number));
    let nextLoss = penalized(next);
    while (nextLoss > loss && t > 1e-4) {
      t /= 2;
      next = w.map((x, i) => x + t * (step[i] as number));
      nextLoss = penalized(next);
    }
    const gain = loss - nextLoss;
    if (gain <= 0) break;
    w = next;
    loss = nextLoss;
    if (gain < 1e-9) break;
  }
  return w.map((x, i) => x / (sd[i] as number));
}
