import type { StAugustineEffect } from '../context.js';
import { totalShops } from '../rules/holdings.js';
import { replacePiles, takeTopCard } from '../rules/piles.js';

/**
 * Flip phase: the top card of the deck becomes the flipped card.
 *
 * @remarks
 * The game ends at once when no shop is left to flip (every shop is owned). An empty deck
 * is refilled from the shuffled discard pile (`onDeckExhausted: 'reshuffle'`) or ends the
 * game (`'end'`); with both piles empty the game ends.
 * @public
 */
export const flipCard: StAugustineEffect = (ctx) => {
  const s = ctx.state;
  let owned = 0;
  for (const p of s.players) owned += p.shops.length;
  if (owned >= totalShops(ctx.cards)) {
    ctx.emit({ type: 'gameEnding', reason: 'noShopsLeft' });
    ctx.endGame();
    return;
  }
  if (s.deck.length === 0) {
    if (ctx.options.onDeckExhausted === 'end' || s.discard.length === 0) {
      ctx.emit({ type: 'gameEnding', reason: 'deckExhausted' });
      ctx.endGame();
      return;
    }
    const deck = s.discard.slice();
    ctx.random.shuffle(deck, 'deck');
    replacePiles(s, deck, []);
    if (ctx.recording) ctx.emit({ type: 'deckReshuffled', size: s.deck.length });
  }
  // In place when no other state can see the deck, else on a copy (see `takeTopCard`).
  const card = takeTopCard(s);
  s.flipped = card;
  if (ctx.recording) ctx.emit({ type: 'cardFlipped', card });
};
