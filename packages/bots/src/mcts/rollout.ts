import type { ActionBase, GameView, Rng } from '@ruleloom/core';
import type { PolicyInput } from '../policy.js';
import type { ResolvedMctsParams, RolloutPolicy } from './mcts-params.js';
import { pruneAmounts, pruneWide } from './prune.js';
import type { SearchSpace } from './space.js';

interface MutablePolicyInput<TAction extends ActionBase> extends PolicyInput<TAction> {
  seat: number;
  legalActions: readonly TAction[];
}

/**
 * Plays and scores rollouts for one search: reuses its buffers across iterations so that
 * the playout loop allocates nothing of its own.
 */
export class Rollouts<S, TAction extends ActionBase> {
  private readonly space: SearchSpace<S, TAction>;
  private readonly params: ResolvedMctsParams<TAction>;
  private readonly rng: Rng;
  private readonly rootSeat: number;
  /** The reward of every seat for the last rollout, in [0, 1]. */
  readonly reward: Float64Array;
  private current: S | null = null;
  private readonly input: MutablePolicyInput<TAction>;

  constructor(
    space: SearchSpace<S, TAction>,
    params: ResolvedMctsParams<TAction>,
    rng: Rng,
    rootSeat: number,
  ) {
    this.space = space;
    this.params = params;
    this.rng = rng;
    this.rootSeat = rootSeat;
    this.reward = new Float64Array(space.players);
    const view = (): GameView => this.space.view(this.current as S, this.input.seat);
    this.input = { seat: 0, legalActions: [], rng, view, traits: space.traits };
  }

  /** Whether `seat` plays a built-in policy, which always returns one of the listed actions. */
  builtIn(seat: number): boolean {
    const policy = seat === this.rootSeat ? this.params.rollout : this.params.opponentRollout;
    return typeof policy === 'string';
  }

  /** Chooses an action for `seat` in `state` with the policy that models that seat. */
  choose(state: S, seat: number, legal: readonly TAction[]): TAction {
    const policy = seat === this.rootSeat ? this.params.rollout : this.params.opponentRollout;
    return this.chooseWith(policy, state, seat, legal);
  }

  private chooseWith(
    policy: RolloutPolicy<TAction>,
    state: S,
    seat: number,
    legal: readonly TAction[],
  ): TAction {
    const n = legal.length;
    if (n === 1) return legal[0] as TAction;
    if (policy === 'random') return legal[Math.floor(this.rng.float() * n)] as TAction;
    if (policy === 'heuristic') return this.greedy(state, seat, legal);
    if (policy === 'lookahead') return this.lookahead(state, seat, legal);
    this.current = state;
    this.input.seat = seat;
    this.input.legalActions = legal;
    return policy(this.input);
  }

  private greedy(state: S, seat: number, legal: readonly TAction[]): TAction {
    const rng = this.rng;
    if (rng.float() < this.params.epsilon)
      return legal[Math.floor(rng.float() * legal.length)] as TAction;
    const space = this.space;
    const heuristic = this.params.heuristic;
    if (heuristic === undefined) return legal[Math.floor(rng.float() * legal.length)] as TAction;
    let best = -Infinity;
    let choice = legal[0] as TAction;
    for (const action of legal) {
      const next = space.clone(state);
      space.step(next, seat, action, true);
      const value = heuristic(space.view(next, seat), seat) + rng.float() * 1e-9;
      if (value > best) {
        best = value;
        choice = action;
      }
    }
    return choice;
  }

  /**
   * The value-aware greedy: candidates are the legal actions with declared amounts pruned to
   * the lowest; each is stepped on a copy, the next seats take the game's declared pass
   * action while they can (at most
   * `players - 1` passes, which settles an auction at that price), and the result is scored
   * with the heuristic from `seat`'s view.
   */
  private lookahead(state: S, seat: number, legal: readonly TAction[]): TAction {
    const rng = this.rng;
    const candidates = pruneWide(
      pruneAmounts(legal, 1, this.space.traits),
      this.params.wideActions,
    );
    const n = candidates.length;
    if (n === 1) return candidates[0] as TAction;
    if (rng.float() < this.params.epsilon)
      return candidates[Math.floor(rng.float() * n)] as TAction;
    const space = this.space;
    const heuristic = this.params.heuristic;
    if (heuristic === undefined) return candidates[Math.floor(rng.float() * n)] as TAction;
    const passes = space.players - 1;
    const traits = space.traits;
    let best = -Infinity;
    let choice = candidates[0] as TAction;
    for (const action of candidates) {
      const next = space.clone(state);
      space.step(next, seat, action, true);
      for (let k = 0; k < passes; k++) {
        const other = space.toAct(next);
        if (other < 0 || other === seat) break;
        let pass: TAction | undefined;
        for (const a of space.legalActions(next, other)) {
          if (traits.isPass(a)) {
            pass = a;
            break;
          }
        }
        if (pass === undefined) break;
        space.step(next, other, pass, true);
      }
      const value = heuristic(space.view(next, seat), seat) + rng.float() * 1e-9;
      if (value > best) {
        best = value;
        choice = action;
      }
    }
    return choice;
  }

  /** Plays `state` on (in place) until the end or the depth cut-off, then fills {@link Rollouts.reward}. */
  run(state: S): void {
    const space = this.space;
    const depth = this.params.rolloutDepth;
    for (let d = 0; ; d++) {
      const seat = space.toAct(state);
      if (seat < 0) break;
      if (d >= depth) {
        this.evaluate(state);
        return;
      }
      const legal = space.legalActions(state, seat);
      // Built-in policies return an action of legalActions of this very state: trusted step.
      space.step(state, seat, this.choose(state, seat, legal), this.builtIn(seat));
    }
    this.evaluate(state);
  }

  /** Scores a state: the share of the win when it is over, else the heuristic of every seat. */
  evaluate(state: S): void {
    const reward = this.reward;
    const winners = this.space.winners(state);
    if (winners !== null) {
      reward.fill(0);
      const share = 1 / winners.length;
      for (const w of winners) reward[w] = share;
      return;
    }
    const heuristic = this.params.heuristic;
    if (heuristic === undefined) {
      reward.fill(1 / reward.length);
      return;
    }
    for (let seat = 0; seat < reward.length; seat++)
      reward[seat] = heuristic(this.space.view(state, seat), seat);
  }
}
