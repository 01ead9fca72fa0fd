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
import { describeValue } from '../util/describe.js';
import { conservationProblem } from './conservation.js';
import { countMismatch } from './count-law.js';
import { declarationLaws } from './declaration-laws.js';
import {
  assertProperty,
  atDecision,
  DETERMINISM,
  lawFailure,
  lawSeed,
  PLAIN_JSON,
  shown,
  type Law,
} from './law.js';
import { firstDifference } from './difference.js';
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

/** Card ids a view mentions outside the zones it may see (and where): hidden information leaking. */
function leakedCards(
  view: Record<string, unknown>,
  zones: Parameters<typeof collectZoneCards>[1],
  allCards: ReadonlySet<string>,
): { card: string; path: string }[] {
  const visible = new Set(collectZoneCards(view, zones));
  // Cards the viewer has been shown (ctx.reveal) are declared knowledge.
  if (Array.isArray(view.known))
    for (const k of view.known as { card?: unknown }[])
      if (typeof k.card === 'string') visible.add(k.card);
  const leaked: { card: string; path: string }[] = [];
  const walk = (node: unknown, path: string): void => {
    if (typeof node === 'string') {
      if (allCards.has(node) && !visible.has(node)) leaked.push({ card: node, path });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, x] of Object.entries(node)) walk(x, path === '' ? key : `${path}.${key}`);
    }
  };
  walk(view, '');
  return leaked;
}

/**
 * Throws when two values differ: `what` (what and where), the first field at which they
 * differ with both values, and the fix.
 */
