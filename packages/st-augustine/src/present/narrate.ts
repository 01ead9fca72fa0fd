import { seatName, styled, type EventNarration, type GameEvent } from '@ruleloom/core';
import { isStAugustineEvent, type StAugustineEvent, type StAugustinePayment } from '../events.js';
import { formatMoney } from '../money.js';
import {
  cardName,
  offerText,
  shopTypePlural,
  streetName,
  type StAugustinePresentContext,
} from './names.js';

/** `revenue`, `street bonus, King Street`, `monopoly of art galleries`, or the paying card's name. */
function paymentReason(ctx: StAugustinePresentContext, event: StAugustinePayment): string {
  switch (event.type) {
    case 'revenue':
      return 'revenue';
    case 'streetBonus':
      return `street bonus, ${streetName(event.street)}`;
    case 'monopolyBonus':
      return `monopoly of ${shopTypePlural(ctx, event.shopType)}`;
    case 'attractionPaid':
      return event.card === null ? event.effect : cardName(ctx, event.card);
  }
}

/**
 * Whether a flipped attraction resolves (in the same events) without paying anyone: its
 * payments come between the flip and its `attractionResolved`.
 */
function paysNobody(card: string, following: readonly GameEvent[]): boolean {
  for (const e of following) {
    if (!isStAugustineEvent(e)) continue;
    switch (e.type) {
      case 'revenue':
      case 'streetBonus':
      case 'monopolyBonus':
      case 'attractionPaid':
      case 'cardFlipped':
      case 'turnStarted':
        return false;
      case 'attractionResolved':
        return e.card === card;
      default:
        break;
    }
  }
  return false;
}

function narrateOwn(
  event: StAugustineEvent,
  ctx: StAugustinePresentContext,
  following: readonly GameEvent[],
): EventNarration {
  switch (event.type) {
    case 'turnStarted':
      return styled('strong', `— Turn ${String(event.turn)}: ${seatName(ctx, event.seat)} —`);
    case 'cardFlipped':
      return [
        'Flipped: ',
        styled('card', cardName(ctx, event.card)),
        paysNobody(event.card, following) ? ': it pays nobody.' : '',
      ];
    case 'revenue':
    case 'streetBonus':
    case 'monopolyBonus':
    case 'attractionPaid':
      return [
        `${seatName(ctx, event.seat)} earns `,
        styled('gain', formatMoney(event.amount)),
        ` (${paymentReason(ctx, event)})`,
      ];
    case 'auctionWon':
      return [
        styled('strong', seatName(ctx, event.seat)),
        ' buys ',
        styled('card', cardName(ctx, event.card)),
        ' for ',
        styled('money', formatMoney(event.amount)),
      ];
    case 'shopDiscarded':
      return `Nobody bought ${cardName(ctx, event.card)}: it is discarded.`;
    case 'tradeAccepted':
      return `Trade done: ${seatName(ctx, event.from)} gives ${offerText(ctx, event.give)} and gets ${offerText(ctx, event.receive)} from ${seatName(ctx, event.to)}.`;
    case 'deckReshuffled':
      return `The discard pile is shuffled into a new deck (${String(event.size)} cards).`;
    case 'gameEnding':
      return event.reason === 'noShopsLeft'
        ? 'No shops are left: the game ends.'
        : 'The deck is exhausted: the game ends.';
    case 'attractionResolved':
    case 'auctionPassed':
    case 'tradeRejected':
    case 'tradePhaseEnded':
      return null;
  }
}

/**
 * Narrates one St. Augustine event (engine events and unknown ones are left to the generic
 * narration: `undefined`).
 * @public
 */
export function narrateStAugustineEvent(
  event: GameEvent,
  ctx: StAugustinePresentContext,
  following: readonly GameEvent[],
): EventNarration {
  return isStAugustineEvent(event) ? narrateOwn(event, ctx, following) : undefined;
}
