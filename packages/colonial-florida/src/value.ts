import { GAME_OVER_PHASE, type GameView, type Heuristic } from '@ruleloom/core';
import {
  COLONIAL_FLORIDA_FEATURES,
  colonialFloridaFeatures,
  type ColonialFloridaFeature,
} from './value-features.js';

/**
 * The weights of {@link colonialFloridaValue}, one per feature of
 * {@link COLONIAL_FLORIDA_FEATURES}.
 * @public
 */
export type ColonialFloridaValueWeights = Readonly<Record<ColonialFloridaFeature, number>>;

/**
 * The learned weights (data, not code). Fitted by `packages/bots/bench/cf-learn.ts`: a
 * conditional-logit model (softmax over the seats) of who wins, fitted by Newton's method on
 * the log-likelihood (a small ridge penalty) to decision points of self-play games between
 * greedy, builder, raider and random bots with 10% random moves, 20% of the games held out.
 * Refit with `cd packages/bots && ../../node_modules/.bin/tsx bench/cf-learn.ts` (it prints
 * this table and the held-out log-loss against the race model's); see docs/bots.md.
 * @public
 */
export const COLONIAL_FLORIDA_VALUE_WEIGHTS: ColonialFloridaValueWeights = {
  raceLog: 0.3315,
  gold: 1.1989,
  goldSq: 4.2256,
  rate: 0.3504,
  nextIncome: 0.0405,
  reach: 1.4636,
  surplus: 9.178,
  settlements: 0.1152,
  razed: 0.0038,
  combatants: 0.0118,
  exposed: 0.0126,
  skip: -0.2628,
  landFound: 0.7209,
  landOwn: 0.0443,
  moved: -0.4168,
  first: 0.2282,
  second: 0.0814,
  goldLate: 2.2676,
  rateLate: 0.2222,
  nextLate: 0.4639,
};

/**
 * The win shares of every seat in a view by a learned model: `exp(w·f_seat) / Σ_j exp(w·f_j)`
 * with `f` from {@link colonialFloridaFeatures} and `w` from `weights`. Each share is in
 * [0, 1] and they sum to 1; a finished game gives 1 to the winner (shared between tied
 * winners) and 0 to the others; a view without players gives an empty list.
 * @public
 */
export function colonialFloridaValueShares(
  view: GameView,
  weights: ColonialFloridaValueWeights = COLONIAL_FLORIDA_VALUE_WEIGHTS,
): number[] {
  const players = Array.isArray(view.players) ? (view.players as { gold?: unknown }[]) : [];
  if (players.length === 0) return [];
  if (view.phase === GAME_OVER_PHASE) {
    const gold = players.map((p) =>
      typeof p.gold === 'number' && Number.isFinite(p.gold) ? p.gold : 0,
    );
    const best = Math.max(...gold);
    const winners = gold.filter((g) => g === best).length;
    return gold.map((g) => (g === best ? 1 / winners : 0));
  }
  const w = COLONIAL_FLORIDA_FEATURES.map((name) => {
    const x = weights[name];
    return Number.isFinite(x) ? x : 0;
  });
  const scores = colonialFloridaFeatures(view).map((f) =>
    f.reduce((sum, x, i) => sum + x * (w[i] as number), 0),
  );
  const top = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - top));
  const total = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / total);
}

/**
 * A learned evaluation of Colonial Florida for bots: the chance that `seat` wins, by a
 * conditional-logit model over the seats fitted to self-play outcomes (see
 * {@link COLONIAL_FLORIDA_VALUE_WEIGHTS} for how, and {@link colonialFloridaFeatures} for what
 * it reads: the race model's share, Gold, income, the next Income phase, settlements, the next
 * landing, the play order). A number in [0, 1]; the values of all seats sum to 1; a finished
 * game scores 1 for a winner (shared between tied winners) and 0 for the others; 0 for a seat
 * the view does not have. The reference `greedy` bots keep {@link colonialFloridaHeuristic}.
 * @public
 */
export const colonialFloridaValue: Heuristic = (view, seat) =>
  colonialFloridaValueShares(view)[seat] ?? 0;
