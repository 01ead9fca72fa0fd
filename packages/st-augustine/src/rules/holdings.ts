import type { CardTable } from '@ruleloom/core';
import type { ShopCard, StAugustineCard } from '../cards/card.js';
import type { StAugustineRules } from '../context.js';

/**
 * Where each shop of a card table sits, numbered: streets and shop types become small
 * integers, so the bonus phases count holdings in typed arrays instead of building maps
 * and looking cards up by id each turn. Built once per card table (cards are data).
 */
export interface ShopIndex {
  /** Street number of a shop instance id (absent for attractions). */
  readonly streetOf: NumberOf;
  /** Shop type number of a shop instance id (absent for attractions). */
  readonly typeOf: NumberOf;
  /** Street codes by number, in first-seen card order. */
  readonly streets: readonly string[];
  /** Shop type ids by number, in first-seen card order. */
  readonly shopTypes: readonly string[];
  /** The number of shop instances in the table. */
  readonly totalShops: number;
}

/**
 * A number by card id: a prototype-less object rather than a `Map`, because V8 looks a
 * string key up in it faster (these lookups run for every shop, every turn).
 */
export type NumberOf = Readonly<Record<string, number | undefined>>;

const indexes = new WeakMap<CardTable<StAugustineCard>, ShopIndex>();
/** The last table asked for (one match or search usually asks for the same one). */
let lastCards: CardTable<StAugustineCard> | undefined;
let lastIndex: ShopIndex | undefined;

/** The {@link ShopIndex} of a match's card table (built on first use, then cached). */
export function shopIndex(cards: CardTable<StAugustineCard>): ShopIndex {
  if (cards === lastCards && lastIndex !== undefined) return lastIndex;
  let index = indexes.get(cards);
  if (index === undefined) {
    const streetOf = Object.create(null) as Record<string, number>;
    const typeOf = Object.create(null) as Record<string, number>;
    let totalShops = 0;
    const streets: string[] = [];
    const shopTypes: string[] = [];
    for (const id of cards.instanceIds) {
      const card = cards.byInstance.get(id);
      if (card?.kind !== 'shop') continue;
      streetOf[id] = numberOf(streets, card.street);
      typeOf[id] = numberOf(shopTypes, card.shopType);
      totalShops++;
    }
    index = { streetOf, typeOf, streets, shopTypes, totalShops };
    indexes.set(cards, index);
  }
  lastCards = cards;
  lastIndex = index;
  return index;
}

/** The number of `name` in `names`, in first-seen order (a new name is added at the end). */
export function numberOf(names: string[], name: string): number {
  const found = names.indexOf(name);
  if (found >= 0) return found;
  names.push(name);
  return names.length - 1;
}

/** The shop definition of a card id, or undefined when it is not a shop. */
export function shopOf(rules: Pick<StAugustineRules, 'card'>, id: string): ShopCard | undefined {
  const card = rules.card(id);
  return card.kind === 'shop' ? card : undefined;
}

/** How many of `shops` are on `street`. */
export function countOnStreet(
  rules: StAugustineRules,
  shops: readonly string[],
  street: string,
): number {
  const index = shopIndex(rules.cards);
  const k = index.streets.indexOf(street);
  if (k < 0) return 0;
  return countWhere(index.streetOf, shops, k);
}

/** How many of `shops` are of `shopType`. */
export function countOfType(
  rules: StAugustineRules,
  shops: readonly string[],
  shopType: string,
): number {
  const index = shopIndex(rules.cards);
  const k = index.shopTypes.indexOf(shopType);
  if (k < 0) return 0;
  return countWhere(index.typeOf, shops, k);
}

function countWhere(numbers: NumberOf, shops: readonly string[], k: number): number {
  let n = 0;
  for (let i = 0; i < shops.length; i++) if (numbers[shops[i] as string] === k) n++;
  return n;
}

/**
 * Counts `shops` by street or shop type number into `counts` (zeroed first, at least as long
 * as the index's list), and returns the numbers in the order the shops first show them.
 */
export function countByNumber(
  numbers: NumberOf,
  shops: readonly string[],
  counts: Int32Array,
  order: Int32Array,
): number {
  counts.fill(0);
  let distinct = 0;
  for (let i = 0; i < shops.length; i++) {
    const k = numbers[shops[i] as string];
    if (k === undefined) continue;
    if (counts[k] === 0) order[distinct++] = k;
    counts[k] = (counts[k] as number) + 1;
  }
  return distinct;
}

const buffers: Int32Array[] = [];

/**
 * A reusable counting buffer (numbered `slot`) of at least `size` entries. The bonus
 * effects run one at a time and never call each other, so each reuses its own few buffers
 * instead of allocating every turn; contents are left over from the last use.
 */
export function scratch(slot: number, size: number): Int32Array {
  let buffer = buffers[slot];
  if (buffer === undefined || buffer.length < size) {
    buffer = new Int32Array(Math.max(size, 16));
    buffers[slot] = buffer;
  }
  return buffer;
}

/** The number of shop instances in a match's card table (cached per table). */
export function totalShops(cards: CardTable<StAugustineCard>): number {
  return shopIndex(cards).totalShops;
}
