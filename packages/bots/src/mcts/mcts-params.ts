import type { SearchReport } from './search-report.js';
import type { ActionBase, Heuristic } from '@ruleloom/core';
import type { ActionPolicy } from '../policy.js';

/**
 * How a rollout chooses actions: `'random'` (uniform, the fastest), `'heuristic'` (one-ply
 * greedy on the heuristic with probability `1 - epsilon`, else random: much slower per
 * step), `'lookahead'` (a value-aware greedy: see below), or any {@link ActionPolicy}.
 *
 * `'lookahead'` considers the legal actions with declared amounts pruned to the lowest amount
 * of each action type (in an auction: the pass and the minimum bid); for each candidate it
 * steps a copy of the state, lets the following seats take the game's declared pass action
 * (see `ActionTraits` in `@ruleloom/core`) while they can (at most
 * `players - 1` of them: the auction settles at that price), and scores the result with the
 * heuristic from the acting seat's view. It plays the best candidate, or a random candidate
 * with probability `epsilon`. It models players who bid while the lot is worth more to them
 * than the price (value bidders) and is a sound policy for the bot itself. Needs `heuristic`.
 * @public
 */
export type RolloutPolicy<TAction extends ActionBase = ActionBase> =
  'random' | 'heuristic' | 'lookahead' | ActionPolicy<TAction>;

/**
 * Settings of {@link mctsBot} and {@link cheatingMctsBot}. Every field is optional.
 * @public
 */
export interface MctsParams<TAction extends ActionBase = ActionBase> {
  /** Display name (default `'mcts'`, or `'CHEATING-mcts'` for the cheating bot). */
  readonly name?: string;
  /**
   * Called after every decision of `mctsBot` with its choice and the root candidates of its
   * search (most visited first, with their values): for a debug panel or an analysis tool.
   */
  readonly onSearch?: (report: SearchReport<TAction>) => void;
  /** Iterations per decision (default 1,000; unlimited when only `timeMs` is set). */
  readonly iterations?: number;
  /**
   * Wall-clock budget per decision in milliseconds. The search stops at whichever budget
   * runs out first. A time budget makes the bot's choices depend on machine speed, so
   * results are no longer reproducible from the seed alone.
   */
  readonly timeMs?: number;
  /**
   * The clock `timeMs` is counted on, in ms (default `performance.now`). A test gives a
   * clock it advances itself, so a time-budgeted search stops at a point it knows.
   */
  readonly now?: () => number;
  /** UCB1 exploration constant `c` in `mean + c * sqrt(ln(available) / visits)` (default 0.7; rewards are in [0, 1]). */
  readonly exploration?: number;
  /** The game's evaluation, used at the rollout cut-off and by `'heuristic'` rollouts. */
  readonly heuristic?: Heuristic;
  /** How the bot's own seat plays in rollouts (default `'random'`). */
  readonly rollout?: RolloutPolicy<TAction>;
  /** How the other seats play in rollouts: the opponent model (default: the same as `rollout`). */
  readonly opponentRollout?: RolloutPolicy<TAction>;
  /**
   * Rollout decisions after which the rollout stops and every seat is scored with the
   * heuristic (default: play to the end). Needs `heuristic`.
   */
  readonly rolloutDepth?: number;
  /** Probability of a random move in `'heuristic'` rollouts (default 0.1). */
  readonly epsilon?: number;
  /**
   * How other seats choose inside the tree: `'uct'` (default, each maximises its own reward)
   * or `'model'` (they follow `opponentRollout`, and the tree branches on the bot's own
   * decisions only: strong when the opponent model is accurate).
   */
  readonly opponentsInTree?: 'uct' | 'model';
  /**
   * How the root decision is searched: `'tree'` (default, the UCT tree described above) or
   * `'flat'`: flat Monte Carlo with common random numbers. Each iteration then samples one
   * state and one seed for the rollout policies, and rolls out every root candidate from its
   * own copy of that state with a stream started from that seed (`iterations` counts samples,
   * so a decision plays `iterations × candidates` rollouts). The candidates meet the same
   * dice and the same opponents' coin flips, which makes the comparison paired: strong when
   * decisions are few and chance is heavy. Plays the candidate with the best total reward.
   * `opponentsInTree` and `exploration` do not apply.
   */
  readonly search?: 'tree' | 'flat';
  /**
   * Progressive action pruning in the tree: when several legal actions of the same `type`
   * differ by the amount the game declares for that type (bids), the bot's tree considers
   * only the `amountCandidates` lowest amounts of each type, plus every other action
   * (default: all actions). The returned action is always one of the legal actions. In an
   * auction, `1` leaves the pass and the minimum bid.
   */
  readonly amountCandidates?: number;
  /**
   * Candidate generation for wide action types (default: off). When one action `type` has
   * more than `wideActions` legal actions (St. Augustine's trade phase lists up to hundreds
   * of proposals), the root keeps only the `wideActions` best of them by a one-move
   * lookahead in which the addressee answers as its own heuristic prefers (an opponent
   * model for accept/reject), and only those that gain value; below the root and in
   * rollouts such a type is not played at all (the other actions, such as `pass`, are).
   * `legalActions` is unchanged: the bot only considers fewer of them.
   */
  readonly wideActions?: number;
  /**
   * Action types the bot plays only when they do not lose value (default: none): when the
   * search picks one, its one-move value (answer modelled as for `wideActions`), averaged
   * over 4 sampled states, must be at least that of every other legal action, else the best
   * other action is played. `['acceptTrade']` makes a St. Augustine bot accept only trades
   * its own evaluation says do not lose value. Needs `heuristic`.
   */
  readonly valueChecked?: readonly string[];
  /**
   * Step with the game's own fast forward model when the rules offer one for this setup
   * (`rules.forwardModel()`, see `ForwardModel` in `@ruleloom/core`; default `true`). It
   * gives the same states and legal actions as the engine, so the bot makes exactly the
   * same choices, only faster; `false` steps the engine (for comparisons).
   */
  readonly forwardModel?: boolean;
  /**
   * Where the game's view counts, per seat, the offers made to that seat in the current phase
   * (a dotted path to a list indexed by seat; St. Augustine's kit gives `'tradeRound.received'`),
   * as for `GreedyBotParams.offersReceived`. With it, the bot does not consider an offer to a seat
   * whose count there is 1 or more, nor (with `heuristic`) an offer it would refuse itself
   * (taken, it gains the bot no value): the one rule the catalog's bots share for offers, so a
   * seat gets at most one offer a phase from them. Without it, offers are searched like any move.
   */
  readonly offersReceived?: string;
}

