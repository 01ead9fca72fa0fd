import fc from 'fast-check';
import type { CardDefinition } from '../cards/cards.js';
import { Engine, type RulesSetup } from '../run/engine.js';
import type { Game } from '../define/game.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import { Rng } from '../rng/rng.js';

/**
 * One random walk through a game: a setup, a seed, and the choices that pick among the
 * legal actions at each decision (after the list runs out, a generator seeded from
 * `seed` keeps choosing). Junk inputs are tried at some steps and must be rejected.
 * @public
 */
export interface Walk {
  readonly setup: RulesSetup;
  readonly seed: number;
  readonly choices: readonly number[];
  readonly junk: readonly JunkInput[];
}

/**
 * Bad input to try at step `at` (modulo the walk's length): `value` as an action, or a legal
 * action with one field replaced, for a seat that may or may not be the one to act.
 * @public
 */
export interface JunkInput {
  readonly at: number;
  readonly seatOffset: number;
  readonly kind: 'anything' | 'mutatedLegal' | 'wrongSeatLegal' | 'unknownType';
  readonly value: unknown;
  readonly field: string;
}

/**
 * An arbitrary for inputs that are almost, but not quite, actions.
 * @public
 */
export function junkInputArbitrary(): fc.Arbitrary<JunkInput> {
  return fc.record({
    at: fc.nat({ max: 10_000 }),
    seatOffset: fc.nat({ max: 8 }),
    kind: fc.constantFrom('anything', 'mutatedLegal', 'wrongSeatLegal', 'unknownType'),
    value: fc.oneof(
      fc.anything(),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.string(), { maxLength: 4 }),
      fc.constant(-1),
      fc.constant(1e9),
      fc.constant('__proto__'),
    ),
    field: fc.constantFrom(
      'type',
      'amount',
      'to',
      'card',
      'die',
      'commit',
      'give',
      'receive',
      'extra',
    ),
  });
}

/**
 * An arbitrary {@link Walk} over the given setups.
 * @public
 */
export function walkArbitrary(
  setups: readonly RulesSetup[] | fc.Arbitrary<RulesSetup>,
): fc.Arbitrary<Walk> {
  const setup = Array.isArray(setups)
    ? fc.constantFrom(...(setups as readonly RulesSetup[]))
    : (setups as fc.Arbitrary<RulesSetup>);
  return fc.record({
    setup,
    seed: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    choices: fc.array(fc.nat(), { maxLength: 200 }),
    junk: fc.array(junkInputArbitrary(), { maxLength: 6 }),
  });
}

/**
 * What a walk visits at each decision: the state before the action, the seat and the action.
 * @public
 */
export interface WalkStep<TState, TAction> {
  readonly index: number;
  readonly state: MatchState<TState>;
  readonly seat: number;
  readonly legal: readonly TAction[];
  readonly action: TAction;
}

/**
 * Plays a walk with the pure API, calling `visit` before each action; returns the final state
 * and the actions taken. Throws when the game has not ended after `maxActions` decisions or
 * when a listed legal action is rejected.
 * @public
 */
export function playWalk<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  walk: Walk,
  maxActions: number,
  visit?: (
    step: WalkStep<TState, TAction>,
    engine: Engine<TState, TAction, TOptions, TCard>,
  ) => void,
): {
  engine: Engine<TState, TAction, TOptions, TCard>;
  final: MatchState<TState>;
  actions: { seat: number; action: TAction }[];
} {
  const engine = new Engine(game, walk.setup);
  let state = engine.initialState(walk.seed).state;
  const rng = Rng.fromSeed(walk.seed);
  const actions: { seat: number; action: TAction }[] = [];
  for (let i = 0; !engine.isOver(state); i++) {
    if (i >= maxActions) {
      throw new Error(
        `game '${game.id}' did not end within ${String(maxActions)} decisions (phase '${state.phase}')`,
      );
    }
    const seats = engine.toAct(state);
    const c = walk.choices[i];
    const seat = seats[c === undefined ? rng.int(0, seats.length - 1) : c % seats.length] as number;
    const legal = engine.legalActions(state, seat);
    if (legal.length === 0)
      throw new Error(
        `seat ${String(seat)} is to act in phase '${state.phase}' but has no legal action`,
      );
    const action = legal[
      c === undefined ? rng.int(0, legal.length - 1) : Math.floor(c / seats.length) % legal.length
    ] as TAction;
    visit?.({ index: i, state, seat, legal, action }, engine);
    const r = engine.apply(state, seat, action);
    if (!r.ok)
      throw new Error(
        `legal action ${JSON.stringify(action)} was rejected: ${r.error.code}: ${r.error.message}`,
      );
    state = r.state;
    actions.push({ seat, action });
  }
  return { engine, final: state, actions };
}

/** Builds a junk input for a step. */
export function junkFor<TAction extends ActionBase>(
  junk: JunkInput,
  legal: readonly TAction[],
  seat: number,
  players: number,
): { seat: number; input: unknown } {
  const base = legal[junk.at % Math.max(1, legal.length)];
  switch (junk.kind) {
    case 'anything':
      return { seat, input: junk.value };
    case 'unknownType':
      return { seat, input: { type: `not-${String(junk.value)}` } };
    case 'wrongSeatLegal':
      return {
        seat: junk.seatOffset % 3 === 0 ? -1 : (seat + 1 + junk.seatOffset) % (players + 1),
        input: base,
      };
    case 'mutatedLegal':
      return {
        seat,
        input: base === undefined ? junk.value : { ...base, [junk.field]: junk.value },
      };
  }
}
