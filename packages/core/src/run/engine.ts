import { knownBy } from './knowledge.js';
import type { OptionsInput } from '../define/options-input.js';
import { isShared } from './shared-states.js';
import type { CardDefinition, CardTable } from '../cards/cards.js';
import { EngineInvariantError, SetupError } from '../errors/game-definition-error.js';
import { hashJson } from '../log/hash.js';
import { rejection, type Rejection } from '../result.js';
import type { Rng } from '../rng/rng.js';
import { createRngState, type RngState, type Seed } from '../rng/seed.js';
import { cloneJson } from '../util/clone.js';
import { describeValue, quoteName } from '../util/describe.js';
import { ACTION_LIMITS, checkJsonLimits } from '../util/json-limits.js';
import { determinizeView, redactState, type GameView } from '../view/view.js';
import { SETUP_PHASE } from '../model/phase-ids.js';
import type { ForwardModel } from '../define/forward-model.js';
import type { ForwardModelSetup, Game } from '../define/game.js';
import { PhaseInterpreter } from './phase-interpreter.js';
import { joinFresh, joinShared } from './join-lists.js';
import {
  compactLegalActions,
  declaredRangeFields,
  normalizeLegalEntries,
  type CompactLegalActions,
  type LegalActionEntry,
} from '../define/legal-action-entries.js';
import { compileRules } from './rules-cache.js';
import { RunContext } from './run-context.js';
import {
  ChanceOutcomeRejected,
  ChancePending,
  checkChosen,
  tooManyOutcomes,
  type ChanceResult,
} from './chance.js';
import type { ActionBase } from '../model/action.js';
import type { ActionHandler, RulesContext } from '../define/types.js';
import type { GameEvent } from '../model/event.js';
import type { GameResult, MatchState } from '../model/match-state.js';

/**
 * Players and options of a match (everything but the seed).
 * @public
 */
export interface RulesSetup<TOptions = unknown, TCard extends CardDefinition = CardDefinition> {
  readonly players: number;
  /** Option values (typed from the game's option schema where it is known). */
  readonly options?: OptionsInput<TOptions, TCard>;
}

/**
 * The result of the pure {@link Engine.apply}: the new state and the events, or a rejection
 * (and then the input state is untouched).
 * @public
 */
export type ApplyResult<TState> =
  | {
      readonly ok: true;
      readonly state: MatchState<TState>;
      readonly action: ActionBase;
      readonly events: readonly GameEvent[];
    }
  | { readonly ok: false; readonly error: Rejection };

/**
 * The result of the in-place `Engine.step`.
 * @public
 */
export type StepResult =
  | { readonly ok: true; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: Rejection };

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The rules of one game for one setup (players and options), as pure functions over
 * {@link MatchState}s, plus the in-place forward model for search.
 *
 * @remarks
 * Pure path: {@link Engine.apply} never changes its input and returns a new state.
 * Forward model: {@link Engine.clone} and `Engine.step` update a state in place; a
 * property test proves that `step` on a clone gives exactly what `apply` gives.
 * @public
 */
export class Engine<
  TState = unknown,
  TAction extends ActionBase = ActionBase,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
