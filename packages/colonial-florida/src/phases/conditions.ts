import type { Condition } from '../context.js';

/** A player has at least `goldToWin` Gold. */
export const someoneWon: Condition = (state, _params, rules) => {
  const goal = rules.options.goldToWin;
  const players = state.players;
  for (let seat = 0; seat < players.length; seat++)
    if ((players[seat] as { gold: number }).gold >= goal) return true;
  return false;
};

/** Another player still has to act in this turn's Action phase. */
export const moreSeats: Condition = (state, _params, rules) =>
  state.actionSeat !== null && state.actionSeat < rules.players - 1;

/** The last turn (`maxTurns`) has been played. */
export const lastTurn: Condition = (state, _params, rules) => state.turn >= rules.options.maxTurns;
