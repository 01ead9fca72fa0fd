import type { PhaseDefinition } from '@ruleloom/core';
import type { StAugustineConditions } from '../conditions.js';
import type { StAugustineEffects } from '../effects/effects.js';
import type { EffectRefOf, ConditionRefOf } from '@ruleloom/core';
import { MONOPOLY_TABLE } from '../effects/monopoly-bonus.js';

/**
 * A phase of St. Augustine's pipeline (steps and conditions checked against its handlers).
 * @public
 */
export type StAugustinePhase = PhaseDefinition<
  EffectRefOf<StAugustineEffects>,
  ConditionRefOf<StAugustineConditions>
>;

/**
 * The eight phases of a turn, as data. Attraction loops back to Flip until a shop is
 * flipped; after Monopoly the game ends when the last turn was played, else the next
 * turn starts with Record.
 * @public
 */
export const stAugustinePhases: readonly StAugustinePhase[] = [
  {
    id: 'record',
    description: 'The turn number increases by one.',
    steps: [{ type: 'recordTurn' }],
  },
  {
    id: 'flip',
    description: 'The top card of the deck is flipped.',
    steps: [{ type: 'flipCard' }],
  },
  {
    id: 'attraction',
    description: 'A flipped attraction pays the players and is discarded; then flip again.',
    steps: [{ type: 'resolveAttraction' }],
    next: [{ to: 'flip', when: { type: 'nothingFlipped' } }, { to: '$next' }],
  },
  {
    id: 'bid',
    description: 'An English auction on the flipped shop.',
    steps: [{ type: 'openAuction' }],
    actions: ['bid', 'pass'],
  },
  {
    id: 'trade',
    description: 'Players propose trades of shops and money, in turn.',
    skipIf: { type: 'tradingOff' },
    steps: [{ type: 'openTrade' }],
    actions: ['proposeTrade', 'pass', 'acceptTrade', 'rejectTrade'],
  },
  {
    id: 'revenue',
    description: 'The current player earns per shop owned.',
    steps: [{ type: 'payRevenue', params: { perShop: 1000 } }],
  },
  {
    id: 'streetBonus',
    description: 'The current player earns for leading a street.',
    steps: [{ type: 'payStreetBonus', params: { minShops: 2, majority: 2000, tie: 1000 } }],
  },
  {
    id: 'monopoly',
    description: 'The current player earns for shops of one type.',
    steps: [{ type: 'monopolyBonus', params: { table: MONOPOLY_TABLE } }],
    next: [{ to: '$end', when: { type: 'lastTurnPlayed' } }, { to: 'record' }],
  },
];
