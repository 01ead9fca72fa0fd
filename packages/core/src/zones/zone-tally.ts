/**
 * Numbers the cards of a table by one of their attributes (a street, a shop type, a suit), so
 * that list zones can be counted by that attribute with {@link tallyZone}. Build one per card
 * table and attribute, once (for example in a `WeakMap` keyed by the match's card table).
 * @public
 */
export class ZoneKey {
  /** The attribute's values by number, in the order the cards first show them. */
  readonly names: readonly string[];
  /**
   * The number of each card instance id's value, or undefined for a card without one (a
   * prototype-less object: V8 looks string keys up in it faster than in a `Map`).
   */
  readonly numberOf: Readonly<Record<string, number | undefined>>;

  /**
   * @param ids - every card instance id of the table
   * @param valueOf - the attribute's value of a card, or undefined when it has none
   */
  constructor(ids: readonly string[], valueOf: (id: string) => string | undefined) {
    const names: string[] = [];
    const numberOf = Object.create(null) as Record<string, number | undefined>;
    for (const id of ids) {
      const value = valueOf(id);
      if (value === undefined) continue;
      let k = names.indexOf(value);
      if (k < 0) {
        k = names.length;
        names.push(value);
      }
      numberOf[id] = k;
    }
    this.names = names;
    this.numberOf = numberOf;
  }

  /** The number of a value, or -1 when no card has it. */
  indexOf(value: string): number {
    return this.names.indexOf(value);
  }
}

/**
 * The cards of one list zone counted by a {@link ZoneKey}. Read-only: tallies are shared by
 * every caller that counts the same list.
 * @public
 */
export interface ZoneTally {
  /** Cards per value number (as long as the key's `names`). */
  readonly counts: Readonly<Int32Array>;
  /** Value numbers in the order the zone's cards first show them (`distinct` of them). */
  readonly order: readonly number[];
  /** How many values the zone's cards show. */
  readonly distinct: number;
}

interface TallyEntry extends ZoneTally {
  readonly key: ZoneKey;
  /** The length of the list it counts: a list changed in place is counted again. */
  readonly size: number;
}

/** Tallies by list: a few entries (one per key) for each counted list. */
const tallies = new WeakMap<readonly string[], TallyEntry[]>();

function count(zone: readonly string[], key: ZoneKey): TallyEntry {
  const numberOf = key.numberOf;
  const counts = new Int32Array(key.names.length);
  const order: number[] = [];
  for (let i = 0; i < zone.length; i++) {
    const k = numberOf[zone[i] as string];
    if (k === undefined) continue;
    if (counts[k] === 0) order.push(k);
    counts[k] = (counts[k] as number) + 1;
  }
  return { key, size: zone.length, counts, order, distinct: order.length };
}

function remember(zone: readonly string[], entry: TallyEntry): void {
  const entries = tallies.get(zone);
  if (entries === undefined) tallies.set(zone, [entry]);
  else {
    const at = entries.findIndex((e) => e.key === entry.key);
    if (at >= 0) entries[at] = entry;
    else entries.push(entry);
  }
}

/**
 * Counts a list zone's cards by a {@link ZoneKey}: cards per value and the values in the
 * order the cards first show them. The tally is kept with the list and returned again while
 * the list is the same: for list zones that the rules replace instead of changing in place
 * (`withCard`, `withoutCard`), which is what lets states share their lists. `withCard`
 * carries the tallies of the list it copies over to the new list, so a list that grows by one
 * card is never counted again.
 *
 * @remarks
 * A list changed in place is counted again when its length changed; a list changed in place
 * without changing its length (cards swapped) would keep a stale tally, so count only lists
 * your rules replace.
 * @public
 */
export function tallyZone(zone: readonly string[], key: ZoneKey): ZoneTally {
  const entries = tallies.get(zone);
  if (entries !== undefined) {
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as TallyEntry;
      if (e.key === key && e.size === zone.length) return e;
    }
  }
  const entry = count(zone, key);
  remember(zone, entry);
  return entry;
}

/**
 * Carries the tallies of `zone` over to `grown`, which is `zone` with `id` added at the end
 * (for `withCard`): a copy of each tally with one more card, no recount.
 */
export function carryTallies(zone: readonly string[], grown: readonly string[], id: string): void {
  const entries = tallies.get(zone);
  if (entries === undefined) return;
  const carried: TallyEntry[] = [];
  for (const e of entries) {
    if (e.size !== zone.length) continue;
    const k = e.key.numberOf[id];
    if (k === undefined) {
      carried.push({ ...e, size: grown.length });
      continue;
    }
    const counts = e.counts.slice();
    const order = counts[k] === 0 ? [...e.order, k] : e.order;
    counts[k] = (counts[k] as number) + 1;
    carried.push({ key: e.key, size: grown.length, counts, order, distinct: order.length });
  }
  if (carried.length > 0) tallies.set(grown, carried);
}
