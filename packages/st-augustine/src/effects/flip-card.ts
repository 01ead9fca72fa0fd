import type { StAugustineEffect } from '../context.js';
import { totalShops } from '../rules/holdings.js';

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
    s.deck = deck;
    s.discard = [];
    if (ctx.recording) ctx.emit({ type: 'deckReshuffled', size: s.deck.length });
  }
  // The deck is replaced, never changed in place (earlier states may share it).
  const card = s.deck[0] as string;
  s.deck = s.deck.slice(1);
  s.flipped = card;
  if (ctx.recording) ctx.emit({ type: 'cardFlipped', card });
};