> implements RulesContext<TOptions, TCard> {
  /** The game these rules belong to. */
  readonly game: Game<TState, TAction, TOptions, TCard>;
  readonly players: number;
  readonly options: TOptions;
  readonly cards: CardTable<TCard>;
  /** The frozen rules context handlers receive (never the engine itself). */
  private readonly rules: RulesContext<TOptions, TCard>;
  private readonly interpreter: PhaseInterpreter<TState, TAction, TOptions, TCard>;
  private readonly actionTypes: readonly string[];
  private readonly handlerList: readonly ActionHandler<TState, TAction, TOptions, TCard>[];
  private readonly handlers: Readonly<
    Record<string, ActionHandler<TState, TAction, TOptions, TCard>>
  >;
  private readonly ctx: RunContext;
  private readonly cloneGame: (state: TState) => TState;
  private readonly stepCopy: (state: TState) => TState;
  /** The game's declared range fields (see `declaredRangeFields`), made on first use. */
  private rangeFields: ((type: string) => readonly string[] | undefined) | undefined;
  /** The game's fast forward model: not built yet (undefined), none (null), or built. */
  private fast: ForwardModel<unknown, TAction> | null | undefined;

  /**
   * Builds the rules for a setup. Throws a {@link SetupError} listing every problem when the
   * players or options are invalid; use {@link validateSetup} to check without throwing.
   */
  constructor(game: Game<TState, TAction, TOptions, TCard>, setup: RulesSetup) {
    const compiled = compileRules(game, setup.players, setup.options);
    if (compiled.problems) throw new SetupError(game.id, compiled.problems);
    this.game = game;
    this.players = compiled.rules.players;
    this.options = compiled.rules.options as TOptions;
    this.cards = compiled.rules.cards as CardTable<TCard>;
    const cards = this.cards;
    this.rules = Object.freeze({
      players: this.players,
      options: this.options,
      cards,
      card(id: string): TCard {
        const card = cards.byInstance.get(id);
        if (card === undefined) throw new EngineInvariantError(`unknown card '${id}'`);
        return card;
      },
    });
    this.handlers = game.actions;
    this.actionTypes = Object.keys(this.handlers);
    this.handlerList = this.actionTypes.map(
      (type) => this.handlers[type] as ActionHandler<TState, TAction, TOptions, TCard>,
    );
    this.ctx = new RunContext(this.rules, game.effects as never, (game.conditions ?? {}) as never);
    this.ctx.zones = game.zones;
    this.interpreter = new PhaseInterpreter(game, this.rules, this.handlerList, this.ctx);
    this.cloneGame = game.cloneState ?? cloneJson;
    this.stepCopy = game.cloneForStep ?? this.cloneGame;
  }

  /** The definition of a card instance id. Throws on an unknown id (a bug, not input). */
  card(id: string): TCard {
    return this.rules.card(id);
  }

  /** The initial state for a seed, with the events of setup (shuffles, first flips...). */
  initialState(seed: Seed): {
    readonly state: MatchState<TState>;
    readonly events: readonly GameEvent[];
  } {
    const events: GameEvent[] = [];
    const state: Mutable<MatchState<TState>> = {
      phase: SETUP_PHASE,
      rng: createRngState(seed),
      result: null,
      game: null as TState,
    };
    const ctx = this.ctx;
    ctx.begin(null, state.rng, events);
    try {
      state.game = this.game.setup(ctx as never);
      ctx.state = state.game;
      this.interpreter.start(state);
    } finally {
      state.rng = ctx.finish();
    }
    ctx.settleKnowledge(state);
    return { state, events };
  }

  /**
   * Setup with chance nodes: {@link Engine.initialState} where the draws with more than one
   * outcome take the `chosen` outcomes in order (indexes into each draw's
   * {@link ChanceNode.outcomes}) instead of the generator's values. The run stops at the first
   * draw past them and gives that pending node (`done: false`); call again with one more
   * outcome. The generator still draws as in a seeded run, so choosing the outcome the seed
   * would give yields exactly the seeded state (hash included).
   *
   * @remarks
   * A state reached with chosen outcomes is a legal state (hash, clone, `step`, `view` accept
   * it), but a seed and the actions alone no longer replay it: record the outcomes with the
   * actions as a {@link ChanceLog} and replay it with {@link replayChanceLog}.
   */
  initialStateWithChance(
    seed: Seed,
    chosen: readonly number[],
  ): ChanceResult<{
    readonly state: MatchState<TState>;
    readonly events: readonly GameEvent[];
  }> {
    return this.withChance(chosen, () => this.initialState(seed));
  }

  /**
   * A step with chance nodes: {@link Engine.apply} where the draws with more than one outcome
   * take the `chosen` outcomes in order (see {@link Engine.initialStateWithChance}); at the
   * first draw past them it stops and gives the pending {@link ChanceNode} (`done: false`).
   * Never changes `state`; bad input (the action, or an outcome that is not an index of its
   * node: `invalid_chance_outcome`) is a rejection.
   *
   * @example
   * ```ts
   * let r = engine.applyWithChance(state, 0, { type: 'roll' }, []);
   * if (r.ok && !r.done) r = engine.applyWithChance(state, 0, { type: 'roll' }, [5]); // a six
   * ```
   */
  applyWithChance(
    state: MatchState<TState>,
    seat: number,
    input: unknown,
    chosen: readonly number[],
  ): ChanceResult<{
    readonly state: MatchState<TState>;
    readonly action: ActionBase;
    readonly events: readonly GameEvent[];
  }> {
    const checked = this.parseAndValidate(state, seat, input);
    if ('code' in checked) return { ok: false, error: checked };
    return this.withChance(chosen, () => {
      const next = this.clone(state);
      const events: GameEvent[] = [];
      this.interpreter.resolve(next, checked.seat, checked.action, checked.handler, events);
      return { state: next, action: checked.action, events };
    });
  }

  /** Runs `run` with chosen outcomes (see {@link Engine.applyWithChance}). */
  private withChance<T extends object>(chosen: readonly number[], run: () => T): ChanceResult<T> {
    const bad = checkChosen(chosen);
    if (bad !== undefined) return { ok: false, error: bad };
    const cursor = { chosen, position: 0 };
    this.ctx.chance = cursor;
    try {
      const done = run();
      if (cursor.position < chosen.length)
        return { ok: false, error: tooManyOutcomes(cursor.position, chosen.length) };
      return { ok: true, done: true, ...done };
    } catch (error) {
      if (error instanceof ChancePending) return { ok: true, done: false, node: error.node };
      if (error instanceof ChanceOutcomeRejected) return { ok: false, error: error.rejection };
      throw error;
    } finally {
      this.ctx.chance = null;
    }
  }

  /** Seats whose decision is awaited (empty once the game is over). */
  toAct(state: MatchState<TState>): readonly number[] {
    if (state.result !== null) return [];
    return this.game.toAct(state.game, this.rules);
  }

  /** Whether the match is over. */
  isOver(state: MatchState<TState>): boolean {
    return state.result !== null;
  }

  /** Every legal action of a seat now (empty when it is not that seat's decision). */
  legalActions(state: MatchState<TState>, seat: number): readonly TAction[] {
    if (state.result !== null || !this.game.toAct(state.game, this.rules).includes(seat)) return [];
    // Only the handlers of the phase the game waits in (see `PhaseDefinition.actions`).
    // Most decisions have one action type with actions: return that list without copying.
    const handlers = this.interpreter.handlersFor(state.game, state.phase);
    let out: readonly TAction[] = EMPTY;
    for (let h = 0; h < handlers.length; h++) {
      const list = (handlers[h] as ActionHandler<TState, TAction, TOptions, TCard>).enumerate(
        state.game,
        seat,
        this.rules,
      );
      if (list.length === 0) continue;
      // A second list: join them in a new list made at its final size (never change a
      // handler's list, which it may share).
      out = out.length === 0 ? list : joinFresh(out, list);
    }
    return out;
  }

  /**
   * How many legal actions a seat has now, without building them where the game's handlers
   * can count (`ActionHandler.count`): what `legalActions(state, seat).length` gives. For
   * hosts that bound the work a setup makes before listing anything.
   */
  legalActionCount(state: MatchState<TState>, seat: number): number {
    if (state.result !== null || !this.game.toAct(state.game, this.rules).includes(seat)) return 0;
    const handlers = this.interpreter.handlersFor(state.game, state.phase);
    let total = 0;
    for (let h = 0; h < handlers.length; h++) {
      const handler = handlers[h] as ActionHandler<TState, TAction, TOptions, TCard>;
      total +=
        handler.count !== undefined
          ? handler.count(state.game, seat, this.rules)
          : handler.enumerate(state.game, seat, this.rules).length;
    }
    return total;
  }

  /**
   * Every legal action of a seat now in compact form (what `legalActionSet` of
   * `@ruleloom/core` gives): {@link Engine.legalActions} with each run along a declared amount
   * field written as one range. Handlers that declare `enumerateCompact` give their ranges
   * without listing the actions (work that does not grow with the number of amounts); the
   * others' lists are compacted. A decision none of whose handlers declares it is the whole
   * list compacted, exactly as before.
   */
  legalActionSet(state: MatchState<TState>, seat: number): CompactLegalActions<TAction> {
    if (state.result !== null || !this.game.toAct(state.game, this.rules).includes(seat))
      return NO_ENTRIES;
    const rangeFields = (this.rangeFields ??= declaredRangeFields(this.game));
    const handlers = this.interpreter.handlersFor(state.game, state.phase);
    if (!handlers.some((h) => h.enumerateCompact !== undefined))
      return compactLegalActions(this.legalActions(state, seat), { rangeFields });
    const entries: LegalActionEntry<TAction>[] = [];
    let count = 0;
    for (let h = 0; h < handlers.length; h++) {
      const handler = handlers[h] as ActionHandler<TState, TAction, TOptions, TCard>;
      const part =
        handler.enumerateCompact !== undefined
          ? normalizeLegalEntries(handler.enumerateCompact(state.game, seat, this.rules))
          : compactLegalActions(handler.enumerate(state.game, seat, this.rules), { rangeFields });
      for (const entry of part.entries) entries.push(entry);
      count += part.count;
    }
    return { count, entries };
  }

  /**
   * Every legal action of a seat now, as {@link Engine.legalActions} lists them, in a list that
   * may be shared with other calls (handlers with `enumerateShared` build each distinct list
   * once and keep it; the engine keeps such lists joined): for search code that reads the list
   * and lets go of it before the next step. Never change or keep the list; apps use
   * {@link Engine.legalActions}, which returns a list of their own.
   */
  sharedLegalActions(state: MatchState<TState>, seat: number): readonly TAction[] {
    if (state.result !== null || !this.game.toAct(state.game, this.rules).includes(seat))
      return EMPTY;
    const handlers = this.interpreter.handlersFor(state.game, state.phase);
    let out: readonly TAction[] = EMPTY;
    let shared = true;
    for (let h = 0; h < handlers.length; h++) {
      const handler = handlers[h] as ActionHandler<TState, TAction, TOptions, TCard>;
      const own = handler.enumerateShared !== undefined;
      const list =
        handler.enumerateShared !== undefined
          ? handler.enumerateShared(state.game, seat, this.rules)
          : handler.enumerate(state.game, seat, this.rules);
      if (list.length === 0) continue;
      if (out.length === 0) {
        out = list;
        shared = own;
        continue;
      }
      out = shared && own ? joinShared(out, list) : joinFresh(out, list);
      shared &&= own;
    }
    return out;
  }

  /**
   * Checks outside input without applying it: undefined when it would be accepted, else the
   * rejection `apply` would give.
   */
  check(state: MatchState<TState>, seat: unknown, input: unknown): Rejection | undefined {
    const r = this.parseAndValidate(state, seat, input);
    return 'code' in r ? r : undefined;
  }

  private parseAndValidate(
    state: MatchState<TState>,
    seat: unknown,
    input: unknown,
  ):
    | Rejection
    | { action: TAction; handler: ActionHandler<TState, TAction, TOptions, TCard>; seat: number } {
    if (state.result !== null)
      return rejection('game_over', 'the game is over: no more actions are accepted');
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= this.players) {
      return rejection(
        'invalid_seat',
        `seat must be a whole number from 0 to ${String(this.players - 1)}, got ${describeValue(seat)}`,
      );
    }
    const seats = this.game.toAct(state.game, this.rules);
    if (!seats.includes(seat)) {
      return rejection(
        'not_your_turn',
        seats.length === 1
          ? `it is seat ${String(seats[0])}'s decision, not seat ${String(seat)}'s`
          : `seat ${String(seat)} has no decision to make now (waiting for seats ${seats.join(', ')})`,
      );
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return rejection(
        'malformed_action',
        `an action must be an object with a 'type', got ${describeValue(input)}`,
      );
    }
    // Structure before anything reads the fields: no depth, size or non-JSON value reaches
    // the game's parser.
    const tooBig = checkJsonLimits(input, ACTION_LIMITS);
    if (tooBig !== undefined)
      return rejection('malformed_action', `an action must be plain JSON within limits: ${tooBig}`);
    const type = (input as { type?: unknown }).type;
    if (typeof type !== 'string')
      return rejection('malformed_action', "an action needs a string 'type'");
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, type)
      ? this.handlers[type]
      : undefined;
    if (handler === undefined) {
      return rejection(
        'unknown_action',
        `unknown action type ${quoteName(type)}; this game's actions are: ${this.actionTypes.join(', ')}`,
      );
    }
    const parsed = handler.parse(input as Readonly<Record<string, unknown>>);
    if ('error' in parsed) return rejection('malformed_action', parsed.error);
    const problem = handler.validate(state.game, seat, parsed.action, this.rules);
    if (problem !== undefined) return problem;
    // -0 is a seat 0 that JSON would write as 0: the match and its events record 0.
    return { action: parsed.action, handler, seat: seat === 0 ? 0 : seat };
  }

  /**
   * Applies an action from outside (any JSON): validates its shape and legality and returns
   * a new state, or a rejection with a stable code. Never throws on bad input; never changes
   * `state`.
   */
  apply(state: MatchState<TState>, seat: number, input: unknown): ApplyResult<TState> {
    const checked = this.parseAndValidate(state, seat, input);
    if ('code' in checked) return { ok: false, error: checked };
    const next = this.clone(state);
    const events: GameEvent[] = [];
    this.interpreter.resolve(next, checked.seat, checked.action, checked.handler, events);
    return { ok: true, state: next, action: checked.action, events };
  }

  /**
   * The forward model: validates and applies an action **in place** on a state obtained from
   * {@link Engine.clone} (never on a state you shared). On rejection the state is unchanged.
   *
   * @param collect - an array to collect the events in, or `false` to skip them (faster playouts)
   * @param trusted - `true` skips parsing and validation: only for an action object taken from
   *   {@link Engine.legalActions} of this very state (search code); anything else is undefined
   *   behaviour. A property test proves trusted and validated steps give the same states.
   */
  step(
    state: MatchState<TState>,
    seat: number,
    input: unknown,
    collect?: GameEvent[] | false,
    trusted?: false,
  ): StepResult;
  /**
   * The forward model step that may be trusted: with `trusted` true, `action` must come from
   * {@link Engine.legalActions} of this very state, so it is typed as the game's action.
   */
  step(
    state: MatchState<TState>,
    seat: number,
    action: TAction,
    collect: GameEvent[] | false,
    trusted: boolean,
  ): StepResult;
  step(
    state: MatchState<TState>,
    seat: number,
    input: unknown,
    collect: GameEvent[] | false = [],
    trusted = false,
  ): StepResult {
    if (isShared(state))
      throw new TypeError(
        `engine.step changes a state in place, and this one belongs to a match (match.state): stepping it would corrupt the match (its hash, actions and save). Use match.apply(seat, action), or step a copy: engine.step(engine.clone(match.state), ...)`,
      );
    let action: TAction;
    let handler: ActionHandler<TState, TAction, TOptions, TCard>;
    let at = seat;
    if (trusted) {
      action = input as TAction;
      handler = this.handlers[action.type] as ActionHandler<TState, TAction, TOptions, TCard>;
    } else {
      const checked = this.parseAndValidate(state, seat, input);
      if ('code' in checked) return { ok: false, error: checked };
      action = checked.action;
      handler = checked.handler;
      at = checked.seat;
    }
    this.interpreter.resolve(state, at, action, handler, collect === false ? null : collect);
    return collect === false ? STEPPED : { ok: true, events: collect };
  }

  /**
   * A copy of a state that can be stepped in place without changing the original. It may
   * share with the original the parts the rules only ever replace (the game's `cloneForStep`);
   * treat both as read-only outside `step`.
   */
  clone(state: MatchState<TState>): MatchState<TState> {
    const copy = {
      phase: state.phase,
      rng: state.rng,
      result: state.result,
      game: this.stepCopy(state.game),
    };
    return state.known === undefined ? copy : { ...copy, known: state.known };
  }

  /** The canonical hash of a state (16 hex digits), the same on every platform. */
  hash(state: MatchState<TState>): string {
    return hashJson(state);
  }

  /**
   * What a seat (or a spectator) may see, derived from the game's declared zone visibility
   * and private fields (everything undeclared is public).
   */
  view(state: MatchState<TState>, viewer: number | 'spectator'): GameView {
    const fields = this.game.privateFields;
    const view =
      fields === undefined || fields.length === 0
        ? redactState(state.phase, state.game, this.game.zones, viewer, this.cloneGame)
        : redactState(state.phase, state.game, this.game.zones, viewer, this.cloneGame, fields);
    if (state.known === undefined) return view;
    // The cards this viewer has been shown (ctx.reveal), where they are.
    const known = knownBy(state, viewer);
    return known === undefined ? view : { ...view, known };
  }

  /**
   * A full state consistent with a view: cards the viewer cannot see are dealt at random
   * from those not visible, private fields are redrawn by the game's `determinize` hook, and
   * the future chance comes from `rng`.
   *
   * @param viewer - whose view it is (given to the game's hook; default `'spectator'`, which
   *   a hook treats as "fill every private field missing from the view")
   */
  determinize(
    view: GameView,
    rng: Rng,
    viewer: number | 'spectator' = 'spectator',
  ): MatchState<TState> {
    const fields = this.game.privateFields;
    const hook = this.game.determinize;
    const partial = determinizeView(
      view,
      this.game.zones,
      this.cards.instanceIds,
      rng,
      fields,
    ) as TState;
    const known = view.known as readonly { card: string; zone: string }[] | undefined;
    if (hook !== undefined) hook(partial, viewer, rng, this.rules);
    // Copied once more: filling the hidden zones deletes the count fields, which leaves
    // objects in V8's slow dictionary mode; the game's clone rebuilds them with fast shapes
    // (rollouts from a determinized state then run as fast as from any other state).
    const game = this.cloneGame(partial);
    const seedState: RngState = [
      rng.int(-0x80000000, 0x7fffffff),
      rng.int(-0x80000000, 0x7fffffff),
      rng.int(-0x80000000, 0x7fffffff),
      rng.int(-0x80000000, 0x7fffffff) | 1,
    ];
    if (known === undefined) return { phase: view.phase, rng: seedState, result: null, game };
    const seats: readonly number[] | 'everyone' = viewer === 'spectator' ? 'everyone' : [viewer];
    return {
      phase: view.phase,
      rng: seedState,
      result: null,
      game,
      known: known.map((k) => ({ card: k.card, zone: k.zone, seats })),
    };
  }

  /**
   * The game's own fast forward model for this setup (see {@link ForwardModel}), or
   * `undefined` when the game has none or this setup or variant is outside what it covers.
   * Built on first use and kept. Search code uses it instead of `clone` and a trusted `step`.
   */
  forwardModel(): ForwardModel<unknown, TAction> | undefined {
    if (this.fast === undefined)
      this.fast = this.game.forwardModel?.(this.forwardModelSetup()) ?? null;
    return this.fast ?? undefined;
  }

  /** Whether an action's content is private to the seat that takes it (its handler says `secret`). */
  isSecretAction(action: TAction): boolean {
    return this.handlers[action.type]?.secret === true;
  }

  /** A one-line description of an action (the game's narration, or its JSON). */
  describeAction(action: TAction): string {
    return this.game.describeAction
      ? this.game.describeAction(action, this.rules)
      : JSON.stringify(action);
  }

  /**
   * Test hook: the next random draws come from `values` (see `scriptRandom` in
   * `@ruleloom/core/testing`); `null` clears it. Not reachable from options or saves.
   */
  setScriptedRandom(values: number[] | null): void {
    this.ctx.scripted = values;
  }

  /**
   * Test hook (the information-set laws): replaces the value of every draw that names an
   * audience, after the generator drew it (later draws are unchanged); `null` clears it.
   * @internal
   */
  setRedraw(
    redraw:
      | ((
          value: number,
          min: number,
          max: number,
          audience: readonly number[] | undefined,
          kind: 'roll' | 'randomInt' | 'pick',
        ) => number)
      | null,
  ): void {
    this.ctx.redraw = redraw;
  }

  /**
   * Test hook (the resampling law): replaces the outcome of every shuffle (`ctx.random.shuffle`)
   * with what `hook` returns for it (a permutation of the shuffled items); `null` clears it.
   * @internal
   */
  setShuffleHook(
    hook: ((items: readonly unknown[], zone: string) => readonly unknown[]) | null,
  ): void {
    this.ctx.shuffleHook = hook;
  }

  /**
   * Test hook (the resampling law): the reveals (`ctx.reveal`) of the last run, as
   * `[card, seats]` pairs, read right after `apply` (a reveal followed by a shuffle of the card's zone
   * in the same step leaves no knowledge in the state, but was shown).
   * @internal
   */
  lastReveals(): readonly (readonly [string, readonly number[] | 'everyone'])[] {
    return this.ctx.reveals.map((r) => [r.card, r.to] as const);
  }

  /** What the game's forward model factory is given: the rules context and the game. */
  private forwardModelSetup(): ForwardModelSetup<TState, TAction, TOptions, TCard> {
    return Object.freeze({
      ...this.rules,
      game: this.game,
      view: (state: MatchState<TState>, viewer: number | 'spectator') => this.view(state, viewer),
    });
  }
}

const EMPTY: readonly never[] = Object.freeze([]);
/** No legal actions, in compact form. */
const NO_ENTRIES: CompactLegalActions<never> = Object.freeze({ count: 0, entries: EMPTY });
const STEPPED: StepResult = Object.freeze({ ok: true, events: EMPTY });

/**
 * Builds the rules of a game for a setup; throws a {@link SetupError} listing every problem.
 * @public
 */
export function createEngine<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  setup: RulesSetup,
): Engine<TState, TAction, TOptions, TCard> {
  return new Engine(game, setup);
}

export type { GameResult };
