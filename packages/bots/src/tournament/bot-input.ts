import type { ActionBase, Engine, MatchState, Rng } from '@ruleloom/core';
import type { BotInput, BotRules } from '../bot.js';

/**
 * Builds an honest bot's input from the match: only the seat's view and legal actions (which
 * the view determines), the bot's stream and the public rules. The state itself stays here.
 */
export function createBotInput<TAction extends ActionBase>(
  engine: Engine<unknown, TAction, unknown>,
  state: MatchState,
  seat: number,
  rules: BotRules<TAction>,
  rng: Rng,
): BotInput<TAction> {
  return {
    seat,
    view: engine.view(state, seat),
    legalActions: engine.legalActions(state, seat),
    rng,
    rules,
  };
}
