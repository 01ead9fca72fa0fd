import { defineEvents, type DeclaredEvent, type GameEvent } from '@ruleloom/core';
import type { TradeOffer } from './state.js';

/**
 * The attraction effects that pay players (the `effect` of an `attractionPaid` event).
 * @public
 */
export type PayingEffect =
  'streetIncome' | 'typeIncome' | 'shopIncome' | 'leastMoneyBonus' | 'fewestShopsBonus';

/**
 * Every event St. Augustine records, by type, with its payload. Money is whole dollars;
 * `card` is a card id, `street` a street code, `shopType` a shop type (`pub`).
 * @public
 */
export interface StAugustineEventPayloads {
  /** A new turn starts for `seat`. */
  turnStarted: { turn: number; seat: number };
  /** The top card of the deck is flipped. */
  cardFlipped: { card: string };
  /** A flipped attraction has paid whatever it pays. */
  attractionResolved: { card: string };
  /** The bank pays `seat` because of an attraction (`card` null when the effect runs outside one). */
  attractionPaid: { seat: number; amount: number; card: string | null; effect: PayingEffect };
  /** The current player's revenue: so much per shop owned. */
  revenue: { seat: number; amount: number };
  /** The current player leads (or shares the lead on) `street`. */
  streetBonus: { seat: number; amount: number; street: string };
  /** The current player owns several shops of one type. */
  monopolyBonus: { seat: number; amount: number; shopType: string };
  /** The game ends before the next flip. */
  gameEnding: { reason: 'noShopsLeft' | 'deckExhausted' };
  /** The discard pile became the new deck. */
  deckReshuffled: { size: number };
  /** `seat` left the running auction. */
  auctionPassed: { seat: number };
  /** `seat` buys the auctioned shop for `amount`. */
  auctionWon: { seat: number; card: string; amount: number };
  /** Nobody bid for the flipped shop. */
  shopDiscarded: { card: string };
  /** A proposed trade was accepted and carried out. */
  tradeAccepted: { from: number; to: number; give: TradeOffer; receive: TradeOffer };
  /** A proposed trade was rejected. */
  tradeRejected: { from: number; to: number };
  /** Nobody proposes anything more this turn. */
  tradePhaseEnded: Record<never, never>;
}

const payment = { seat: 'seat', amount: 'integer' } as const;

/**
 * St. Augustine's declared events (see `defineEvents` in `@ruleloom/core`): the laws check
 * every recorded event against these fields, and handlers cannot emit anything else.
 * @public
 */
export const stAugustineEvents = defineEvents<StAugustineEventPayloads>()({
  turnStarted: { turn: 'integer', seat: 'seat' },
  cardFlipped: { card: 'card' },
  attractionResolved: { card: 'card' },
  attractionPaid: {
    ...payment,
    card: { kind: 'card', nullable: true },
    effect: {
      kind: 'string',
      oneOf: ['streetIncome', 'typeIncome', 'shopIncome', 'leastMoneyBonus', 'fewestShopsBonus'],
    },
  },
  revenue: payment,
  streetBonus: { ...payment, street: 'string' },
  monopolyBonus: { ...payment, shopType: 'string' },
  gameEnding: { reason: { kind: 'string', oneOf: ['noShopsLeft', 'deckExhausted'] } },
  deckReshuffled: { size: 'integer' },
  auctionPassed: { seat: 'seat' },
  auctionWon: { seat: 'seat', card: 'card', amount: 'integer' },
  shopDiscarded: { card: 'card' },
  tradeAccepted: { from: 'seat', to: 'seat', give: 'record', receive: 'record' },
  tradeRejected: { from: 'seat', to: 'seat' },
  tradePhaseEnded: {},
});

/**
 * Every St. Augustine event (`type` discriminant).
 * @public
 */
export type StAugustineEvent = DeclaredEvent<typeof stAugustineEvents>;

/**
 * A payment by the bank: revenue, a street or monopoly bonus, or an attraction's.
 * @public
 */
export type StAugustinePayment = Extract<
  StAugustineEvent,
  { type: 'revenue' | 'streetBonus' | 'monopolyBonus' | 'attractionPaid' }
>;

const PAYMENT_TYPES: ReadonlySet<string> = new Set([
  'revenue',
  'streetBonus',
  'monopolyBonus',
  'attractionPaid',
]);

const EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(stAugustineEvents.fields));

/**
 * Whether a logged event is one of St. Augustine's own (not an engine event, not redacted).
 * @public
 */
export function isStAugustineEvent(event: GameEvent): event is GameEvent & StAugustineEvent {
  return EVENT_TYPES.has(event.type) && event.hidden !== true;
}

/**
 * Whether a logged event is a payment by the bank (see {@link StAugustinePayment}).
 * @public
 */
export function isStAugustinePayment(event: GameEvent): event is GameEvent & StAugustinePayment {
  return PAYMENT_TYPES.has(event.type) && event.hidden !== true;
}
