import fc from 'fast-check';
import type { CardDefinition } from '../cards/cards.js';
import type { ActionTraitIndex } from '../define/action-traits.js';
import { Engine, type RulesSetup } from '../run/engine.js';
import type { Game } from '../define/game.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import { Rng } from '../rng/rng.js';
import { shown } from './law.js';

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
 *
 * @remarks
 * `field` is `'type'`, `'extra'` (a field no action takes) or {@link DECLARED_FIELD}: one of
 * the fields the action's type declares in its traits (picked by `pick`; the action's own
 * fields when its type declares none). The kit knows no game's field names.
 * @public
 */
export interface JunkInput {
  readonly at: number;
  readonly seatOffset: number;
  readonly kind: 'anything' | 'mutatedLegal' | 'wrongSeatLegal' | 'unknownType';
  readonly value: unknown;
  readonly field: string;
  /** Which declared field a {@link DECLARED_FIELD} junk replaces (modulo their number). */
  readonly pick: number;
}

/**
 * The `field` of a {@link JunkInput} that stands for one of the action's declared fields.
 * @public
 */
export const DECLARED_FIELD = '*declared';

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
    field: fc.constantFrom('type', 'extra', DECLARED_FIELD, DECLARED_FIELD, DECLARED_FIELD),
    pick: fc.nat({ max: 64 }),
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
        `the match did not end within ${String(maxActions)} decisions (still in phase '${state.phase}'). Fix: make every match reach '$end' (a turn or round limit, a deck that runs out), or raise maxActions if longer games are right.`,
      );
    }
    const seats = engine.toAct(state);
    const c = walk.choices[i];
    const seat = seats[c === undefined ? rng.int(0, seats.length - 1) : c % seats.length] as number;
    const legal = engine.legalActions(state, seat);
    if (legal.length === 0)
      throw new Error(
        `at decision ${String(i)} (phase '${state.phase}'), seat ${String(seat)} must act (toAct names it) but has no legal action. Fix: list at least one action for every seat toAct names (a pass when nothing else is possible), or leave the seat out of toAct.`,
      );
    const action = legal[
      c === undefined ? rng.int(0, legal.length - 1) : Math.floor(c / seats.length) % legal.length
    ] as TAction;
    visit?.({ index: i, state, seat, legal, action }, engine);
    const r = engine.apply(state, seat, action);
    if (!r.ok)
      throw new Error(
        `at decision ${String(i)} (phase '${state.phase}', seat ${String(seat)} to act), the legal action ${shown(action)} is refused: ${r.error.code}: ${r.error.message}. Fix: make the '${action.type}' handler's enumerate list only actions its validate accepts (check the same conditions in both)`,
      );
    state = r.state;
    actions.push({ seat, action });
  }
  return { engine, final: state, actions };
}

/** The field a junk input replaces in `base`: a declared one when it says so. */
function junkField(junk: JunkInput, base: ActionBase, traits: ActionTraitIndex): string {
  if (junk.field !== DECLARED_FIELD) return junk.field;
  const declared = traits.fieldsOf(base.type);
  const fields =
    declared === undefined ? Object.keys(base).filter((k) => k !== 'type') : Object.keys(declared);
  return fields.length === 0 ? 'extra' : (fields[junk.pick % fields.length] as string);
}

/** Builds a junk input for a step (`traits`: the game's, see `actionTraitsOf`). */
export function junkFor<TAction extends ActionBase>(
  junk: JunkInput,
  legal: readonly TAction[],
  seat: number,
  players: number,
  traits: ActionTraitIndex,
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
        input:
          base === undefined
            ? junk.value
            : { ...base, [junkField(junk, base, traits)]: junk.value },
      };
  }
}
