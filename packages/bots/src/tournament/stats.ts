/**
 * The 95% Wilson score interval of a proportion (`successes` may be fractional, for shared wins).
 * @public
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  z = 1.959963984540054,
): readonly [number, number] {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Elo ratings (mean 1500) from pairwise results: `wins[i][j]` is how often `i` finished ahead
 * of `j` (a tie counts 1/2 to each). Fits a Bradley–Terry model by minorization–maximization
 * with one virtual draw between every pair, so that a bot that never loses gets a finite
 * rating; the fit does not depend on the order of the games.
 * @public
 */
export function bradleyTerryElo(wins: readonly (readonly number[])[]): number[] {
  const n = wins.length;
  const prior = 0.5;
  const w = (i: number, j: number): number => (wins[i]?.[j] ?? 0) + (i === j ? 0 : prior);
  let gamma = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < 1000; iteration++) {
    const next = gamma.map((g, i) => {
      let won = 0;
      let denominator = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const games = w(i, j) + w(j, i);
        won += w(i, j);
        denominator += games / (g + (gamma[j] as number));
      }
      return denominator > 0 ? won / denominator : g;
    });
    const logMean = next.reduce((sum, g) => sum + Math.log(g), 0) / n;
    const normalised = next.map((g) => g / Math.exp(logMean));
    const change = normalised.reduce(
      (m, g, i) => Math.max(m, Math.abs(g - (gamma[i] as number))),
      0,
    );
    gamma = normalised;
    if (change < 1e-10) break;
  }
  return gamma.map((g) => 1500 + (400 * Math.log(g)) / Math.LN10);
}
