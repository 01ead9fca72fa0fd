import type { PresentContext } from '@ruleloom/core';
import type { StAugustineCard } from '../cards/card.js';
import { STREET_NAMES } from '../cards/cards.js';
import { formatMoney } from '../money.js';
import type { StAugustineOptions } from '../options.js';
import type { TradeOffer } from '../state.js';

/**
 * What St. Augustine's presentation reads: seat names and the match's rules.
 * @public
 */
export type StAugustinePresentContext = PresentContext<StAugustineOptions, StAugustineCard>;

/**
 * The card of an instance id, when the rules know it.
 * @public
 */
export function cardOf(ctx: StAugustinePresentContext, id: string): StAugustineCard | undefined {
  return ctx.rules.cards.byInstance.get(id);
}

/**
 * `King Street` for a street code (`street m` for a street no table names).
 * @public
 */
export function streetName(code: string): string {
  return (STREET_NAMES as Readonly<Record<string, string>>)[code] ?? `street ${code}`;
}

/**
 * `Pub (King Street)` for a shop, the name for an attraction, the id when unknown.
 * @public
 */
export function cardName(ctx: StAugustinePresentContext, id: string): string {
  const card = cardOf(ctx, id);
  if (card === undefined) return id;
  return card.kind === 'shop' ? `${card.name} (${streetName(card.street)})` : card.name;
}

/**
 * `Pub (King Street) and $2,000`, or `nothing`.
 * @public
 */
export function offerText(ctx: StAugustinePresentContext, offer: TradeOffer): string {
  const parts = offer.shops.map((id) => cardName(ctx, id));
  if (offer.money > 0) parts.push(formatMoney(offer.money));
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}
