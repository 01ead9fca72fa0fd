import fc from 'fast-check';
import type { CardDefinition } from '../cards/cards.js';
import type { Engine, RulesSetup } from '../run/engine.js';
import type { Game } from '../define/game.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import {
  actionIndices,
  checkObservation,
  gameObservation,
  legalMask,
  type GameObservation,
} from '../observation/observation.js';
import { Rng } from '../rng/rng.js';
import { canonicalJson } from '../util/canonical-json.js';
import type { GameView } from '../view/view.js';
import { assertProperty, atDecision, lawSeed, shown, type Law } from './law.js';
import { playWalk, walkArbitrary, type Walk } from './walk.js';

/**
 * Settings for {@link observationLaws}.
 * @public
 */
export interface ObservationLawsOptions<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
> {
  /** The game under test. */
  readonly game: Game<TState, TAction, TOptions, TCard>;
  /** The observation features to check (default: the game's own `observation`). */
  readonly observation?: GameObservation<TAction>;
  /** Setups to draw from (player counts, options). */
  readonly setups: readonly RulesSetup<NoInfer<TOptions>>[] | fc.Arbitrary<RulesSetup>;
  /** Random games per law (default 25). */
  readonly numRuns?: number;
  /** Decisions after which a game counts as not ending (default 20,000). */
  readonly maxActions?: number;
  /** fast-check seed (default: the `FC_SEED` environment variable, else 42). */
  readonly seed?: number;
}

/** Entries written past the declared size are caught in this many guard entries. */
const GUARD = 8;
const GUARD_VALUE = 1234.5;

function firstDifference(a: Float32Array, b: Float32Array, size: number): number {
  for (let i = 0; i < size; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

/** Encodes into a buffer whose entries hold NaN (so an entry left unwritten shows). */
function encodeDirty<TAction extends ActionBase>(
  observation: GameObservation<TAction>,
  view: GameView,
  seat: number,
): Float32Array {
  const buf = new Float32Array(observation.size + GUARD).fill(Number.NaN);
  buf.fill(GUARD_VALUE, observation.size);
  observation.encode(view, seat, buf);
  for (let i = observation.size; i < buf.length; i++)
    if (buf[i] !== GUARD_VALUE)
      throw new Error(
        `seat ${String(seat)}'s encoding wrote entry ${String(i)}, past its declared size ${String(observation.size)}. Fix: raise observation.size to the number of entries encode writes, or write fewer`,
      );
  for (let i = 0; i < observation.size; i++)
    if (!Number.isFinite(buf[i]))
      throw new Error(
        `seat ${String(seat)}'s encoding entry ${String(i)} is ${String(buf[i])}: not written, or not finite. Fix: write every entry 0..size-1 with a finite number (start encode with into.fill(0, 0, size): a stale entry is another view's data)`,
      );
  return buf;
}

/** {@link encodeDirty}, with the decision it is at in the messages of its failures. */
function encodeAt<TAction extends ActionBase>(
  at: string,
  observation: GameObservation<TAction>,
  view: GameView,
  seat: number,
): Float32Array {
  try {
    return encodeDirty(observation, view, seat);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('seat '))
      throw new Error(`${at}, ${error.message}`, { cause: error });
    throw error;
  }
}

/** Internal: the observation laws over walks (also used by `gameLaws`). */
export function observationLawsFor<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  observation: GameObservation<TAction>,
  walks: fc.Arbitrary<Walk>,
  params: fc.Parameters<[Walk]>,
  maxActions: number,
): Law[] {
  const law = (name: string, check: (walk: Walk) => void): Law => ({
    name: `${game.id}: ${name}`,
    run: () => {
      const problems = checkObservation(observation);
      if (problems.length > 0)
        throw new Error(
          `game '${game.id}': its observation declaration is malformed: ${problems.join('; ')}. Fix: correct the declaration (observation: { size, encode, actions: { size, indexOf, actionAt } })`,
        );
      assertProperty(walks, check, params, game.id);
    },
  });
  const size = observation.size;
  const space = observation.actions;

  return [
    law(
      'an observation has the declared length, is finite, and does not change when hidden information is resampled',
      (walk) => {
        const rng = Rng.fromSeed(walk.seed ^ 0x0b5e);
        playWalk(game, walk, maxActions, ({ index, state }, engine) => {
          if (index % 5 !== 0) return;
          const at = atDecision(index, state.phase);
          for (let seat = 0; seat < engine.players; seat++) {
            const view = engine.view(state, seat);
            const first = encodeAt(at, observation, view, seat);
            const copy = JSON.parse(JSON.stringify(view)) as GameView;
            const diff = firstDifference(encodeAt(at, observation, copy, seat), first, size);
            if (diff >= 0)
              throw new Error(
                `${at}, seat ${String(seat)}'s encoding of a JSON copy of its view differs at entry ${String(diff)}: it reads something besides the view's data. Fix: encode only the view given to encode (no object identity, class, cache or module variable)`,
              );
            // A state consistent with the view, with the hidden cards dealt anew, and the
            // search a bot would run from it: the view's encoding must not move.
            const resampled = engine.determinize(view, rng);
            const again = encodeAt(at, observation, engine.view(resampled, seat), seat);
            const moved = firstDifference(again, first, size);
            if (moved >= 0)
              throw new Error(
                `${at}, seat ${String(seat)}'s encoding changed at entry ${String(moved)} when hidden information was resampled: it reads hidden state. Fix: encode only the view given to encode`,
              );
            playOn(engine, resampled, rng);
            const later = firstDifference(encodeAt(at, observation, view, seat), first, size);
            if (later >= 0)
              throw new Error(
                `${at}, seat ${String(seat)}'s encoding of the same view changed at entry ${String(later)} after play from a resampled state: it reads hidden state from outside the view (a cache, a module variable). Fix: encode only the view given to encode, and keep no state between calls`,
              );
          }
        });
      },
    ),
    law(
      'the legal-action mask has a one for each legal action, and actionAt(indexOf(a)) gives a back',
      (walk) => {
        const rng = Rng.fromSeed(walk.seed ^ 0x3a5c);
        playWalk(game, walk, maxActions, ({ index, state }, engine) => {
          if (index % 3 !== 0) return;
          const where = atDecision(index, state.phase);
          for (const seat of engine.toAct(state)) {
            const view = engine.view(state, seat);
            const legal = engine.legalActions(state, seat);
            const indices = actionIndices(space, view, seat, legal);
            const owner = new Map<number, number>();
            for (let i = 0; i < legal.length; i++) {
              const action = legal[i] as TAction;
              const at = indices[i] as number;
              if (at < 0)
                throw new Error(
                  `${where}, seat ${String(seat)}'s legal action ${shown(action)} has no index in 0..${String(space.size - 1)}. Fix: make actions.indexOf give every legal action an index below actions.size (raise the size if needed)`,
                );
              const other = owner.get(at);
              if (other !== undefined)
                throw new Error(
                  `${where}, seat ${String(seat)}'s legal actions ${shown(legal[other])} and ${shown(action)} share index ${String(at)}. Fix: give each legal action its own index in actions.indexOf (index a card by its id, not its value)`,
                );
              owner.set(at, i);
              const back = space.actionAt(at, view, seat);
              if (back === undefined || canonicalJson(back) !== canonicalJson(action))
                throw new Error(
                  `${where}, seat ${String(seat)}: actionAt(${String(at)}) gives ${shown(back)}, not the legal action ${shown(action)} whose index it is. Fix: make actions.actionAt the inverse of actions.indexOf`,
                );
            }
            const mask = legalMask(space, view, seat, legal);
            let ones = 0;
            for (const bit of mask) ones += bit;
            if (ones !== legal.length)
              throw new Error(
                `${where}, seat ${String(seat)}'s mask has ${String(ones)} ones for ${String(legal.length)} legal actions. Fix: give each legal action its own index in actions.indexOf`,
              );
            // Indices outside the mask: what they stand for must not be a legal action.
            for (let k = 0; k < 8; k++) {
              const j = rng.int(0, space.size - 1);
              if (mask[j] === 1) continue;
              const action = space.actionAt(j, view, seat);
              if (action === undefined) continue;
              const index = space.indexOf(action, view, seat);
              if (index !== undefined && index !== j)
                throw new Error(
                  `${where}, seat ${String(seat)}: actionAt(${String(j)}) gives ${shown(action)}, whose index is ${String(index)}. Fix: make actions.actionAt the inverse of actions.indexOf`,
                );
            }
            if (index % 2 !== 0) continue;
            const resampled = engine.determinize(view, rng);
            const other = legalMask(space, engine.view(resampled, seat), seat, legal);
            if (other.some((bit, j) => bit !== mask[j]))
              throw new Error(
                `${where}, seat ${String(seat)}'s mask changed when hidden information was resampled. Fix: compute indexOf and actionAt from the view and the action only`,
              );
          }
        });
      },
    ),
  ];
}

