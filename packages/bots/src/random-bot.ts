import type { ActionBase } from '@ruleloom/core';
import type { Bot } from './bot.js';

/**
 * A bot that chooses uniformly among the legal actions with its own seeded stream: the
 * floor every other bot should beat.
 * @public
 */
export function randomBot<TAction extends ActionBase = ActionBase>(name = 'random'): Bot<TAction> {
  return {
    name,
    act: ({ legalActions, rng }) => legalActions[rng.int(0, legalActions.length - 1)] as TAction,
  };
}
