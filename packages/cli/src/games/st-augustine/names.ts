import type { TradeOffer } from '@ruleloom/st-augustine';
import {
  cardName as presentCardName,
  offerText as presentOfferText,
  type StAugustinePresentContext,
} from '@ruleloom/st-augustine/present';
import type { NarrationContext } from '../cli-game.js';
import { presentContext } from '../cli-game-of.js';

function contextOf(ctx: NarrationContext): StAugustinePresentContext {
  return presentContext(ctx) as StAugustinePresentContext;
}

/** `Pub (King Street)` for a shop, the name for an attraction, the id when unknown. */
export function cardName(ctx: NarrationContext, id: string): string {
  return presentCardName(contextOf(ctx), id);
}

/** `Pub (King Street) and $2,000`, or `nothing`. */
export function offerText(ctx: NarrationContext, offer: TradeOffer): string {
  return presentOfferText(contextOf(ctx), offer);
}
