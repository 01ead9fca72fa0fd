/** For each shared list: the last shared list it was joined with, and the joined list. */
const joined = new WeakMap<
  readonly unknown[],
  { readonly second: readonly unknown[]; readonly both: readonly unknown[] }
>();

/**
 * `first` followed by `second`, both lists that handlers share between calls: the joined
 * list is shared too, built once per pair and kept (the next call with the same two lists
 * returns it without copying).
 */
export function joinShared<T>(first: readonly T[], second: readonly T[]): readonly T[] {
  const hit = joined.get(first);
  if (hit !== undefined && hit.second === second) return hit.both as readonly T[];
  const both = joinFresh(first, second);
  joined.set(first, { second, both });
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
