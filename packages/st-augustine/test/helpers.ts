import { createMatch, type GameEvent, type Match, type MatchApplyResult } from '@ruleloom/core';
import { expect } from 'vitest';
import {
  isStAugustinePayment,
  stAugustine,
  stAugustineCards,
  type StAugustineAction,
  type StAugustinePayment,
  type StAugustineState,
  type StAugustineView,
} from '../src/index.js';

/** A St. Augustine match as the tests drive it. */
export type StAugustineMatch = Match<StAugustineState, StAugustineAction, StAugustineView>;

const ALL_IDS: readonly string[] = stAugustineCards.map((c) => c.id);

/** A full deck order with `top` first, then every other card in table order. */
export function stackDeck(top: readonly string[], all: readonly string[] = ALL_IDS): string[] {
  const rest = all.filter((id) => !top.includes(id));
  return [...top, ...rest];
}

/** Only the shops, in table order, except `except` (filler for stacked decks). */
export function shopsExcept(except: readonly string[]): string[] {
  return stAugustineCards
    .filter((c) => c.kind === 'shop' && !except.includes(c.id))
    .map((c) => c.id);
}

/** A match with a stacked deck (`top` first; then the remaining shops, then the attractions). */
export function newMatch(
  players: number,
  top: readonly string[],
  options: Readonly<Record<string, unknown>> = {},
): StAugustineMatch {
  const order = stackDeck([...top, ...shopsExcept(top)]);
  return createMatch(stAugustine, {
    seed: 1,
    players,
    options: { trading: 'off', deckOrder: order, ...options },
  });
}

/** Applies an action and expects it to be accepted. */
export function play(
  match: StAugustineMatch,
  seat: number,
  action: StAugustineAction,
): readonly GameEvent[] {
  const r: MatchApplyResult = match.apply(seat, action);
  if (!r.ok)
    throw new Error(
      `seat ${String(seat)} ${JSON.stringify(action)} rejected: ${r.error.code}: ${r.error.message}`,
    );
  return r.events;
}

/** The game state of a match. */
export function game(match: StAugustineMatch): StAugustineState {
  return match.state.game;
}

/** The seat whose decision is awaited (exactly one is expected). */
export function actor(match: StAugustineMatch): number {
  const seats = match.toAct;
  expect(seats).toHaveLength(1);
  return seats[0] as number;
}

/**
 * Runs the auction on the flipped shop: `winner` bids `amount` on their first call, every
 * other call passes (null: everybody passes). Returns the events.
 */
export function auction(
  match: StAugustineMatch,
  winner: number | null,
  amount = 5000,
): GameEvent[] {
  const events: GameEvent[] = [];
  const turn = game(match).turn;
  while (game(match).auction !== null && game(match).turn === turn) {
    const seat = actor(match);
    const a = game(match).auction;
    const action: StAugustineAction =
      seat === winner && a?.highBidder !== winner ? { type: 'bid', amount } : { type: 'pass' };
    events.push(...play(match, seat, action));
  }
  return events;
}

/** Everybody passes in the trade phase until it ends. */
export function passTrades(match: StAugustineMatch): GameEvent[] {
  const events: GameEvent[] = [];
  const turn = game(match).turn;
  while (game(match).tradeRound !== null && game(match).turn === turn)
    events.push(...play(match, actor(match), { type: 'pass' }));
  return events;
}

/** Plays whole turns: for each entry, the auction winner (or null) and the price. */
export function playTurns(
  match: StAugustineMatch,
  plan: readonly (readonly [number | null, number?])[],
): GameEvent[] {
  const events: GameEvent[] = [];
  for (const [winner, amount] of plan) {
    events.push(...auction(match, winner, amount ?? 5000));
    events.push(...passTrades(match));
  }
  return events;
}

/** Every event of the match's log, in order. */
export function allEvents(match: StAugustineMatch): GameEvent[] {
  return match.log.flatMap((entry) => [...entry.events]);
}

/** The events of one turn (from its `turnStarted` to the next). */
export function turnEvents(match: StAugustineMatch, turn: number): GameEvent[] {
  const events = allEvents(match);
  const start = events.findIndex((e) => e.type === 'turnStarted' && e.turn === turn);
  if (start < 0) return [];
  const end = events.findIndex((e, i) => i > start && e.type === 'turnStarted');
  return events.slice(start, end < 0 ? undefined : end);
}

/**
 * A short label of a payment event for assertions: the paying card's id, `revenue`,
 * `streetBonus:<street>` or `monopoly:<shopType>`.
 */
export function paymentLabel(e: StAugustinePayment): string {
  switch (e.type) {
    case 'revenue':
      return 'revenue';
    case 'streetBonus':
      return `streetBonus:${e.street}`;
    case 'monopolyBonus':
      return `monopoly:${e.shopType}`;
    case 'attractionPaid':
      return e.card ?? e.effect;
  }
}

/** The bank's payments as `[seat, amount, label]` (see {@link paymentLabel}). */
export function payments(
  events: readonly GameEvent[],
  reason?: string | RegExp,
): [number, number, string][] {
  return events
    .filter(isStAugustinePayment)
    .map((e) => [e.seat, e.amount, paymentLabel(e)] as [number, number, string])
    .filter(
      ([, , r]) =>
        reason === undefined || (typeof reason === 'string' ? r === reason : reason.test(r)),
    );
}

/** Every seat's money. */
export function money(match: StAugustineMatch): number[] {
  return game(match).players.map((p) => p.money);
}

/** A bare turn-1 state between phases (no auction, no trade), with the given holdings. */
export function stateWith(
  players: readonly { readonly money: number; readonly shops: readonly string[] }[],
  extra: Partial<StAugustineState> = {},
): StAugustineState {
  return {
    turn: 1,
    lastTurn: 40,
    current: 0,
    flipped: null,
    deck: [],
    discard: [],
    auction: null,
    bidder: null,
    trade: null,
    tradeRound: null,
    players: players.map((p) => ({ money: p.money, shops: [...p.shops] })),
    ...extra,
  };
}
