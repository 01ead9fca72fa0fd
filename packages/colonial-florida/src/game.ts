import { defineGame, onlySeat, type Problem } from '@ruleloom/core';
import { colonialFloridaEvents } from './events.js';
import type { ColonialFloridaAction } from './actions/action.js';
import type { ColonialFloridaView } from './view.js';
import { attack } from './actions/attack.js';
import { chooseCasualty } from './actions/choose-casualty.js';
import { declineAttack } from './actions/decline-attack.js';
import { endAction } from './actions/end-action.js';
import { moveCombatant } from './actions/move-combatant.js';
import { move } from './actions/move.js';
import { skipTransfer } from './actions/skip-transfer.js';
import { transfer } from './actions/transfer.js';
import { checkColonialFloridaCard, type ColonialFloridaCard } from './cards/card.js';
import { COLONIAL_FLORIDA_CARDS } from './cards/cards.js';
import { beginAction } from './effects/begin-action.js';
import { collectIncome } from './effects/collect-income.js';
import { diseaseStrike } from './effects/disease-strike.js';
import { hurricaneStrike } from './effects/hurricane-strike.js';
import { moveMarker } from './effects/move-marker.js';
import { raidStrike } from './effects/raid-strike.js';
import { rebuild } from './effects/rebuild.js';
import { startTurn } from './effects/start-turn.js';
import { colonialFloridaOptions, type ColonialFloridaOptions } from './options.js';
import { lastTurn, moreSeats, someoneWon } from './phases/conditions.js';
import { colonialFloridaObservation } from './observation.js';
import { COLONIAL_FLORIDA_PHASES } from './phases/phases.js';
import { setupColonialFlorida } from './setup.js';
import { cloneColonialFloridaState, type ColonialFloridaState } from './state.js';
import { colonialFloridaZones } from './zones.js';

function checkSetup(setup: {
  readonly players: number;
  readonly options: ColonialFloridaOptions;
}): Problem[] {
  const size = setup.options.map.spaces.length;
  const problems: Problem[] = [];
  for (const [key, space] of Object.entries(setup.options.startSpaces)) {
    if (space > size)
      problems.push({
        path: `options.startSpaces.${key}`,
        message: `space ${space} is not on the map (spaces 1 to ${size})`,
      });
  }
  return problems;
}

function describe(action: ColonialFloridaAction): string {
  switch (action.type) {
    case 'move':
      return `moves by die ${action.die === 0 ? 'one' : 'two'}`;
    case 'attack':
      return `attacks with ${action.commit.join(', ')}`;
    case 'declineAttack':
      return 'declines to attack';
    case 'chooseCasualty':
      return `loses ${action.card}`;
    case 'transfer':
      return `moves ${action.card} onto the conquered settlement`;
    case 'skipTransfer':
      return 'keeps the combatants where they are';
    case 'moveCombatant':
      return `moves ${action.card} to space ${action.to}`;
    case 'endAction':
      return 'ends the action';
  }
}

/**
 * Colonial Florida: 2 or 3 colonial powers found, develop and conquer settlements on a ring of
 * 36 spaces while hurricanes, pirates, raids and disease sweep around it. First to 50 Gold wins.
 *
 * @example
 * ```ts
 * import { createMatch } from '@ruleloom/core';
 * import { colonialFlorida } from '@ruleloom/colonial-florida';
 *
 * const match = createMatch(colonialFlorida, { seed: 7, players: 2, options: { goldToWin: 40 } });
 * const [seat] = match.toAct;
 * match.apply(seat, { type: 'move', die: 0 });
 * ```
 * @public
 */
export const colonialFlorida = defineGame<
  ColonialFloridaState,
  ColonialFloridaAction,
  ColonialFloridaCard,
  ColonialFloridaView
>()({
  id: 'colonial-florida',
  name: 'Colonial Florida',
  rulesVersion: 1,
  players: { min: 2, max: 3 },
  options: colonialFloridaOptions,
  cards: COLONIAL_FLORIDA_CARDS,
  checkCard: checkColonialFloridaCard,
  zones: colonialFloridaZones,
  setup: setupColonialFlorida,
  checkSetup,
  phases: COLONIAL_FLORIDA_PHASES,
  effects: {
    startTurn,
    rebuild,
    moveMarker,
    hurricaneStrike,
    raidStrike,
    diseaseStrike,
    collectIncome,
    beginAction,
  },
  conditions: { someoneWon, moreSeats, lastTurn },
  actions: {
    move,
    attack,
    declineAttack,
    chooseCasualty,
    transfer,
    skipTransfer,
    moveCombatant,
    endAction,
  },
  // Each kind of pending decision and the actions that answer it: listing and the
  // forced-decision check ask those handlers only (the laws check that none is left out).
  decisions: {
    move: ['move'],
    attack: ['attack', 'declineAttack'],
    chooseCasualty: ['chooseCasualty'],
    transfer: ['transfer', 'skipTransfer'],
    moveCombatant: ['moveCombatant', 'endAction'],
  },
  awaitedDecision: (state) => state.pending?.type,
  toAct: (state) => onlySeat(state.pending === null ? null : state.pending.seat),
  score: (state) => ({ scores: state.players.map((p) => p.gold) }),
  describeAction: describe,
  cloneState: cloneColonialFloridaState,
  events: colonialFloridaEvents,
  observation: colonialFloridaObservation,
});
