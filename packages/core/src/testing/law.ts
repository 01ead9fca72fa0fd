/**
 * One law: a name for the test and a function that throws (with the fast-check seed and
 * counterexample) when the law is broken.
 * @public
 */
export interface Law {
  readonly name: string;
  readonly run: () => void;
}

/** The seed the laws use: `FC_SEED` when set, so CI can pin and print it. */
export function lawSeed(explicit?: number): number {
  if (explicit !== undefined) return explicit;
  const env = typeof process !== 'undefined' ? process.env.FC_SEED : undefined;
  const n = env === undefined ? NaN : Number(env);
  return Number.isSafeInteger(n) ? n : 42;
}
