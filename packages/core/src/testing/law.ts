import fc from 'fast-check';
import { canonicalJson } from '../util/canonical-json.js';

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

/**
 * Runs a property like `fc.assert`, but a failure throws an error whose message starts with
 * the law's own sentence (which seat saw what, where, how to fix it), followed by how to
 * reproduce it (the seed, the path and a short counterexample) rather than the reverse.
 */
export function assertProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => void,
  params: fc.Parameters<[T]>,
  gameId?: string,
): void {
  const details = fc.check(fc.property(arbitrary, check), params);
  if (!details.failed) return;
  const cause: unknown = details.errorInstance;
  const message = cause instanceof Error ? cause.message : String(cause);
  const sentence = gameId === undefined ? message : `game '${gameId}': ${message}`;
  const value: unknown = details.counterexample === null ? null : details.counterexample[0];
  // A walk's setup and seed say which match failed; its choices and junk inputs are noise here.
  const example =
    typeof value === 'object' && value !== null && 'setup' in value && 'seed' in value
      ? `${fc.stringify({ setup: value.setup, seed: value.seed })} (a walk; its choices and junk inputs are left out)`
      : fc.stringify(value);
  throw new Error(
    `${sentence}\n(reproduce with FC_SEED=${String(details.seed)}, path ${String(details.counterexamplePath)}, failed after ${String(details.numRuns)} runs; counterexample: ${example.length > 300 ? `${example.slice(0, 300)}...` : example})`,
    { cause },
  );
}

/**
 * A law's failure: what went wrong and where (one sentence), then what the designer should
 * change, as `<what>. Fix: <fix>.`; `cause` keeps the error that showed it (a hook's throw).
 */
export function lawFailure(what: string, fix: string, cause?: unknown): Error {
  return new Error(`${what}. Fix: ${fix}.`, cause === undefined ? undefined : { cause });
}

/** What the rules must keep to for the same inputs to give the same game. */
export const DETERMINISM =
  'draw every random value through ctx.random, and keep nothing outside the game state (no Math.random, Date.now or module variables in the rules)';

/** What a state must be to be saved, sent and compared. */
export const PLAIN_JSON =
  'keep the state plain JSON data: numbers, strings, booleans, null, arrays and plain objects (no undefined, NaN, Infinity, -0, Map, Set, Date or class instances)';

/** Where in a walk: the decision's number, its phase and the seat that acts. */
export function atDecision(index: number, phase: string, seat?: number): string {
  return `at decision ${String(index)} (phase '${phase}'${seat === undefined ? '' : `, seat ${String(seat)} to act`})`;
}

/**
 * A short rendering of a value (an action, a field) for a message: its JSON, cut at 60
 * characters; NaN, the infinities and -0 as themselves, `absent` for undefined.
 */
export function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0)))
    return Object.is(value, -0) ? '-0' : String(value);
  const text = canonicalJson(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
