import type fc from 'fast-check';
import type { CardDefinition } from '../cards/cards.js';
import { actionTraitsOf } from '../define/action-traits.js';
import type { EventDeclarations } from '../define/declare-events.js';
import type { Engine, RulesSetup } from '../run/engine.js';
import type { ForwardModel } from '../define/forward-model.js';
import type { Game } from '../define/game.js';
import { createMatch, type MatchSetup } from '../match/match.js';
import { restoreMatch } from '../match/restore-match.js';
import type { ActionBase } from '../model/action.js';
import type { MatchState } from '../model/match-state.js';
import { Rng } from '../rng/rng.js';
import { canonicalJson } from '../util/canonical-json.js';
import { collectZoneCards } from '../zones/zone.js';
import { countMismatch } from './count-law.js';
import { declarationLaws } from './declaration-laws.js';
import { assertProperty, lawSeed, type Law } from './law.js';
import { informationLaws } from './information-laws.js';
import { resamplingLaws } from './resampling-law.js';
import { observationLawsOf } from './observation-laws.js';
import { trustLaws, type BotInputOf, type HostileReport } from './trust-laws.js';
import { junkFor, playWalk, walkArbitrary, type Walk } from './walk.js';

/**
 * Settings for {@link gameLaws}.
 * @public
 */
export interface GameLawsOptions<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
> {
  /** The game under test. */
  readonly game: Game<TState, TAction, TOptions, TCard>;
  /** Setups to draw from (player counts, options). */
  readonly setups: readonly RulesSetup<NoInfer<TOptions>>[] | fc.Arbitrary<RulesSetup>;
  /** Random games per law (default 25). */
  readonly numRuns?: number;
  /** Decisions after which a game counts as not ending (default 20,000). */
  readonly maxActions?: number;
  /** fast-check seed (default: the `FC_SEED` environment variable, else 42). */
  readonly seed?: number;
  /**
   * Called by the trust-boundary laws after each run with what they have tried so far
   * (hostile inputs sent, refused cleanly, accepted): for a report of a CI run.
   */
  readonly report?: (law: string, counts: HostileReport) => void;
  /**
   * What a bot would receive at a state (see {@link BotInputOf}); given, the bot-input law
   * checks that it does not change when hidden state and the game seed are resampled. The
   * bots package passes its own input builder.
   */
  readonly botInput?: BotInputOf<TState, TAction, TOptions, TCard>;
  /**
   * The game's declared events (see `defineEvents`): given, a law checks that every event a
   * match records is declared, with its declared fields.
   */
  readonly events?: EventDeclarations;
  /** The game's own invariant, checked at every decision: a message when broken. */
  readonly invariant?: (
    state: MatchState<TState>,
    engine: Engine<TState, TAction, TOptions, TCard>,
  ) => string | undefined;
}

export { lawSeed } from './law.js';
export type { Law } from './law.js';

/** Card ids a view mentions outside the zones it may see: hidden information leaking. */
function leakedCards(
  view: Record<string, unknown>,
  zones: Parameters<typeof collectZoneCards>[1],
  allCards: ReadonlySet<string>,
): string[] {
  const visible = new Set(collectZoneCards(view, zones));
  // Cards the viewer has been shown (ctx.reveal) are declared knowledge.
  if (Array.isArray(view.known))
    for (const k of view.known as { card?: unknown }[])
      if (typeof k.card === 'string') visible.add(k.card);
  const leaked: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      if (allCards.has(node) && !visible.has(node)) leaked.push(node);
    } else if (Array.isArray(node)) {
      for (const x of node) walk(x);
    } else if (typeof node === 'object' && node !== null) {
      for (const x of Object.values(node)) walk(x);
    }
  };
  walk(view);
  return leaked;
}

function sortedCounts(ids: readonly string[]): string {
  return [...ids].sort().join(',');
}

function assertEqual(actual: unknown, expected: unknown, what: string): void {
  const a = canonicalJson(actual);
  const e = canonicalJson(expected);
  if (a !== e)
    throw new Error(`${what}:\n  got      ${a.slice(0, 400)}\n  expected ${e.slice(0, 400)}`);
}

