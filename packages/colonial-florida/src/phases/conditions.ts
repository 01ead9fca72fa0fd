import type { Condition } from '../context.js';

/** A player has at least `goldToWin` Gold. */
export const someoneWon: Condition = (state, _params, rules) =>
  state.players.some((p) => p.gold >= rules.options.goldToWin);

/** Another player still has to act in this turn's Action phase. */
export const moreSeats: Condition = (state, _params, rules) =>
  state.actionSeat !== null && state.actionSeat < rules.players - 1;

/** The last turn (`maxTurns`) has been played. */
export const lastTurn: Condition = (state, _params, rules) => state.turn >= rules.options.maxTurns;
