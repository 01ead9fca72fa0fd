import type { StAugustineEffect } from '../context.js';
import { shopIndex } from '../rules/holdings.js';
import { discardCard } from '../rules/piles.js';

/**
 * Attraction phase: when the flipped card is an attraction, its effect pays the players,
 * then it goes to the discard pile (and the phase pipeline goes back to Flip).
 * @public
 */
export const resolveAttraction: StAugustineEffect = (ctx) => {
  const s = ctx.state;
  const id = s.flipped;
  if (id === null) return;
  // The card table's cards by id, at hand (`ctx.card` throws on an unknown id).
  const card = shopIndex(ctx.cards).cardOf[id] ?? ctx.card(id);
  if (card.kind !== 'attraction') return;
  ctx.run(card.effect);
  discardCard(s, id);
  s.flipped = null;
  if (ctx.recording) ctx.emit({ type: 'attractionResolved', card: id });
};
