import type { GameRecord } from '../src/index.js';

/** Trades of one entry over a tournament's games, counted from the saved actions. */
export interface TradeCounts {
  /** Proposals the entry made, and how many the addressee accepted. */
  offered: number;
  offeredAccepted: number;
  /** Proposals made to the entry, and how many it accepted. */
  received: number;
  receivedAccepted: number;
}

interface SavedStep {
  readonly seat: number;
  readonly action: { readonly type: string; readonly to?: unknown };
}

/**
 * Counts the trades of entry `entry` in `games`: every `proposeTrade` and whether the
 * addressee's answer was `acceptTrade` (its next action).
 */
export function countTrades(games: readonly GameRecord[], entry: number): TradeCounts {
  const counts: TradeCounts = { offered: 0, offeredAccepted: 0, received: 0, receivedAccepted: 0 };
  for (const game of games) {
    const steps = game.saved.actions as readonly SavedStep[];
    let pending: { from: number; to: number } | null = null;
    for (const step of steps) {
      const type = step.action.type;
      if (pending !== null && step.seat === pending.to) {
        const accepted = type === 'acceptTrade';
        if (game.seats[pending.from] === entry && accepted) counts.offeredAccepted++;
        if (game.seats[pending.to] === entry && accepted) counts.receivedAccepted++;
        pending = null;
      }
      if (type === 'proposeTrade' && typeof step.action.to === 'number') {
        pending = { from: step.seat, to: step.action.to };
        if (game.seats[step.seat] === entry) counts.offered++;
        if (game.seats[step.action.to] === entry) counts.received++;
      }
    }
  }
  return counts;
}
