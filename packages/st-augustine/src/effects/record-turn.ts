import type { StAugustineEffect } from '../context.js';

/**
 * Record phase: the turn number increases by one; the turn belongs to the next seat
 * (turn 1 is seat 0's, turn 2 seat 1's, ...).
 * @public
 */
export const recordTurn: StAugustineEffect = (ctx) => {
  const s = ctx.state;
  s.turn += 1;
  s.current = (s.turn - 1) % ctx.players;
  if (ctx.recording) ctx.emit({ type: 'turnStarted', turn: s.turn, seat: s.current });
};
