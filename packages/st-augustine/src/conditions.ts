import type { StAugustineCondition } from './context.js';

/**
 * The named conditions of St. Augustine's phase pipeline.
 * @public
 */
export type StAugustineConditions = {
  /** The trade phase is skipped (`trading: 'off'`). */
  readonly tradingOff: StAugustineCondition;
  /** No card is flipped (an attraction was just resolved): go back to Flip. */
  readonly nothingFlipped: StAugustineCondition;
  /** The turn just played was the last one. */
  readonly lastTurnPlayed: StAugustineCondition;
};

/** Every condition, by name. */
export const stAugustineConditions: StAugustineConditions = {
  tradingOff: (_s, _p, ctx) => ctx.options.trading === 'off',
  nothingFlipped: (s) => s.flipped === null,
  lastTurnPlayed: (s) => s.turn >= s.lastTurn,
};
