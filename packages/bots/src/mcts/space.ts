import {
  actionTraitsOf,
  describeValue,
  type ActionBase,
  type ActionTraitIndex,
  type ForwardModel,
  type GameView,
  type MatchState,
} from '@ruleloom/core';
import type { BotRules } from '../bot.js';
import { sameAction } from './action-key.js';

/**
 * What a search steps: the engine's in-place forward model, or a game's own fast forward
 * model (see `ForwardModel` in `@ruleloom/core`). Both give the same states, legal actions
 * (in the same order) and results, so a search makes the same choices on either.
 */
export interface SearchSpace<S, TAction extends ActionBase> {
  readonly players: number;
  /** The game's declared action traits (amounts, the pass action). */
  readonly traits: ActionTraitIndex;
  /** A root state for one iteration, to be stepped in place (a determinization). */
  sample(): S;
  /** The seat to act, or -1 once the game is over. */
  toAct(state: S): number;
  legalActions(state: S, seat: number): readonly TAction[];
  /**
   * Steps in place. `trusted`: the action comes from `legalActions` of this very state;
   * otherwise it is checked first, and a rejected action throws (the rules and the view
   * disagree: a bug).
   */
  step(state: S, seat: number, action: TAction, trusted: boolean): void;
  clone(state: S): S;
  /** The winners once the game is over, else null. */
  winners(state: S): readonly number[] | null;
  view(state: S, seat: number): GameView;
}

function rejected(what: string): never {
  throw new Error(`mcts: a legal action was rejected (${what}); the rules and the view disagree`);
}

/** A search space on the engine: `clone` and in-place `step` of full match states. */
export function engineSpace<TAction extends ActionBase>(
  rules: BotRules<TAction>,
  sample: () => MatchState,
): SearchSpace<MatchState, TAction> {
  return {
    players: rules.players,
    traits: actionTraitsOf(rules.game),
    sample,
    toAct: (state) => (state.result === null ? (rules.toAct(state)[0] ?? -1) : -1),
    legalActions: (state, seat) => rules.legalActions(state, seat),
    step(state, seat, action, trusted) {
      const r = rules.step(state, seat, action, false, trusted);
      if (!r.ok) rejected(`${r.error.code}: ${r.error.message}`);
    },
    clone: (state) => rules.clone(state),
    winners: (state) => state.result?.winners ?? null,
    view: (state, seat) => rules.view(state, seat),
  };
}

/** A search space on a game's own fast forward model; roots are converted from samples. */
export function fastSpace<TAction extends ActionBase>(
  model: ForwardModel<unknown, TAction>,
  sample: () => MatchState,
  traits: ActionTraitIndex,
): SearchSpace<unknown, TAction> {
  return {
    players: model.players,
    traits,
    sample: () => model.fromState(sample()),
    toAct: (state) => model.toAct(state),
    legalActions: (state, seat) => (model.toAct(state) === seat ? model.legalActions(state) : []),
    step(state, seat, action, trusted) {
      if (!trusted) {
        if (model.toAct(state) !== seat) rejected(`it is not seat ${String(seat)}'s decision`);
        if (!model.legalActions(state).some((a) => sameAction(a, action)))
          rejected(`${describeValue(action)} is not legal here`);
      }
      model.step(state, action);
    },
    clone: (state) => model.clone(state),
    winners: (state) => model.result(state)?.winners ?? null,
    view: (state, seat) => model.view(state, seat),
  };
}

/**
 * The fastest space for some rules: the game's own forward model when it offers one for
 * this setup and `useForwardModel` is on, else the engine.
 */
export function searchSpace<TAction extends ActionBase>(
  rules: BotRules<TAction>,
  sample: () => MatchState,
  useForwardModel: boolean,
): SearchSpace<unknown, TAction> {
  const model = useForwardModel ? rules.forwardModel() : undefined;
  return model === undefined
    ? engineSpace(rules, sample)
    : fastSpace(model, sample, actionTraitsOf(rules.game));
}
