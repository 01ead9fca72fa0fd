import { onlySeat, type GameScore } from '@ruleloom/core';
import type { StAugustineState } from './state.js';

/** The seat whose decision is awaited: the bidder, the addressee of a proposal, or the speaker. */
export function stAugustineToAct(s: StAugustineState): readonly number[] {
  if (s.auction !== null) return onlySeat(s.bidder);
  if (s.trade !== null) return onlySeat(s.trade.to);
  if (s.tradeRound !== null) return onlySeat(s.tradeRound.speaker);
  return onlySeat(null);
}

/** Final scores: every seat's money (the richest win). */
export function scoreStAugustine(s: StAugustineState): GameScore {
  return { scores: s.players.map((p) => p.money) };
}
