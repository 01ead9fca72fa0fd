import { defineGame, type DefinedGame } from '@ruleloom/core';
import { stAugustineEvents } from './events.js';
import { acceptTrade } from './actions/accept-trade.js';
import type { StAugustineAction } from './actions/actions.js';
import { bid } from './actions/bid.js';
import { pass } from './actions/pass.js';
import { proposeTrade } from './actions/propose-trade.js';
import { rejectTrade } from './actions/reject-trade.js';
import { checkStAugustineCard, type StAugustineCard } from './cards/card.js';
import { stAugustineCards } from './cards/cards.js';
import { stAugustineConditions, type StAugustineConditions } from './conditions.js';
import { describeStAugustineAction } from './describe-action.js';
import { stAugustineEffects, type StAugustineEffects } from './effects/effects.js';
import {
  checkStAugustineSetup,
  stAugustineOptions,
  type StAugustineOptions,
  type StAugustineOptionsSchema,
} from './options.js';
import { stAugustineForwardModel } from './fast/forward-model.js';
import { stAugustineObservation } from './observation.js';
import { stAugustinePhases } from './phases/phases.js';
import { scoreStAugustine, stAugustineToAct } from './seats.js';
import { stAugustineZones } from './zones.js';
import type { StAugustineView } from './view.js';
import {
  cloneStAugustineState,
  copyStAugustineStateForStep,
  type PlayerState,
  type StAugustineState,
} from './state.js';

/**
 * The type of the {@link stAugustine} game object (and of variants made from it).
 * @public
 */
export type StAugustineGame = DefinedGame<
  StAugustineState,
  StAugustineAction,
  StAugustineOptions,
  StAugustineCard,
  StAugustineOptionsSchema,
  StAugustineEffects,
  StAugustineConditions,
  StAugustineView
>;

/**
 * St. Augustine Shopkeepers: players buy shops in historic St. Augustine at English
 * auctions, trade them, and earn from revenue, street bonuses, monopolies and attractions.
 * The richest player after the last turn wins.
 *
 * @example
 * ```ts
 * import { createMatch } from '@ruleloom/core';
 * import { stAugustine } from '@ruleloom/st-augustine';
 * const match = createMatch(stAugustine, { seed: 42, players: 4, options: { trading: 'off' } });
 * match.apply(0, { type: 'bid', amount: 5000 });
 * ```
 * @public
 */
export const stAugustine: StAugustineGame = defineGame<
  StAugustineState,
  StAugustineAction,
  StAugustineCard,
  StAugustineView
>()({
  id: 'st-augustine',
  name: 'St. Augustine Shopkeepers',
  rulesVersion: 2,
  players: { min: 2, max: 8 },
  options: stAugustineOptions,
  cards: stAugustineCards,
  checkCard: checkStAugustineCard,
  checkSetup: checkStAugustineSetup,
  zones: stAugustineZones,
  setup(ctx) {
    const { deckOrder, startingMoney, turns, turnCounting } = ctx.options;
    const deck = deckOrder === null ? [...ctx.cards.instanceIds] : [...deckOrder];
    if (deckOrder === null) ctx.random.shuffle(deck, 'deck');
    const players: PlayerState[] = [];
    for (let seat = 0; seat < ctx.players; seat++)
      players.push({ money: startingMoney, shops: [] });
    return {
      turn: 0,
      lastTurn: turnCounting === 'total' ? turns : turns * ctx.players,
      current: 0,
      flipped: null,
      deck,
      discard: [],
      auction: null,
      bidder: null,
      trade: null,
      tradeRound: null,
      players,
    };
  },
  phases: stAugustinePhases,
  effects: stAugustineEffects,
  conditions: stAugustineConditions,
  actions: { bid, pass, proposeTrade, acceptTrade, rejectTrade },
  toAct: stAugustineToAct,
  score: scoreStAugustine,
  cloneState: cloneStAugustineState,
  cloneForStep: copyStAugustineStateForStep,
  describeAction: describeStAugustineAction,
  forwardModel: stAugustineForwardModel,
  events: stAugustineEvents,
  observation: stAugustineObservation,
});
