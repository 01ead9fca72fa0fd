import { GAME_OVER_PHASE, type GameView, type Heuristic } from '@ruleloom/core';
import { ringSizeOf } from './heuristics.js';
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
 * the log-likelihood (ridge 0.001 on standardized features) to 129,000 decision points of
 * 16,000 self-play games (4,000 more held out) between greedy bots on the race model (1–2
 * samples), the builder, the raider, random bots and, in 30% of the seats, greedy on the
 * first fit (`bench/cf-value-fit1.json`, from 5,000 games without it: the command
 * `cf-learn.ts --games 5000`), every bot playing 10% random moves. Held-out log-loss 0.449
 * against the race model's 0.489 (ln 3 = 1.099 for a uniform guess). Refit with
 * `cd packages/bots && ../../node_modules/.bin/tsx bench/cf-learn.ts --games 20000 --record 0.15 --learned 0.3 --seed cf-learn-2 --weights bench/cf-value-fit1.json`
 * (it prints this table and the held-out log-losses); see docs/bots.md.
 * @public
 */
export const COLONIAL_FLORIDA_VALUE_WEIGHTS: ColonialFloridaValueWeights = {
  raceLog: 0.3238,
  gold: 1.2849,
  goldSq: 4.2438,
  rate: 0.292,
  nextIncome: 0.0096,
  reach: 1.5223,
  surplus: 10.0564,
  settlements: 0.1619,
  razed: 0.0182,
  combatants: 0.0616,
  exposed: 0.0526,
  skip: -0.154,
  landFound: 0.7673,
  landOwn: 0.1632,
  moved: -0.4256,
  first: 0.2823,
  second: 0.1719,
  goldLate: 2.1341,
  rateLate: 0.2559,
  nextLate: 0.5683,
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
  ring?: number,
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
  const scores = colonialFloridaFeatures(view, ring).map((f) =>
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

/**
 * {@link colonialFloridaValue} for the rules of one match: its features read on that match's
 * map (see {@link ringSizeOf}). `colonialFloridaValue` is this factory applied to the default
 * rules.
 * @public
 */
export function colonialFloridaValueFor(rules: { readonly options: unknown }): Heuristic {
  const ring = ringSizeOf(rules);
  return (view, seat) =>
    colonialFloridaValueShares(view, COLONIAL_FLORIDA_VALUE_WEIGHTS, ring)[seat] ?? 0;
}
