/**
 * States that belong to a live match (read through `match.state`): `Engine.step` refuses
 * them, since stepping in place would change the match behind its back (its hash, log and
 * save would no longer agree). Internal: not exported from the package.
 *
 * @remarks
 * The mark is a non-enumerable symbol property on the state object (JSON, hashes and copies
 * never see it): `step` reads a property that states from `clone` do not have, which costs
 * about a nanosecond, where a `WeakSet` lookup on every step cost 10 to 20.
 */
const SHARED: unique symbol = Symbol('ruleloom.sharedState');

/** Marks a match's current state as not to be stepped in place. */
export function markShared(state: object): void {
  if ((state as { [SHARED]?: true })[SHARED] === true) return;
  Object.defineProperty(state, SHARED, { value: true, enumerable: false });
}

/** Whether a state belongs to a live match. */
export function isShared(state: object): boolean {
  return (state as { [SHARED]?: true })[SHARED] === true;
}
