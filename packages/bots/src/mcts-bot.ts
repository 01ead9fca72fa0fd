import type { ActionBase, Heuristic } from '@ruleloom/core';
import type { Bot } from './bot.js';
import { resolveMctsParams, type MctsParams } from './mcts/mcts-params.js';
import { barredOffers, countsAt } from './mcts/offers.js';
import { search, type SearchSink } from './mcts/search.js';
import { searchSpace, type SearchSpace } from './mcts/space.js';

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
 * With {@link MctsParams.offersReceived}, offers to other seats follow the rule the catalog's
 * bots share (the greedy bot's): none to a seat that already received one this phase, and
 * only offers the bot would accept itself.
 *
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
      const space = searchSpace(
        rules,
        () => rules.determinize(view, rng, seat),
        resolved.forwardModel,
      );
      const offersAt = resolved.offersReceived;
      const chosen = search(
        {
          space,
          seat,
          legalActions:
            offersAt === undefined || legalActions.length === 1
              ? legalActions
              : offersItMakes(
                  space,
                  seat,
                  legalActions,
                  resolved.heuristic,
                  countsAt(view, offersAt),
                ),
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

/** The legal actions without the offers the bot will not make (all of them if it bars every one). */
function offersItMakes<S, TAction extends ActionBase>(
  space: SearchSpace<S, TAction>,
  seat: number,
  legal: readonly TAction[],
  heuristic: Heuristic | undefined,
  received: readonly unknown[] | undefined,
): readonly TAction[] {
  const barred = barredOffers(space, space.sample(), seat, legal, heuristic, received);
  const kept = legal.filter((_, i) => barred[i] === 0);
  return kept.length > 0 ? kept : legal;
}
