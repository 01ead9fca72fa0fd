import type { ActionBase, Heuristic } from '@ruleloom/core';
import type { Bot } from './bot.js';
import { barredOffers, countsAt } from './mcts/offers.js';
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
  /**
   * Where the game's view counts, per seat, the offers made to that seat in the current
   * phase: a dotted path into the view to a list indexed by seat (St. Augustine's kit gives
   * `'tradeRound.received'`). The bot makes no offer to a seat whose count there is 1 or more,
   * so a seat gets at most one offer a phase from such bots, whoever made the first one.
   * Without it (or when the path holds no list), only the rule that the bot makes only offers
   * it would accept itself applies.
   */
  readonly offersReceived?: string;
}

/**
 * A one-ply lookahead bot: for each sampled full state consistent with its view
 * (`rules.determinize`), it applies each legal action and scores the resulting view with the
 * game's heuristic; it plays the action with the best mean score (ties broken at random).
 *
 * @remarks
 * Offers to other seats (an action whose type declares a `seat` field and after which
 * another seat must answer, such as a trade proposal) follow one rule (`judgeOffer`, judged
 * on the first sampled state): the bot makes only offers it would accept itself (taken, they
 * gain it value), and, with {@link GreedyBotParams.offersReceived}, none to a seat that its
 * view shows already received an offer in this phase. Everything it reads is its view, its
 * legal actions and its own seeded stream: it keeps nothing from one decision to the next.
 * @public
 */
export function greedyBot<TAction extends ActionBase = ActionBase>(
  params: GreedyBotParams,
): Bot<TAction> {
  const samples = Math.max(1, params.samples ?? 8);
  const heuristic = params.heuristic;
  const offersAt = params.offersReceived;
  return {
    name: params.name ?? 'greedy',
    act({ seat, view, legalActions, rng, rules }) {
      if (legalActions.length === 1) return legalActions[0] as TAction;
      const totals = new Float64Array(legalActions.length);
      const received = offersAt === undefined ? undefined : countsAt(view, offersAt);
      /** Offers the bot will not make: ones it would refuse itself, or to a seat that had one. */
      let barred: Uint8Array = new Uint8Array(legalActions.length);
      for (let s = 0; s < samples; s++) {
        const sampled = rules.determinize(view, rng, seat);
        if (s === 0)
          barred = barredOffers(
            engineSpace(rules, () => sampled),
            sampled,
            seat,
            legalActions,
            heuristic,
            received,
          );
        for (let i = 0; i < legalActions.length; i++) {
          if (barred[i] === 1) continue;
          const next = rules.clone(sampled);
          const r = rules.step(next, seat, legalActions[i], false);
          totals[i] = (totals[i] as number) + (r.ok ? heuristic(rules.view(next, seat), seat) : -1);
        }
      }
      let best = -Infinity;
      const ties: number[] = [];
      const allowed: number[] = [];
      for (let i = 0; i < totals.length; i++) {
        if (barred[i] === 1) continue;
        allowed.push(i);
        const v = totals[i] as number;
        if (v > best + 1e-12) {
          best = v;
          ties.length = 0;
          ties.push(i);
        } else if (v >= best - 1e-12) ties.push(i);
      }
      // No finite score (a broken heuristic): fall back to a random action it may take (any
      // legal action when it barred them all).
      if (ties.length > 0) return legalActions[rng.pick(ties)] as TAction;
      if (allowed.length > 0) return legalActions[rng.pick(allowed)] as TAction;
      return legalActions[rng.int(0, legalActions.length - 1)] as TAction;
    },
  };
}
