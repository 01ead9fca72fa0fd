import type { ActionBase, ActionTraitIndex, Heuristic } from '@ruleloom/core';
import type { Bot } from './bot.js';
import { judgeOffer, offerWorthMaking } from './mcts/candidates.js';
import { engineSpace } from './mcts/space.js';

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

/** Whether an action is an offer to another seat: its type declares a `seat` field. */
function isOffer(action: ActionBase, traits: ActionTraitIndex): boolean {
  const fields = traits.fieldsOf(action.type);
  if (fields === undefined) return false;
  return Object.values(fields).some(
    (spec) => spec === 'seat' || (typeof spec === 'object' && spec.kind === 'seat'),
  );
}

/**
 * A one-ply lookahead bot: for each sampled full state consistent with its view
 * (`rules.determinize`), it applies each legal action and scores the resulting view with the
 * game's heuristic; it plays the action with the best mean score (ties broken at random).
 *
 * Offers to other seats (an action after which another seat must answer, such as a trade
 * proposal: an action whose type declares a `seat` field) follow one rule, judged on the first sample with the addressee's answer modelled
 * (`judgeOffer`): the bot makes only offers it would accept itself (taken, they gain it
 * value), ranked by their value with the answer modelled, and at most one offer to each seat per phase (until the bot's view shows another
 * phase), so an offer refused is not made again, at any price, in that phase.
 * @public
 */
export function greedyBot<TAction extends ActionBase = ActionBase>(
  params: GreedyBotParams,
): Bot<TAction> {
  const samples = Math.max(1, params.samples ?? 8);
  const heuristic = params.heuristic;
  /** Per seat: the phase of its last decision and the seats it made an offer to in it. */
  const offered = new Map<number, { phase: string; to: Set<number> }>();
  return {
    name: params.name ?? 'greedy',
    act({ seat, view, legalActions, rng, rules }) {
      let mine = offered.get(seat);
      if (mine?.phase !== view.phase) {
        mine = { phase: view.phase, to: new Set() };
        offered.set(seat, mine);
      }
      if (legalActions.length === 1) return legalActions[0] as TAction;
      const totals = new Float64Array(legalActions.length);
      /** The addressee of each legal action that is an offer to another seat, else -1. */
      const offerTo = new Int32Array(legalActions.length).fill(-1);
      for (let s = 0; s < samples; s++) {
        const sampled = rules.determinize(view, rng, seat);
        if (s === 0) {
          const space = engineSpace(rules, () => sampled);
          for (let i = 0; i < legalActions.length; i++) {
            if (!isOffer(legalActions[i] as TAction, space.traits)) continue;
            const probe = rules.clone(sampled);
            if (!rules.step(probe, seat, legalActions[i], false).ok) continue;
            const next = rules.toAct(probe)[0];
            if (probe.result !== null || next === undefined || next === seat) continue;
            const judged = judgeOffer(
              space,
              sampled,
              seat,
              legalActions[i] as TAction,
              heuristic,
              false,
            );
            offerTo[i] = judged.to;
            if (!offerWorthMaking(judged) || mine.to.has(judged.to)) totals[i] = -Infinity;
          }
        }
        for (let i = 0; i < legalActions.length; i++) {
          if (totals[i] === -Infinity) continue;
          const next = rules.clone(sampled);
          const r = rules.step(next, seat, legalActions[i], false);
          totals[i] = (totals[i] as number) + (r.ok ? heuristic(rules.view(next, seat), seat) : -1);
        }
      }
      let best = -Infinity;
      const ties: number[] = [];
      for (let i = 0; i < totals.length; i++) {
        const v = totals[i] as number;
        if (v === -Infinity) continue;
        if (v > best + 1e-12) {
          best = v;
          ties.length = 0;
          ties.push(i);
        } else if (v >= best - 1e-12) ties.push(i);
      }
      // No finite score (a broken heuristic): fall back to a random legal action.
      const chosen =
        ties.length === 0 ? rng.int(0, legalActions.length - 1) : rng.pick<number>(ties);
      const to = offerTo[chosen] as number;
      if (to >= 0) mine.to.add(to);
      return legalActions[chosen] as TAction;
    },
  };
}
