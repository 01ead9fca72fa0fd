import type { Engine } from '../game/engine.js';
import type { Match } from '../game/match.js';

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
export function scriptRandom(target: Pick<Match, 'engine'> | Pick<Engine, 'setScriptedRandom'>, values: readonly number[]): void {
  const engine = 'engine' in target ? target.engine : target;
  engine.setScriptedRandom([...values]);
}