/** Internal: the observation laws of a game that declares features (none otherwise). */
export function observationLawsOf<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  walks: fc.Arbitrary<Walk>,
  params: fc.Parameters<[Walk]>,
  maxActions: number,
): Law[] {
  const observation = gameObservation<TAction>(game);
  return observation === undefined
    ? []
    : observationLawsFor(game, observation, walks, params, maxActions);
}

/** A few random legal steps from a state (what a search bot does with a determinized state). */
function playOn<TState, TAction extends ActionBase, TOptions, TCard extends CardDefinition>(
  engine: Engine<TState, TAction, TOptions, TCard>,
  state: MatchState<TState>,
  rng: Rng,
): void {
  for (let i = 0; i < 3 && !engine.isOver(state); i++) {
    const seats = engine.toAct(state);
    const seat = seats[rng.int(0, seats.length - 1)] as number;
    const legal = engine.legalActions(state, seat);
    engine.step(state, seat, legal[rng.int(0, legal.length - 1)] as TAction);
  }
}

/**
 * The laws of a game's observation features (see `GameObservation` in `@ruleloom/core`), ready
 * to run in any test runner: an encoding has the declared length, is finite, writes every
 * entry, depends on the view alone and does not change when hidden information is resampled
 * (nor after search from a resampled state); every legal action has its own index, the mask
 * has exactly one 1 per legal action, `actionAt(indexOf(a))` gives `a` back, and the mask does
 * not change when hidden information is resampled. `gameLaws` runs them for a game that
 * declares `observation`.
 *
 * @example
 * ```ts
 * for (const law of observationLaws({ game: myGame, observation: myFeatures, setups: [{ players: 2 }] }))
 *   it(law.name, law.run, 60_000);
 * ```
 * @public
 */
export function observationLaws<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(options: ObservationLawsOptions<TState, TAction, TOptions, TCard>): Law[] {
  const observation = options.observation ?? gameObservation<TAction>(options.game);
  if (observation === undefined)
    throw new Error(`game '${options.game.id}' declares no observation and none was given`);
  const params = {
    seed: lawSeed(options.seed),
    numRuns: options.numRuns ?? 25,
    endOnFailure: true,
  };
  return observationLawsFor(
    options.game,
    observation,
    walkArbitrary(options.setups),
    params,
    options.maxActions ?? 20_000,
  );
}