function assertEqual(
  actual: unknown,
  expected: unknown,
  what: string,
  fix: string,
  names: readonly [string, string] = ['got', 'expected'],
): void {
  if (canonicalJson(actual) === canonicalJson(expected)) return;
  const diff = firstDifference(actual, expected);
  const at =
    diff === undefined
      ? ''
      : `: ${diff.path === '' ? 'the value' : `field '${diff.path}'`} is ${shown(diff.a)} (${names[0]}), not ${shown(diff.b)} (${names[1]})`;
  throw lawFailure(`${what}${at}`, fix);
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
 * A broken law throws an error whose first line says what went wrong, where (the game, the
 * decision and its phase, the seat, the field, zone or card) and, after `Fix:`, what to
 * change; its second line says how to reproduce it (the fast-check seed and the walk's setup
 * and seed).
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
      assertProperty(walks, check, params, game.id);
    },
  });

  return [
    law('the same setup and actions give the same states, events and hash', (walk) => {
      const a = playWalk(game, walk, maxActions);
      const b = playWalk(game, walk, maxActions);
      const parted = a.actions.findIndex(
        (x, i) => canonicalJson(x) !== canonicalJson(b.actions[i]),
      );
      if (parted >= 0 || a.actions.length !== b.actions.length) {
        const i = parted >= 0 ? parted : Math.min(a.actions.length, b.actions.length);
        throw lawFailure(
          `two runs of the same setup, seed and choices part at decision ${String(i)}: the first takes ${shown(a.actions[i])}, the second ${shown(b.actions[i])} (the legal actions differ)`,
          DETERMINISM,
        );
      }
      assertEqual(
        b.final,
        a.final,
        `two runs of the same setup, seed and actions end in different states`,
        DETERMINISM,
        ['second run', 'first run'],
      );
      if (a.engine.hash(a.final) !== b.engine.hash(b.final))
        throw lawFailure(
          'two runs of the same setup, seed and actions end with different hashes',
          DETERMINISM,
        );
      const m1 = createMatch(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);
      const m2 = createMatch(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);
      for (const { seat, action } of a.actions) {
        m1.apply(seat, action);
        m2.apply(seat, action);
      }
      const entry = m1.log.findIndex((e, i) => canonicalJson(e) !== canonicalJson(m2.log[i]));
      if (entry >= 0)
        assertEqual(
          m2.log[entry],
          m1.log[entry],
          `two matches of the same setup, seed and actions record different events in log entry ${String(entry)}`,
          DETERMINISM,
          ['second match', 'first match'],
        );
      if (m1.hash() !== a.engine.hash(a.final))
        throw lawFailure(
          `a match and the pure engine, given the same setup, seed and ${String(a.actions.length)} actions, end with different hashes`,
          `${DETERMINISM}; a rule must give the same result whether or not events are recorded`,
        );
    }),
    law('a save survives a JSON round trip and replays to the same hash', (walk) => {
      const { actions } = playWalk(game, walk, maxActions);
      const match = createMatch(game, { seed: walk.seed, ...walk.setup } as MatchSetup<TOptions>);
      for (const { seat, action } of actions) match.apply(seat, action);
      const after = `the save after ${String(actions.length)} actions`;
      const roundTrip = JSON.parse(JSON.stringify(match.state)) as MatchState<TState>;
      if (match.engine.hash(roundTrip) !== match.hash())
        assertEqual(
          roundTrip,
          match.state,
          `the final state (after ${String(actions.length)} actions) does not survive a JSON round trip`,
          PLAIN_JSON,
          ['after JSON', 'before'],
        );
      const saved: unknown = JSON.parse(JSON.stringify(match.toJSON()));
      const restored = restoreMatch(game, saved);
      if (!restored.ok)
        throw lawFailure(
          `${after} does not restore: ${restored.error.code}: ${restored.error.message}`,
          `${PLAIN_JSON}; and ${DETERMINISM}, so that replaying the saved actions gives the same game`,
        );
      if (restored.match.hash() !== match.hash())
        assertEqual(
          restored.match.state,
          match.state,
          `${after} replays to another state`,
          DETERMINISM,
          ['replayed', 'played'],
        );
      const tampered = { ...(saved as Record<string, unknown>), hash: '0000000000000000' };
      const refused = restoreMatch(game, tampered);
      if (refused.ok || refused.error.code !== 'hash_mismatch')
        throw lawFailure(
          `${after}, with its hash changed, was ${refused.ok ? 'restored' : `refused with '${refused.error.code}'`} instead of refused with 'hash_mismatch'`,
          'this is the engine checking saves, not your rules: report it with the seed below',
        );
    }),
    law('rejected input never throws and leaves the state untouched', (walk) => {
      const junkAt = new Map<number, Walk['junk'][number][]>();
      for (const j of walk.junk) junkAt.set(j.at % 50, [...(junkAt.get(j.at % 50) ?? []), j]);
      playWalk(game, walk, maxActions, ({ index, state, seat, legal }, engine) => {
        for (const j of junkAt.get(index % 50) ?? []) {
          const before = JSON.parse(JSON.stringify(state)) as unknown;
          const { seat: s, input } = junkFor(j, legal, seat, engine.players, traits);
          const where = `${atDecision(index, state.phase, seat)}, seat ${String(s)} sent ${describeValue(input)}`;
          const r = engine.apply(state, s, input);
          assertEqual(
            JSON.parse(JSON.stringify(state)),
            before,
            `${where}, and apply changed the state it was given`,
            'parse and validate must only read the state: change it only in resolve and effects, through ctx.state',
            ['after', 'before'],
          );
          if (!r.ok) {
            if (!/^[a-z][a-z0-9_]*$/.test(r.error.code))
              throw lawFailure(
                `${where}, refused with the code '${r.error.code}', which is not snake_case`,
                `give the rejection a snake_case code: rejection('not_your_turn', 'It is not your turn.')`,
              );
            if (r.error.message.length < 5)
              throw lawFailure(
                `${where}, refused as '${r.error.code}' with the message '${r.error.message}', which tells a player nothing`,
                `give the rejection a sentence a player understands: rejection('${r.error.code}', 'what is wrong and what to do')`,
              );
          }
        }
      });
    }),
    law('every listed legal action is accepted and every decision has one', (walk) => {
      playWalk(game, walk, maxActions, ({ index, state, seat, legal }, engine) => {
        for (const s of engine.toAct(state)) {
          if (engine.legalActions(state, s).length === 0)
            throw lawFailure(
              `${atDecision(index, state.phase)}, seat ${String(s)} must act (toAct names it) but has no legal action`,
              'list at least one action for every seat toAct names (a pass when nothing else is possible), or leave the seat out of toAct',
            );
          const mismatch = countMismatch(engine as unknown as Engine, state.game, s);
          if (mismatch !== undefined)
            throw lawFailure(
              `${atDecision(index, state.phase)}, ${mismatch}`,
              'make count return exactly the number of actions enumerate lists for the same state and seat, or drop count',
            );
        }
        if (index % 7 !== 0) return;
        const step = Math.max(1, Math.floor(legal.length / 40));
        for (let i = 0; i < legal.length; i += step) {
          const r = engine.apply(state, seat, legal[i]);
          if (!r.ok)
            throw lawFailure(
              `${atDecision(index, state.phase, seat)}, the legal action ${shown(legal[i])} (listed by the '${(legal[i] as ActionBase).type}' handler's enumerate) is refused by its validate: ${r.error.code}: ${r.error.message}`,
              `make the '${(legal[i] as ActionBase).type}' handler's enumerate list only actions its validate accepts (check the same conditions in both)`,
            );
        }
      });
    }),
    law('every card is in exactly one zone at every decision', (walk) => {
      playWalk(game, walk, maxActions, ({ index, state }, engine) => {
        const problem = conservationProblem(
          state.game,
          game.zones,
          engine.cards.instanceIds,
          atDecision(index, state.phase),
        );
        if (problem !== undefined) throw new Error(`${problem}.`);
        const message = invariant?.(state, engine);
        if (message !== undefined)
          throw lawFailure(
            `${atDecision(index, state.phase)}, the game's own invariant is broken: ${message}`,
            'the rules reached a state the invariant forbids: find the rule that made it (replay the seed below) and correct it, or correct the invariant',
          );
      });
    }),
    law(
      'a view and its legal actions do not change when hidden information is resampled',
      (walk) => {
        const rng = Rng.fromSeed(walk.seed ^ 0x5eed);
        playWalk(game, walk, maxActions, ({ index, state }, engine) => {
          if (index % 5 !== 0) return;
          const at = atDecision(index, state.phase);
          const allCards = new Set(engine.cards.instanceIds);
          for (let seat = 0; seat < engine.players; seat++) {
            const view = engine.view(state, seat);
            const leaked = leakedCards(view, game.zones, allCards);
            if (leaked.length > 0) {
              const [first] = leaked as [{ card: string; path: string }];
              throw lawFailure(
                `${at}, seat ${String(seat)}'s view shows card '${first.card}' at '${first.path}', outside the zones it may see${leaked.length > 1 ? ` (and ${String(leaked.length - 1)} more)` : ''}`,
                `show a card only through the zone that holds it: declare '${first.path.replace(/\.\d+(?=\.|$)/g, '.*').replace(/\.\*$/, '')}' as a zone with its visibility, or leave the card out of the view`,
              );
            }
            const resampled = engine.determinize(view, rng, seat);
            assertEqual(
              engine.view(resampled, seat),
              view,
              `${at}, seat ${String(seat)}'s view changed when the hidden cards and fields were dealt anew`,
              'a public field must not be computed from hidden state: declare it private (privateFields) or compute it from what the seat may see; a determinize hook must keep what the seat sees',
              ['resampled', 'real'],
            );
            assertEqual(
              engine.legalActions(resampled, seat),
              engine.legalActions(state, seat),
              `${at}, seat ${String(seat)}'s legal actions changed when the hidden cards and fields were dealt anew`,
              "a seat's legal actions may depend only on what it can see: check the hidden part in validate or resolve instead of leaving actions out",
              ['resampled', 'real'],
            );
            assertEqual(
              engine.toAct(resampled),
              engine.toAct(state),
              `${at}, who is to act changed when the hidden cards and fields were dealt anew for seat ${String(seat)}`,
              'who acts next may depend only on public information',
              ['resampled', 'real'],
            );
          }
          const spectator = engine.view(state, 'spectator');
          assertEqual(
            engine.view(engine.determinize(spectator, rng), 'spectator'),
            spectator,
            `${at}, the spectator's view changed when the hidden cards and fields were dealt anew`,
            'a public field must not be computed from hidden state: declare it private (privateFields) or compute it from what everyone may see',
            ['resampled', 'real'],
          );
        });
      },
    ),
    law('a view is a copy: changing it never changes the state', (walk) => {
      playWalk(game, walk, maxActions, ({ index, state }, engine) => {
        if (index % 5 !== 0) return;
        const before = engine.hash(state);
        const copy = JSON.parse(JSON.stringify(state)) as unknown;
        for (let seat = -1; seat < engine.players; seat++) {
          scribble(engine.view(state, seat < 0 ? 'spectator' : seat));
          if (engine.hash(state) !== before) {
            const diff = firstDifference(JSON.parse(JSON.stringify(state)), copy);
            throw lawFailure(
              `${atDecision(index, state.phase)}, changing ${seat < 0 ? "the spectator's" : `seat ${String(seat)}'s`} view changed the state${diff === undefined ? '' : ` at '${diff.path}'`}: the view shares that part with it`,
              'return copies from the view hook (spread or structuredClone the parts of the state you show), never the state objects themselves',
            );
          }
        }
      });
    }),
    law(
      'clone + step in place (validated or trusted) gives exactly what the pure apply gives',
      (walk) => {
        playWalk(game, walk, maxActions, ({ index, state, seat, action }, engine) => {
          const where = `${atDecision(index, state.phase, seat)}, playing ${shown(action)}`;
          const inPlace =
            'a rule must change only ctx.state, keep no reference to a state between calls, and give the same result on a copy (with cloneForStep, the parts it shares must be replaced, never changed in place)';
          const before = engine.hash(state);
          const pure = engine.apply(state, seat, action);
          const copy = engine.clone(state);
          const stepped = engine.step(copy, seat, action);
          if (!pure.ok || !stepped.ok)
            throw lawFailure(
              `${where}: ${!pure.ok ? `apply refuses it (${pure.error.code})` : 'apply accepts it'} but ${!stepped.ok ? `step on a clone refuses it (${stepped.error.code})` : 'step on a clone accepts it'}`,
              inPlace,
            );
          if (engine.hash(state) !== before)
            throw lawFailure(`${where}: apply or clone changed the state it was given`, inPlace);
          if (engine.hash(copy) !== engine.hash(pure.state))
            assertEqual(copy, pure.state, `${where}: step on a clone differs from apply`, inPlace, [
              'step',
              'apply',
            ]);
          const fast = engine.clone(state);
          engine.step(fast, seat, action, false, true);
          if (engine.hash(fast) !== engine.hash(pure.state))
            assertEqual(
              fast,
              pure.state,
              `${where}: a trusted step (no validation, no events) differs from apply`,
              `${inPlace}; a rule must not depend on whether events are recorded`,
              ['trusted step', 'apply'],
            );
          // Clones may share the parts the rules replace (cloneForStep): a rule that changed
          // one in place would show here as a change of the original.
          if (engine.hash(state) !== before)
            throw lawFailure(`${where}: stepping a clone changed the original state`, inPlace);
          assertEqual(
            stepped.events,
            pure.events,
            `${where}: step and apply recorded different events`,
            inPlace,
            ['step', 'apply'],
          );
        });
      },
    ),
    law('the forward model (when the game has one) plays exactly like the engine', (walk) => {
      let model: ForwardModel<unknown, TAction> | undefined;
      let fast: unknown;
      const fix = (part: string): string =>
        `make the forward model's ${part} follow the game's rules exactly (it is a second implementation of them)`;
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
          const at = atDecision(index, state.phase, seat);
          assertEqual(
            model.toState(fast),
            state,
            `${at}, the forward model's state differs from the engine's`,
            fix('step'),
            ['model', 'engine'],
          );
          if (model.toAct(fast) !== seat)
            throw lawFailure(
              `${at}, the forward model says seat ${String(model.toAct(fast))} is to act`,
              fix('toAct'),
            );
          assertEqual(
            model.legalActions(fast),
            legal,
            `${at}, the forward model lists other legal actions`,
            fix('legalActions'),
            ['model', 'engine'],
          );
          if (index % 3 === 0) {
            // A round trip, a clone that is stepped alone, and a copy back.
            assertEqual(
              model.toState(model.fromState(state)),
              state,
              `${at}, fromState then toState does not give the state back`,
              fix('fromState and toState'),
              ['round trip', 'engine'],
            );
            const copy = model.clone(fast);
            model.step(copy, action);
            assertEqual(
              model.toState(fast),
              state,
              `${at}, stepping a clone of the forward model's state changed the original`,
              fix('clone (a deep copy: share nothing the step changes)'),
              ['original after', 'before'],
            );
            model.copyInto(copy, fast);
            assertEqual(
              model.toState(copy),
              state,
              `${at}, copyInto does not copy the whole state`,
              fix('copyInto'),
              ['copy', 'engine'],
            );
          }
          if (index % 5 === 0) {
            assertEqual(
              model.view(fast, seat),
              engine.view(state, seat),
              `${at}, the forward model's view for seat ${String(seat)} differs`,
              fix('view'),
              ['model', 'engine'],
            );
            assertEqual(
              model.view(fast, 'spectator'),
              engine.view(state, 'spectator'),
              `${at}, the forward model's spectator view differs`,
              fix('view'),
              ['model', 'engine'],
            );
          }
          if (model.result(fast) !== null)
            throw lawFailure(`${at}, the forward model says the game is over`, fix('result'));
          model.step(fast, action);
        },
      );
      if (model === undefined) return;
      const end = 'at the end of the game';
      assertEqual(
        model.toState(fast),
        final,
        `${end}, the forward model's final state differs`,
        fix('step'),
        ['model', 'engine'],
      );
      if (model.toAct(fast) !== -1)
        throw lawFailure(`${end}, the forward model says the game is not over`, fix('toAct'));
      assertEqual(
        model.result(fast),
        final.result,
        `${end}, the forward model's result differs`,
        fix('result'),
        ['model', 'engine'],
      );
      if (model.legalActions(fast).length !== 0)
        throw lawFailure(
          `${end}, the forward model still lists legal actions`,
          fix('legalActions'),
        );
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
      const { final, engine, actions } = playWalk(game, walk, maxActions);
      const result = final.result;
      const after = `after ${String(actions.length)} actions (phase '${final.phase}')`;
      if (result === null)
        throw lawFailure(
          `${after}, no seat is to act but the game has no result`,
          "end the game when no one can act: a phase transition to '$end' whose condition holds then",
        );
      if (result.scores.length !== engine.players || result.ranks.length !== engine.players)
        throw lawFailure(
          `${after}, the result gives ${String(result.scores.length)} scores and ${String(result.ranks.length)} ranks for ${String(engine.players)} seats`,
          'make score return one score per seat (scores: [...] with a number for every seat)',
        );
      if (result.winners.length === 0)
        throw lawFailure(
          `${after}, the result names no winner`,
          'a finished game has at least one winner: check score (the best score wins unless it gives winners)',
        );
    }),
  ];
}
