import type { ActionBase, MatchState } from '@ruleloom/core';
import type { CheatingBot } from './bot.js';
import { resolveMctsParams, type MctsParams } from './mcts/mcts-params.js';
import { search } from './mcts/search.js';
import { searchSpace } from './mcts/space.js';

/**
 * FOR RESEARCH COMPARISON ONLY: the same search as {@link mctsBot}, but every iteration
 * starts from the TRUE state of the match (opponents' hands, the deck order), so it measures
 * what hidden information is worth. Future chance that is not yet in the state (dice, later
 * shuffles) is still sampled: the true state's generator is replaced by one from the bot's
 * stream each iteration. Never seat it in a game against people.
 * @public
 */
export function cheatingMctsBot<TAction extends ActionBase = ActionBase>(
  params: MctsParams<TAction> = {},
): CheatingBot<TAction> {
  const resolved = resolveMctsParams(params);
  return {
    name: params.name ?? 'CHEATING-mcts',
    cheats: true,
    actWithState: ({ seat, state, engine, legalActions, rng }) => {
      const sample = (): MatchState => {
        const copy = engine.clone(state);
        return {
          phase: copy.phase,
          result: copy.result,
          game: copy.game,
          rng: [
            rng.int(-0x80000000, 0x7fffffff),
            rng.int(-0x80000000, 0x7fffffff),
            rng.int(-0x80000000, 0x7fffffff),
            rng.int(-0x80000000, 0x7fffffff) | 1,
          ],
        };
      };
      return search(
        { space: searchSpace(engine, sample, resolved.forwardModel), seat, legalActions, rng },
        resolved,
      );
    },
  };
}
