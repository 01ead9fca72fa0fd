/**
 * A memo of a pure function of read-only lists, keyed by the list itself (its identity).
 *
 * @remarks
 * A game whose zones are replaced, never changed in place (`withCard`, `withoutCard`), can
 * count a zone once per distinct list instead of once per use: successive states share every
 * list that did not change, so the list of a player who bought nothing this turn is the very
 * list counted last turn. The memo has a few numbered slots (one per seat, say) of two entries
 * each; looking a list up is one or two identity checks (no hashing, no `WeakMap`: what a
 * lookup costs matters more than what a miss costs). A list whose length changed since it was
 * counted is counted again, so a list pushed to by mistake is not read stale.
 *
 * The value returned is the memo's own: read it before the next `get` of the same slot, and
 * never keep it. On a miss, `compute` fills the value that leaves the memo (`into`), so a warm
 * memo allocates nothing.
 */
export class ListMemo<TValue> {
  private readonly lists: (readonly unknown[] | null)[] = [];
  private readonly lengths: number[] = [];
  private readonly values: (TValue | null)[] = [];

  /**
   * @param compute - computes the value of a list, filling and returning `into` when given
   *   (a value of this memo that is no longer needed), else a new one.
   */
  constructor(private readonly compute: (list: readonly string[], into: TValue | null) => TValue) {}

  /** The value of `list`, counted in `slot` (a small whole number, such as a seat). */
  get(slot: number, list: readonly string[]): TValue {
    const a = slot * 2;
    const lists = this.lists;
    const lengths = this.lengths;
    if (lists[a] === list && lengths[a] === list.length) return this.values[a] as TValue;
    const b = a + 1;
    if (lists[b] === list && lengths[b] === list.length) return this.values[b] as TValue;
    if (a >= lists.length) this.grow(b + 1);
    // A miss: the older entry leaves, the newer one becomes the older, the list comes first.
    const spare = this.values[b] as TValue | null;
    lists[b] = lists[a] as readonly unknown[] | null;
    lengths[b] = lengths[a] as number;
    this.values[b] = this.values[a] as TValue | null;
    const value = this.compute(list, spare);
    lists[a] = list;
    lengths[a] = list.length;
    this.values[a] = value;
    return value;
  }

  /**
   * Keeps the value of `list` in `slot` when `from`'s value is kept there, made from it by
   * `derive` (a list that replaced `from`, such as `withCard(from, id)`, often costs less to
   * derive than to compute); otherwise does nothing (`list` is computed when asked for).
   * `derive` fills `into` (which may be `from`'s own value: read it before writing) from
   * `value`, the kept value of `from`.
   */
  derive(
    slot: number,
    from: readonly string[],
    list: readonly string[],
    derive: (value: TValue, into: TValue) => void,
  ): void {
    const a = slot * 2;
    const b = a + 1;
    const lists = this.lists;
    const lengths = this.lengths;
    let kept: TValue;
    if (lists[a] === from && lengths[a] === from.length) kept = this.values[a] as TValue;
    else if (lists[b] === from && lengths[b] === from.length) kept = this.values[b] as TValue;
    else return;
    // As on a miss: the older entry leaves and its value is filled (when that entry is
    // `from`'s, in place), the newer becomes the older, `list` comes first.
    const into = this.values[b] ?? this.compute([], null);
    lists[b] = lists[a] as readonly unknown[] | null;
    lengths[b] = lengths[a] as number;
    this.values[b] = this.values[a] as TValue | null;
    derive(kept, into);
    lists[a] = list;
    lengths[a] = list.length;
    this.values[a] = into;
  }

  /** Makes room for `size` entries, all empty (so that the arrays stay packed). */
  private grow(size: number): void {
    while (this.lists.length < size) {
      this.lists.push(null);
      this.lengths.push(-1);
      this.values.push(null);
    }
  }
}