/** Parameters with defaults filled in. */
export interface ResolvedMctsParams<TAction extends ActionBase> {
  readonly iterations: number;
  readonly timeMs: number;
  readonly now: () => number;
  readonly exploration: number;
  readonly heuristic: Heuristic | undefined;
  readonly rollout: RolloutPolicy<TAction>;
  readonly opponentRollout: RolloutPolicy<TAction>;
  readonly rolloutDepth: number;
  readonly epsilon: number;
  readonly opponentsInTree: 'uct' | 'model';
  readonly search: 'tree' | 'flat';
  readonly amountCandidates: number;
  readonly wideActions: number;
  readonly valueChecked: readonly string[];
  readonly forwardModel: boolean;
  readonly offersReceived: string | undefined;
}

/** Fills in defaults and checks the combination; throws a `RangeError` on a bad setting. */
export function resolveMctsParams<TAction extends ActionBase>(
  params: MctsParams<TAction>,
): ResolvedMctsParams<TAction> {
  const iterations = params.iterations ?? (params.timeMs === undefined ? 1000 : Infinity);
  const timeMs = params.timeMs ?? Infinity;
  if (!(iterations >= 1) || !(timeMs > 0))
    throw new RangeError('mcts budget: iterations must be >= 1 and timeMs > 0');
  const rollout = params.rollout ?? 'random';
  const opponentRollout = params.opponentRollout ?? rollout;
  const rolloutDepth = params.rolloutDepth ?? Infinity;
  if (!(rolloutDepth >= 0)) throw new RangeError('mcts rolloutDepth must be >= 0');
  const needsHeuristic =
    rolloutDepth !== Infinity ||
    rollout === 'heuristic' ||
    opponentRollout === 'heuristic' ||
    rollout === 'lookahead' ||
    opponentRollout === 'lookahead';
  if (needsHeuristic && params.heuristic === undefined) {
    throw new RangeError(
      "mcts: a finite rolloutDepth or a 'heuristic' or 'lookahead' rollout needs the game's heuristic (params.heuristic)",
    );
  }
  const amountCandidates = params.amountCandidates ?? Infinity;
  if (!(amountCandidates >= 1)) throw new RangeError('mcts amountCandidates must be >= 1');
  const wideActions = params.wideActions ?? Infinity;
  if (!(wideActions >= 1)) throw new RangeError('mcts wideActions must be >= 1');
  const valueChecked = params.valueChecked ?? [];
  if ((wideActions !== Infinity || valueChecked.length > 0) && params.heuristic === undefined)
    throw new RangeError(
      "mcts: wideActions and valueChecked need the game's heuristic (params.heuristic)",
    );
  return {
    iterations,
    timeMs,
    now: params.now ?? (() => performance.now()),
    exploration: params.exploration ?? 0.7,
    heuristic: params.heuristic,
    rollout,
    opponentRollout,
    rolloutDepth,
    epsilon: params.epsilon ?? 0.1,
    opponentsInTree: params.opponentsInTree ?? 'uct',
    search: params.search ?? 'tree',
    amountCandidates,
    wideActions,
    valueChecked,
    forwardModel: params.forwardModel ?? true,
    offersReceived: params.offersReceived,
  };
}
