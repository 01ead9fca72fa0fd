import { rejection } from '@ruleloom/core';
import { afterAuctionCall, leaveAuction } from '../rules/auction.js';
import { afterTradeCall } from '../rules/trade-round.js';
import type { StAugustineState } from '../state.js';
import type { PassAction, StAugustineActionHandler } from './actions.js';
import { passInput } from './parse.js';

/** Shared immutable action lists: listing `pass` allocates nothing. */
const ONLY_PASS: readonly PassAction[] = Object.freeze([Object.freeze({ type: 'pass' as const })]);
/** The shared pass object, as `legalActions` lists it. */
export const PASS: PassAction = ONLY_PASS[0] as PassAction;
const NO_PASS: readonly PassAction[] = Object.freeze([]);
/** The pass alone in a plain (not frozen) list, for `enumerateShared`: search reads it fastest. */
const SHARED_PASS: readonly PassAction[] = [PASS];

function canPass(state: StAugustineState, seat: number): boolean {
  if (state.auction !== null) return state.bidder === seat;
  return state.tradeRound !== null && state.trade === null && state.tradeRound.speaker === seat;
}

/**
 * `{ type: 'pass' }`: in an auction, leave it for good; in the trade phase, propose nothing.
 * @public
 */
export const pass: StAugustineActionHandler<PassAction> = {
  // Taken back only while nothing hidden came out (a pass that ends an auction flips a card).
  traits: { fields: {}, pass: true, undoable: true },
  description: 'Leave the auction, or propose no trade.',
  parse: passInput,
  validate(state) {
    if (state.auction !== null) return undefined;
    if (state.trade !== null)
      return rejection(
        'trade_pending',
        'a trade proposal is waiting for an answer: acceptTrade or rejectTrade',
      );
    if (state.tradeRound === null)
      return rejection('nothing_to_pass', 'there is no auction or trade phase to pass in now');
    return undefined;
  },
  resolve(ctx, seat) {
    const s = ctx.state;
    const auction = s.auction;
    if (auction !== null) {
      leaveAuction(auction, seat);
      if (ctx.recording) ctx.emit({ type: 'auctionPassed', seat });
      afterAuctionCall(ctx, seat);
      return;
    }
    const round = s.tradeRound;
    if (round === null) return;
    round.passes += 1;
    afterTradeCall(ctx, seat);
  },
  enumerate: (state, seat) => (canPass(state, seat) ? ONLY_PASS : NO_PASS),
  enumerateShared: (state, seat) => (canPass(state, seat) ? SHARED_PASS : NO_PASS),
  count: (state, seat) => (canPass(state, seat) ? 1 : 0),
};
