import type { ActionBase } from '@ruleloom/core';
import type { Bot } from './bot.js';
import { resolveMctsParams, type MctsParams } from './mcts/mcts-params.js';
import { search, type SearchSink } from './mcts/search.js';
import { searchSpace } from './mcts/space.js';

/**
 * An honest Monte Carlo tree search bot: information-set MCTS in the style of
 * single-observer ISMCTS. Every iteration samples a full state consistent with the bot's
 * view (`rules.determinize(view, rng)`: hidden cards dealt at random, future chance from
 * the bot's stream), descends a UCT tree shared across samples (actions that are not legal in
 * a sample are skipped; UCB uses availability counts), expands one node, rolls out, and backs
 * up every seat's reward (its share of the win, or the heuristic at the rollout cut-off).
 * Chance is handled by sampling. It plays the most visited action.
 *
 * @remarks
 * Deterministic for a given seed with an iteration budget. See {@link MctsParams} for the
 * exploration constant, rollout policies (random, heuristic-guided, or an opponent model),
 * rollout depth cut-off and budgets.
 * @public
 */
export function mctsBot<TAction extends ActionBase = ActionBase>(
  params: MctsParams<TAction> = {},
): Bot<TAction> {
  const resolved = resolveMctsParams(params);
  return {
    name: params.name ?? 'mcts',
    act: ({ seat, view, legalActions, rng, rules }) => {
      const onSearch = params.onSearch;
      const sink: SearchSink<TAction> | undefined =
        onSearch === undefined ? undefined : { iterations: 0, ms: 0, candidates: [] };
      const chosen = search(
        {
          space: searchSpace(
            rules,
            () => rules.determinize(view, rng, seat),
            resolved.forwardModel,
          ),
          seat,
          legalActions,
          rng,
        },
        resolved,
        sink,
      );
      if (onSearch !== undefined && sink !== undefined)
        onSearch({
          seat,
          chosen,
          iterations: sink.iterations,
          ms: sink.ms,
          candidates: [...(sink.candidates ?? [])].sort(
            (a, b) => b.visits - a.visits || b.value - a.value,
          ),
        });
      return chosen;
    },
  };
}
