import type { CardTable } from '@ruleloom/core';
import type { ShopCard, StAugustineCard } from '../cards/card.js';
import type { StAugustineRules } from '../context.js';

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
  let n = 0;
  for (const id of shops) if (shopOf(rules, id)?.street === street) n++;
  return n;
}

/** How many of `shops` are of `shopType`. */
export function countOfType(
  rules: StAugustineRules,
  shops: readonly string[],
  shopType: string,
): number {
  let n = 0;
  for (const id of shops) if (shopOf(rules, id)?.shopType === shopType) n++;
  return n;
}

/** Counts of `shops` grouped by a key of the shop, in first-seen order. */
export function groupCounts(
  rules: StAugustineRules,
  shops: readonly string[],
  key: 'street' | 'shopType',
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of shops) {
    const shop = shopOf(rules, id);
    if (shop === undefined) continue;
    const k = shop[key];
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

const shopTotals = new WeakMap<CardTable<StAugustineCard>, number>();

/** The number of shop instances in a match's card table (cached per table). */
export function totalShops(cards: CardTable<StAugustineCard>): number {
  let total = shopTotals.get(cards);
  if (total === undefined) {
    total = 0;
    for (const id of cards.instanceIds) if (cards.byInstance.get(id)?.kind === 'shop') total++;
    shopTotals.set(cards, total);
  }
  return total;
}
