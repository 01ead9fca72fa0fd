import {
  formatMoney,
  STREET_NAMES,
  type StAugustineCard,
  type TradeOffer,
} from '@ruleloom/st-augustine';
import type { NarrationContext } from './cli-game.js';

/** The card of an instance id, when the rules know it. */
export function cardOf(ctx: NarrationContext, id: string): StAugustineCard | undefined {
  return ctx.engine.cards.byInstance.get(id) as StAugustineCard | undefined;
}

/** `King Street` for a street code. */
export function streetName(code: string): string {
  return (STREET_NAMES as Readonly<Record<string, string>>)[code] ?? `street ${code}`;
}

/** `Pub (King Street)` for a shop, the name for an attraction, the id when unknown. */
export function cardName(ctx: NarrationContext, id: string): string {
  const card = cardOf(ctx, id);
  if (card === undefined) return id;
  return card.kind === 'shop' ? `${card.name} (${streetName(card.street)})` : card.name;
}

/** `Pub (King Street) and $2,000`, or `nothing`. */
export function offerText(ctx: NarrationContext, offer: TradeOffer): string {
  const parts = offer.shops.map((id) => cardName(ctx, id));
  if (offer.money > 0) parts.push(formatMoney(offer.money));
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}