/**
 * Changes every array and object of a JSON value in place (to prove a view is a copy);
 * frozen parts cannot be changed, so they are left alone.
 */
function scribble(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (Array.isArray(value)) {
    for (const item of value) scribble(item);
    value.push('~scribbled');
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) scribble(record[key]);
    record['~scribbled'] = true;
  }
}

/**
 * The laws every Ruleloom game must pass, ready to run in any test runner:
 * determinism, replay and JSON round trip, rejected input leaves the state untouched, every
 * listed legal action is accepted, every decision has a legal action, cards are conserved,
 * views do not change when hidden information is resampled and share nothing with the state,
 * the in-place step (on a clone that may share what the rules replace) equals the
 * pure path, the game's own forward model (if any) plays like the engine, the game's declared
 * action traits (and events, when given) hold, every match ends — plus the game's own invariant.
 *
 * @example
 * ```ts
 * for (const law of gameLaws({ game: pig, setups: [{ players: 2 }, { players: 4 }] })) {
 *   it(law.name, law.run, 60_000);
 * }
 * ```
 * @public
 */
export function gameLaws<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(options: GameLawsOptions<TState, TAction, TOptions, TCard>): Law[] {
  const { game, invariant } = options;
  const numRuns = options.numRuns ?? 25;
  const maxActions = options.maxActions ?? 20_000;
  const params = { seed: lawSeed(options.seed), numRuns, endOnFailure: true };
  const walks = walkArbitrary(options.setups);
  const traits = actionTraitsOf(game);
  const law = (name: string, check: (walk: Walk) => void): Law => ({
    name: `${game.id}: ${name}`,
    run: () => {
      assertProperty(walks, check, params);
    },
  });

  return [
    law('the same setup and actions give the same states, events and hash', (walk) => {
      const a = playWalk(game, walk, maxActions);
      const b = playWalk(game, walk, maxActions);
      assertEqual(b.actions, a.actions, 'actions differ between two runs');
      if (a.engine.hash(a.final) !== b.engine.hash(b.final))
        throw new Error('final hashes differ between two runs');
      const m1 = createMatch(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);
      const m2 = createMatch(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);
      for (const { seat, action } of a.actions) {
        m1.apply(seat, action);
        m2.apply(seat, action);
      }
      assertEqual(m2.log, m1.log, 'logs differ between two runs');
      if (m1.hash() !== a.engine.hash(a.final))
        throw new Error('match and pure engine disagree on the final hash');
    }),
    law('a save survives a JSON round trip and replays to the same hash', (walk) => {
      const { actions } = playWalk(game, walk, maxActions);
      const match = createMatch(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);
      for (const { seat, action } of actions) match.apply(seat, action);
      const saved: unknown = JSON.parse(JSON.stringify(match.toJSON()));
      const restored = restoreMatch(game, saved);
      if (!restored.ok)
        throw new Error(`restore failed: ${restored.error.code}: ${restored.error.message}`);
      if (restored.match.hash() !== match.hash()) throw new Error('restored hash differs');
      const roundTrip = JSON.parse(JSON.stringify(match.state)) as MatchState<TState>;
      if (match.engine.hash(roundTrip) !== match.hash())
        throw new Error(
          'the state does not survive a JSON round trip (undefined, NaN or non-JSON values?)',
        );
      const tampered = { ...(saved as Record<string, unknown>), hash: '0000000000000000' };
      const refused = restoreMatch(game, tampered);
      if (refused.ok || refused.error.code !== 'hash_mismatch')
        throw new Error('a save with a wrong hash was not refused with hash_mismatch');
    }),
    law('rejected input never throws and leaves the state untouched', (walk) => {
      const junkAt = new Map<number, Walk['junk'][number][]>();
      for (const j of walk.junk) junkAt.set(j.at % 50, [...(junkAt.get(j.at % 50) ?? []), j]);
      playWalk(game, walk, maxActions, ({ index, state, seat, legal }, engine) => {
        for (const j of junkAt.get(index % 50) ?? []) {
          const before = JSON.stringify(state);
          const { seat: s, input } = junkFor(j, legal, seat, engine.players, traits);
          const r = engine.apply(state, s, input);
          if (JSON.stringify(state) !== before)
            throw new Error('apply changed the state it was given');
          if (!r.ok) {
            if (!/^[a-z][a-z0-9_]*$/.test(r.error.code))
              throw new Error(`rejection code '${r.error.code}' is not snake_case`);
            if (r.error.message.length < 5)
              throw new Error(`rejection '${r.error.code}' has no useful message`);
          }
        }
      });
    }),
    law('every listed legal action is accepted and every decision has one', (walk) => {
      playWalk(game, walk, maxActions, ({ index, state, seat, legal }, engine) => {
        for (const s of engine.toAct(state)) {
          if (engine.legalActions(state, s).length === 0)
            throw new Error(`seat ${String(s)} must act but has no legal action`);
          const mismatch = countMismatch(engine as unknown as Engine, state.game, s);
          if (mismatch !== undefined) throw new Error(mismatch);
        }
        if (index % 7 !== 0) return;
        const step = Math.max(1, Math.floor(legal.length / 40));
        for (let i = 0; i < legal.length; i += step) {
          const r = engine.apply(state, seat, legal[i]);
          if (!r.ok)
            throw new Error(
              `legal action ${JSON.stringify(legal[i])} rejected: ${r.error.code}: ${r.error.message}`,
            );
        }
      });
    }),
    law('every card is in exactly one zone at every decision', (walk) => {
      let expected: string | undefined;
      playWalk(game, walk, maxActions, ({ state }, engine) => {
        expected ??= sortedCounts(engine.cards.instanceIds);
        const actual = sortedCounts(collectZoneCards(state.game, game.zones));
        if (actual !== expected)
          throw new Error(
            `cards are not conserved: ${actual.length} chars of ids vs ${expected.length}`,
          );
        const message = invariant?.(state, engine);
        if (message !== undefined) throw new Error(`invariant broken: ${message}`);
      });
    }),
    law(
      'a view and its legal actions do not change when hidden information is resampled',
      (walk) => {
        const rng = Rng.fromSeed(walk.seed ^ 0x5eed);
        playWalk(game, walk, maxActions, ({ index, state }, engine) => {
          if (index % 5 !== 0) return;
          const allCards = new Set(engine.cards.instanceIds);
          for (let seat = 0; seat < engine.players; seat++) {
            const view = engine.view(state, seat);
            const leaked = leakedCards(view, game.zones, allCards);
            if (leaked.length > 0)
              throw new Error(
                `seat ${String(seat)}'s view mentions cards it cannot see: ${leaked.slice(0, 5).join(', ')}`,
              );
            const resampled = engine.determinize(view, rng, seat);
            assertEqual(
              engine.view(resampled, seat),
              view,
              `seat ${String(seat)}'s view changed after resampling`,
            );
            assertEqual(
              engine.legalActions(resampled, seat),
              engine.legalActions(state, seat),
              `seat ${String(seat)}'s legal actions changed after resampling`,
            );
            assertEqual(
              engine.toAct(resampled),
              engine.toAct(state),
              'who is to act changed after resampling',
            );
          }
          const spectator = engine.view(state, 'spectator');
          assertEqual(
            engine.view(engine.determinize(spectator, rng), 'spectator'),
            spectator,
            "the spectator's view changed after resampling",
          );
        });
      },
    ),
    law('a view is a copy: changing it never changes the state', (walk) => {
      playWalk(game, walk, maxActions, ({ index, state }, engine) => {
        if (index % 5 !== 0) return;
        const before = engine.hash(state);
        for (let seat = -1; seat < engine.players; seat++) {
          scribble(engine.view(state, seat < 0 ? 'spectator' : seat));
          if (engine.hash(state) !== before)
            throw new Error(
              `changing ${seat < 0 ? "the spectator's" : `seat ${String(seat)}'s`} view changed the state: views must share nothing with it`,
            );
        }
      });
    }),
    law(
      'clone + step in place (validated or trusted) gives exactly what the pure apply gives',
      (walk) => {
        playWalk(game, walk, maxActions, ({ state, seat, action }, engine) => {
          const before = engine.hash(state);
          const pure = engine.apply(state, seat, action);
          const copy = engine.clone(state);
          const stepped = engine.step(copy, seat, action);
          if (!pure.ok || !stepped.ok) throw new Error('a legal action was rejected');
          if (engine.hash(state) !== before)
            throw new Error('apply or clone changed the input state');
          if (engine.hash(copy) !== engine.hash(pure.state))
            throw new Error('step on a clone differs from apply');
          const fast = engine.clone(state);
          engine.step(fast, seat, action, false, true);
          if (engine.hash(fast) !== engine.hash(pure.state))
            throw new Error('a trusted step (no validation, no events) differs from apply');
          // Clones may share the parts the rules replace (cloneForStep): a rule that changed
          // one in place would show here as a change of the original.
          if (engine.hash(state) !== before)
            throw new Error('stepping a clone changed the original state');
          assertEqual(stepped.events, pure.events, 'step and apply recorded different events');
        });
      },
    ),
    law('the forward model (when the game has one) plays exactly like the engine', (walk) => {
      let model: ForwardModel<unknown, TAction> | undefined;
      let fast: unknown;
      const { final } = playWalk(
        game,
        walk,
        maxActions,
        ({ index, state, seat, legal, action }, engine) => {
          if (index === 0) {
            model = engine.forwardModel();
            if (model !== undefined) fast = model.fromState(state);
          }
          if (model === undefined) return;
          assertEqual(
            model.toState(fast),
            state,
            `forward model state at decision ${String(index)}`,
          );
          if (model.toAct(fast) !== seat)
            throw new Error(
              `forward model: seat ${String(model.toAct(fast))} to act, the engine says ${String(seat)}`,
            );
          assertEqual(model.legalActions(fast), legal, 'forward model legal actions');
          if (index % 3 === 0) {
            // A round trip, a clone that is stepped alone, and a copy back.
            assertEqual(
              model.toState(model.fromState(state)),
              state,
              'fromState/toState round trip',
            );
            const copy = model.clone(fast);
            model.step(copy, action);
            assertEqual(model.toState(fast), state, 'stepping a clone changed the original');
            model.copyInto(copy, fast);
            assertEqual(model.toState(copy), state, 'copyInto');
          }
          if (index % 5 === 0) {
            assertEqual(model.view(fast, seat), engine.view(state, seat), 'forward model view');
            assertEqual(
              model.view(fast, 'spectator'),
              engine.view(state, 'spectator'),
              'forward model spectator view',
            );
          }
          if (model.result(fast) !== null) throw new Error('forward model: over too early');
          model.step(fast, action);
        },
      );
      if (model === undefined) return;
      assertEqual(model.toState(fast), final, 'forward model final state');
      if (model.toAct(fast) !== -1) throw new Error('forward model: not over at the end');
      assertEqual(model.result(fast), final.result, 'forward model result');
      if (model.legalActions(fast).length !== 0)
        throw new Error('forward model: legal actions after the end');
    }),
    ...trustLaws(game, walks, params, maxActions, options.report, options.botInput),
    ...informationLaws(game, walks, params, maxActions, options.botInput),
    ...resamplingLaws(game, walks, params, maxActions, options.botInput),
    ...declarationLaws({
      game,
      law,
      maxActions,
      ...((options.events ?? game.events) === undefined
        ? {}
        : { events: options.events ?? game.events }),
    }),
    // The game's observation features, when it declares them.
    ...observationLawsOf(game, walks, params, maxActions),
    law('every match ends', (walk) => {
      const { final, engine } = playWalk(game, walk, maxActions);
      const result = final.result;
      if (result === null) throw new Error('the game did not end');
      if (result.scores.length !== engine.players || result.ranks.length !== engine.players)
        throw new Error('result must give every seat a score and a rank');
      if (result.winners.length === 0) throw new Error('a finished game has at least one winner');
    }),
  ];
}
