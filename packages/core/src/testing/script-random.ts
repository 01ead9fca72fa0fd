/**
 * Anything that holds scripted randomness: an engine, or a match (through its engine).
 * @public
 */
export type ScriptTarget = { readonly engine: ScriptableEngine } | ScriptableEngine;

/**
 * The test hook of an engine.
 * @public
 */
export interface ScriptableEngine {
  setScriptedRandom(values: number[] | null): void;
}

/**
 * Test-only: makes the next random draws of a match (dice faces, `int` values, shuffle swap
 * indices, picks) come from `values`, in order, before the seeded generator takes over again.
 * A value outside the range asked for throws. This cannot be reached from options or saves.
 *
 * @example
 * ```ts
 * scriptRandom(match, [6, 6, 6]); // the next 3d6 roll is 18
 * ```
 * @public
 */
export function scriptRandom(target: ScriptTarget, values: readonly number[]): void {
  const engine = 'engine' in target ? target.engine : target;
  engine.setScriptedRandom([...values]);
}
