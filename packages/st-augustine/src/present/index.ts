/**
 * St. Augustine as people see it: its narration of events, its text board and the wording of
 * its actions, as plain data (rich text and board blocks, no colours), for a command line,
 * a web page or a log viewer. Browser-safe. Published as `@ruleloom/st-augustine/present`.
 *
 * @packageDocumentation
 */
import type { PresenterOf } from '@ruleloom/core';
import type { stAugustine } from '../game.js';
import { formatMoney } from '../money.js';
import { renderStAugustineBoard, renderStAugustineStatus } from './board.js';
import { describeStAugustineChoice, describeStAugustineMove } from './describe.js';
import { narrateStAugustineEvent } from './narrate.js';
import { explainStAugustineTrade, stAugustineTradeForm } from './trade-form.js';

export { renderStAugustineBoard, renderStAugustineStatus } from './board.js';
export { describeStAugustineChoice, describeStAugustineMove } from './describe.js';
export { narrateStAugustineEvent } from './narrate.js';
export { cardName, cardOf, offerText, streetName } from './names.js';
export type { StAugustinePresentContext } from './names.js';
export { explainStAugustineTrade, stAugustineTradeForm, tradeImpact } from './trade-form.js';
export type { StAugustineTradeAnswers } from './trade-form.js';

/**
 * St. Augustine's presenter (see `GamePresenter` in `@ruleloom/core`), with its trade
 * proposal as a form ({@link stAugustineTradeForm}) and an offer to you explained
 * ({@link explainStAugustineTrade}).
 * @public
 */
export const stAugustinePresenter: PresenterOf<typeof stAugustine> = {
  gameId: 'st-augustine',
  summary: [
    'St. Augustine Shopkeepers, for 2-6 players (up to 8 with maxPlayers): build the richest business in old St. Augustine.',
    'Each turn the top card of the deck is flipped. An attraction pays the players at once (per shop on a street, per shop of a type, or to whoever has the least money or fewest shops) and the next card is flipped. A shop is auctioned: starting with the current player, everyone bids higher or passes; the last bidder pays the bank and takes the shop. If nobody bids it is discarded.',
    'Then players may trade shops and money (unless trading=off), and the current player collects revenue: $1,000 per shop, a bonus for leading a street, and monopoly bonuses for several shops of one type.',
    'After the last turn the player with the most money wins.',
  ],
  seatLabel: (seat) => `Seat ${String(seat)}`,
  formatScore: (score) => formatMoney(score),
  renderBoard: renderStAugustineBoard,
  renderStatus: renderStAugustineStatus,
  narrateEvent: narrateStAugustineEvent,
  describeAction: describeStAugustineMove,
  describeChoice: describeStAugustineChoice,
  forms: { proposeTrade: stAugustineTradeForm },
  explainDecision: explainStAugustineTrade,
};
