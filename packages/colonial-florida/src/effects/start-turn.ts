import type { Effect } from '../context.js';

/** Starts a turn: counts it and resets the Action phase's seat. */
export const startTurn: Effect = (ctx) => {
  const s = ctx.state;
  s.turn += 1;
  s.actionSeat = null;
  if (ctx.recording) ctx.emit({ type: 'turnStarted', turn: s.turn });
};
