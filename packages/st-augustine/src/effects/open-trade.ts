import type { StAugustineEffect } from '../context.js';

/**
 * Trade phase: the current player speaks first. With `maxProposalsPerPlayer: 0` nobody
 * could propose, so the phase ends at once.
 * @public
 */
export const openTrade: StAugustineEffect = (ctx) => {
  if (ctx.options.maxProposalsPerPlayer === 0) return;
  const s = ctx.state;
  s.trade = null;
  s.tradeRound = {
    speaker: s.current,
    proposals: new Array<number>(ctx.players).fill(0),
    received: new Array<number>(ctx.players).fill(0),
    passes: 0,
  };
};
