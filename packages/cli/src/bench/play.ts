import {
  createMatch,
  Rng,
  type ActionBase,
  type Engine,
  type ForwardModel,
  type Game,
  type MatchState,
  type RulesSetup,
} from '@ruleloom/core';

/** A policy: picks one of the legal actions. */
export type Policy = <TAction extends ActionBase>(legal: readonly TAction[], rng: Rng) => TAction;

/** Plays one whole game through the public API (createMatch, legalActions, apply); returns the decisions made. */
export function playPublic(game: Game, setup: RulesSetup, seed: number, policy: Policy): number {
  const match = createMatch(game, { seed, ...setup });
  const rng = Rng.fromSeed(seed);
  let decisions = 0;
  while (!match.isOver) {
    const seat = match.toAct[0] as number;
    const r = match.apply(seat, policy(match.legalActions(seat), rng));
    if (!r.ok) throw new Error(`policy chose a rejected action: ${r.error.message}`);
    decisions++;
  }
  return decisions;
}

/**
 * Plays one whole game with the forward model (one clone, then step in place without
 * events). `trusted` skips re-validating each action, as search bots do with actions taken
 * from `legalActions` of the same state.
 */
export function playForward(engine: Engine, seed: number, policy: Policy, trusted = false): number {
  const state = engine.clone(engine.initialState(seed).state);
  const rng = Rng.fromSeed(seed);
  let decisions = 0;
  while (state.result === null) {
    const seat = engine.toAct(state)[0] as number;
    const r = engine.step(
      state,
      seat,
      policy(engine.legalActions(state, seat), rng),
      false,
      trusted,
    );
    if (!r.ok) throw new Error(`policy chose a rejected action: ${r.error.message}`);
    decisions++;
  }
  return decisions;
}

/**
 * Plays one whole game with the forward model and trusted steps, listing each decision with
 * `engine.sharedLegalActions` (lists shared between calls, which search code reads and lets go
 * of): the fastest way through the engine for any game and variant.
 */
export function playForwardShared(engine: Engine, seed: number, policy: Policy): number {
  const state = engine.clone(engine.initialState(seed).state);
  const rng = Rng.fromSeed(seed);
  let decisions = 0;
  while (state.result === null) {
    const seat = engine.toAct(state)[0] as number;
    engine.step(state, seat, policy(engine.sharedLegalActions(state, seat), rng), false, true);
    decisions++;
  }
  return decisions;
}

/**
 * Plays one whole game with the game's own fast forward model (see `ForwardModel` in
 * `@ruleloom/core`): the engine deals the initial state, the model plays it to the end.
 */
export function playModel(
  engine: Engine,
  model: ForwardModel<unknown>,
  seed: number,
  policy: Policy,
): number {
  const state = model.fromState(engine.initialState(seed).state);
  const rng = Rng.fromSeed(seed);
  let decisions = 0;
  while (model.toAct(state) >= 0) {
    model.step(state, policy(model.legalActions(state), rng));
    decisions++;
  }
  return decisions;
}

/** Decision points of a few games (states before each decision), for per-operation benchmarks. */
export function sampleStates(
  engine: Engine,
  seeds: readonly number[],
  policy: Policy,
  keepFrom = 0.25,
  keepTo = 0.75,
): MatchState[] {
  const out: MatchState[] = [];
  for (const seed of seeds) {
    const states: MatchState[] = [];
    let state = engine.initialState(seed).state;
    const rng = Rng.fromSeed(seed);
    while (state.result === null) {
      states.push(state);
      const seat = engine.toAct(state)[0] as number;
      const r = engine.apply(state, seat, policy(engine.legalActions(state, seat), rng));
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    out.push(
      ...states.slice(Math.floor(states.length * keepFrom), Math.ceil(states.length * keepTo)),
    );
  }
  return out;
}
