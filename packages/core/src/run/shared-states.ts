/**
 * States that belong to a live match (read through `match.state`): `Engine.step` refuses
 * them, since stepping in place would change the match behind its back (its hash, log and
 * save would no longer agree). Internal: not exported from the package.
 */
const shared = new WeakSet();

/** Marks a match's current state as not to be stepped in place. */
export function markShared(state: object): void {
  shared.add(state);
}

/** Whether a state belongs to a live match. */
export function isShared(state: object): boolean {
  return shared.has(state);
}
