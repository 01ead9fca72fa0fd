interface Join {
  readonly second: readonly unknown[];
  readonly both: readonly unknown[];
}

/** Where an extensible shared list keeps its last join: a hidden slot, read by identity. */
const JOINED: unique symbol = Symbol('ruleloom.joined');

type Joinable = readonly unknown[] & { [JOINED]?: Join };

/** For each frozen shared list: the last shared list it was joined with, and the joined list. */
const joined = new WeakMap<readonly unknown[], Join>();

/**
 * `first` followed by `second`, both lists that handlers share between calls: the joined
 * list is shared too, built once per pair and kept (the next call with the same two lists
 * returns it without copying).
 */
export function joinShared<T>(first: readonly T[], second: readonly T[]): readonly T[] {
  const slot = (first as Joinable)[JOINED];
  if (slot !== undefined && slot.second === second) return slot.both as readonly T[];
  const extensible = Object.isExtensible(first);
  const hit = extensible ? undefined : joined.get(first);
  if (hit !== undefined && hit.second === second) return hit.both as readonly T[];
  const both = joinFresh(first, second);
  const join: Join = { second, both };
  // A hidden, non-enumerable slot: no copy, view or comparison of the list sees it.
  if (extensible)
    Object.defineProperty(first, JOINED, { value: join, writable: true, configurable: true });
  else joined.set(first, join);
  return both;
}

/**
 * `first` followed by `second` in a new list. `concat` makes it at its final size (a long
 * list of trade proposals and a pass: about 30% cheaper than copying and then growing), but
 * V8 takes a slow path for a frozen argument (several times slower), so a frozen `second` is
 * pushed onto a copy instead.
 */
export function joinFresh<T>(first: readonly T[], second: readonly T[]): T[] {
  if (!Object.isFrozen(second)) return first.concat(second);
  const out = first.slice();
  for (let i = 0; i < second.length; i++) out.push(second[i] as T);
  return out;
}
