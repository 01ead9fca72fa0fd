/**
 * Structural sharing: returns `next`, except that every part of it that is deeply equal to
 * the same part of `previous` is replaced by that part of `previous` (the whole of
 * `previous` when nothing changed). So a selection that did not change keeps its identity,
 * and a selection that changed keeps the identity of its unchanged branches (a board's
 * memoised rows then re-render only where something changed).
 *
 * Plain JSON-like data only (arrays and plain objects are compared field by field, anything
 * else by `Object.is`), which is what client snapshots hold.
 * @example
 * ```ts
 * const a = { players: [{ money: 1 }, { money: 2 }] };
 * const b = shareStructure(a, { players: [{ money: 1 }, { money: 3 }] });
 * b.players[0] === a.players[0]; // true: unchanged, shared
 * shareStructure(a, { players: [{ money: 1 }, { money: 2 }] }) === a; // true
 * ```
 * @public
 */
export function shareStructure<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const out: unknown[] = next.map((item: unknown, i) => {
      const shared = shareStructure(previous[i], item);
      if (!Object.is(shared, previous[i])) same = false;
      return shared;
    });
    return (same ? previous : out) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const prevKeys = Object.keys(previous);
    const nextKeys = Object.keys(next);
    let same = prevKeys.length === nextKeys.length;
    const out: Record<string, unknown> = {};
    for (const key of nextKeys) {
      const had = Object.hasOwn(previous, key);
      const shared = had ? shareStructure(previous[key], next[key]) : next[key];
      if (!had || !Object.is(shared, previous[key])) same = false;
      out[key] = shared;
    }
    return (same ? previous : out) as T;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
