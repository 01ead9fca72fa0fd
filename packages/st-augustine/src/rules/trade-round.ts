import type { StAugustineEffectContext } from '../context.js';
import type { StAugustineState } from '../state.js';

/** Whether `seat` is the addressee of the pending trade proposal. */
export function isAddressee(state: StAugustineState, seat: number): boolean {
  return state.trade !== null && state.trade.to === seat;
}

/**
 * After a pass by `seat`, or the answer to a proposal made by `seat`: ends the trade phase
 * when every player has passed in a row or everybody has used up their proposals;
 * otherwise the next player clockwise speaks.
 */
export function afterTradeCall(ctx: StAugustineEffectContext, seat: number): void {
  const s = ctx.state;
  const round = s.tradeRound;
  if (round === null) return;
  const max = ctx.options.maxProposalsPerPlayer;
  if (round.passes >= ctx.players || round.proposals.every((n) => n >= max)) {
    s.tradeRound = null;
    s.trade = null;
    ctx.emit({ type: 'tradePhaseEnded' });
    return;
  }
  round.speaker = (seat + 1) % ctx.players;
}
