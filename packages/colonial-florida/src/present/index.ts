/**
 * Colonial Florida as people see it: its narration of events, its text board and the
 * wording of its actions, as plain data (rich text and board blocks, no colours), for a
 * command line, a web page or a log viewer. Browser-safe. Published as
 * `@ruleloom/colonial-florida/present`.
 *
 * @packageDocumentation
 */
import type { PresenterOf } from '@ruleloom/core';
import type { colonialFlorida } from '../game.js';
import { NATIONS } from '../state.js';
import { renderColonialFloridaBoard } from './board.js';
import { describeColonialFloridaChoice, describeColonialFloridaMove } from './describe.js';
import { narrateColonialFloridaEvent } from './narrate.js';

export { renderColonialFloridaBoard } from './board.js';
export { describeColonialFloridaChoice, describeColonialFloridaMove } from './describe.js';
export { narrateColonialFloridaEvent } from './narrate.js';
export { cardName, markerLabel, spaceName } from './names.js';
export type { ColonialFloridaPresentContext } from './names.js';

/**
 * Colonial Florida's presenter (see `GamePresenter` in `@ruleloom/core`).
 * @public
 */
export const colonialFloridaPresenter: PresenterOf<typeof colonialFlorida> = {
  gameId: 'colonial-florida',
  summary: [
    'Colonial Florida, for 2 or 3 players (Spanish, British, French): found, develop and conquer settlements on a ring of 36 spaces.',
    'Each turn the Hurricane (3D6), Pirate (2D6), Indian Raid (1D6) and Disease (1D6) markers move counterclockwise and strike the settlement they land on: Raze markers, lost cards, raids fought as battles. Then every settlement that is neither razed nor occupied by an opposing pawn pays its controller Gold.',
    'Then each player in turn rolls two dice and moves by one of them. On an empty settlement you found it with a control marker; on your own you repair it or draw an Enhancement card (income, combatants, Fortresses); on an opposing one you may attack with combatants from adjacent settlements: (1 + attackers)D6 against (2 + defenders)D6.',
    'The first player with 50 Gold at a check wins (goldToWin); after maxTurns the most Gold wins.',
  ],
  seatLabel: (seat) => NATIONS[seat] ?? `Seat ${String(seat)}`,
  formatScore: (score) => `${String(score)} gold`,
  renderBoard: renderColonialFloridaBoard,
  narrateEvent: narrateColonialFloridaEvent,
  describeAction: describeColonialFloridaMove,
  describeChoice: describeColonialFloridaChoice,
};
