import type { ActionBase, Heuristic } from '@ruleloom/core';
import type { Bot } from './bot.js';

/**
 * Settings of {@link greedyBot}.
 * @public
 */
export interface GreedyBotParams {
  /** The game's evaluation of a view for a seat, in [0, 1] (for example `stAugustineHeuristic`). */
  readonly heuristic: Heuristic;
  /** Determinized states sampled per decision; each action is scored by its mean (default 8). */
  readonly samples?: number;
  /** Display name (default `'greedy'`). */
  readonly name?: string;
}

/**
 * A one-ply lookahead bot: for each sampled full state consistent with its view
 * (`rules.determinize`), it applies each legal action and scores the resulting view with the
 * game's heuristic; it plays the action with the best mean score (ties broken at random).
 * @public
 */
export function greedyBot<TAction extends ActionBase = ActionBase>(
  params: GreedyBotParams,
): Bot<TAction> {
  const samples = Math.max(1, params.samples ?? 8);
  const heuristic = params.heuristic;
  return {
    name: params.name ?? 'greedy',
    act({ seat, view, legalActions, rng, rules }) {
      if (legalActions.length === 1) return legalActions[0] as TAction;
      const totals = new Float64Array(legalActions.length);
      for (let s = 0; s < samples; s++) {
        const sampled = rules.determinize(view, rng, seat);
        for (let i = 0; i < legalActions.length; i++) {
          const next = rules.clone(sampled);
          const r = rules.step(next, seat, legalActions[i], false);
          totals[i] = (totals[i] as number) + (r.ok ? heuristic(rules.view(next, seat), seat) : -1);
        }
      }
      let best = -Infinity;
      const ties: number[] = [];
      for (let i = 0; i < totals.length; i++) {
        const v = totals[i] as number;
        if (v > best + 1e-12) {
          best = v;
          ties.length = 0;
          ties.push(i);
        } else if (v >= best - 1e-12) ties.push(i);
      }
      // No finite score (a broken heuristic): fall back to a random legal action.
      return legalActions[
        ties.length === 0 ? rng.int(0, legalActions.length - 1) : rng.pick(ties)
      ] as TAction;
    },
  };
}
