import type { OptionsInput } from './options-input.js';
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
import { GAME_OVER_PHASE } from './check-game.js';
import type { ForwardModel } from './forward-model.js';
import type { Game } from './game.js';
import { compilePhases, type BoundRef, type CompiledPhase } from './compiled-phases.js';
import { compileRules } from './rules-cache.js';
import { RunContext } from './run-context.js';
import { rankScores } from './scoring.js';
import type {
  ActionBase,
  ActionHandler,
  ConditionHandler,
  EffectHandler,
  GameEvent,
  GameResult,
  MatchState,
  RulesContext,
} from './types.js';

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

/** Transitions allowed within one apply before the engine declares a cycle. */
const MAX_TRANSITIONS = 100_000;

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
  private readonly phases: readonly CompiledPhase<AnyEffectFn, AnyConditionFn>[];
  private readonly phaseIndex: ReadonlyMap<string, number>;
  /** The phase last entered or left: most lookups of the current phase hit it. */
  private lastPhase: CompiledPhase<AnyEffectFn, AnyConditionFn>;
  private readonly actionTypes: readonly string[];
  private readonly handlerList: readonly ActionHandler<TState, TAction, TOptions, TCard>[];
  private readonly handlers: Readonly<
    Record<string, ActionHandler<TState, TAction, TOptions, TCard>>
  >;
  private readonly ctx: RunContext;
  private readonly autoForced: boolean;
  private readonly cloneGame: (state: TState) => TState;
  private readonly stepCopy: (state: TState) => TState;
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
    let pipeline = pipelines.get(game);
    if (pipeline === undefined) {
      const phases = compilePhases(
        game.phases,
        game.effects as unknown as Readonly<Record<string, AnyEffectFn>>,
        (game.conditions ?? {}) as unknown as Readonly<Record<string, AnyConditionFn>>,
      );
      pipeline = { phases, index: new Map(phases.map((p, i) => [p.id, i])) };
      pipelines.set(game, pipeline);
    }
    this.phases = pipeline.phases;
    this.phaseIndex = pipeline.index;
    this.lastPhase = this.phases[0] as CompiledPhase<AnyEffectFn, AnyConditionFn>;
    this.handlers = game.actions;
    this.actionTypes = Object.keys(this.handlers);
    this.handlerList = this.actionTypes.map(
      (type) => this.handlers[type] as ActionHandler<TState, TAction, TOptions, TCard>,
    );
    this.ctx = new RunContext(this, game.effects as never, (game.conditions ?? {}) as never);
    this.autoForced = game.autoResolveForced ?? true;
    this.cloneGame = game.cloneState ?? cloneJson;
    this.stepCopy = game.cloneForStep ?? this.cloneGame;
  }

  /** The definition of a card instance id. Throws on an unknown id (a bug, not input). */
  card(id: string): TCard {
    const card = this.cards.byInstance.get(id);
    if (card === undefined) throw new EngineInvariantError(`unknown card '${id}'`);
    return card;
  }

  /** The initial state for a seed, with the events of setup (shuffles, first flips...). */
  initialState(seed: Seed): {
    readonly state: MatchState<TState>;
    readonly events: readonly GameEvent[];
  } {
    const events: GameEvent[] = [];
    const state: Mutable<MatchState<TState>> = {
      phase: '$setup',
      rng: createRngState(seed),
      result: null,
      game: null as TState,
    };
    const ctx = this.ctx;
    ctx.begin(null, state.rng, events);
    try {
      state.game = this.game.setup(ctx as never);
      ctx.state = state.game;
      this.enter(state, this.phases[0] as CompiledPhase<AnyEffectFn, AnyConditionFn>);
      this.advance(state);
    } finally {
      state.rng = ctx.finish();
    }
    return { state, events };
  }

  /** Seats whose decision is awaited (empty once the game is over). */
  toAct(state: MatchState<TState>): readonly number[] {
    if (state.result !== null) return [];
    return this.game.toAct(state.game, this);
  }

  /** Whether the match is over. */
  isOver(state: MatchState<TState>): boolean {
    return state.result !== null;
  }

  /** Every legal action of a seat now (empty when it is not that seat's decision). */
  legalActions(state: MatchState<TState>, seat: number): readonly TAction[] {
    if (state.result !== null || !this.game.toAct(state.game, this).includes(seat)) return [];
    // Most decisions have one action type with actions: return that list without copying.
    const handlers = this.handlerList;
    let out: readonly TAction[] = EMPTY;
    let owned: TAction[] | null = null;
    for (let h = 0; h < handlers.length; h++) {
      const list = (handlers[h] as ActionHandler<TState, TAction, TOptions, TCard>).enumerate(
        state.game,
        seat,
        this,
      );
      const n = list.length;
      if (n === 0) continue;
      if (out.length === 0) {
        out = list;
        continue;
      }
      if (owned === null) {
        owned = out.slice();
        out = owned;
      }
      for (let i = 0; i < n; i++) owned.push(list[i] as TAction);
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
    const seats = this.game.toAct(state.game, this);
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
    const problem = handler.validate(state.game, seat, parsed.action, this);
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
    this.resolve(next, checked.seat, checked.action, checked.handler, events);
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
    this.resolve(state, at, action, handler, collect === false ? null : collect);
    return collect === false ? STEPPED : { ok: true, events: collect };
  }

  /**
   * A copy of a state that can be stepped in place without changing the original. It may
   * share with the original the parts the rules only ever replace (the game's `cloneForStep`);
   * treat both as read-only outside `step`.
   */
  clone(state: MatchState<TState>): MatchState<TState> {
    return {
      phase: state.phase,
      rng: state.rng,
      result: state.result,
      game: this.stepCopy(state.game),
    };
  }

  /** The canonical hash of a state (16 hex digits), the same on every platform. */
  hash(state: MatchState<TState>): string {
    return hashJson(state);
  }

  /** What a seat (or a spectator) may see, derived from the game's zone visibility. */
  view(state: MatchState<TState>, viewer: number | 'spectator'): GameView {
    return redactState(state.phase, state.game, this.game.zones, viewer, this.cloneGame);
  }

  /**
   * A full state consistent with a view: cards the viewer cannot see are dealt at random
   * from those not visible, and the future chance comes from `rng`.
   */
  determinize(view: GameView, rng: Rng): MatchState<TState> {
    // Copied once more: filling the hidden zones deletes the count fields, which leaves
    // objects in V8's slow dictionary mode; the game's clone rebuilds them with fast shapes
    // (rollouts from a determinized state then run as fast as from any other state).
    const game = this.cloneGame(
      determinizeView(view, this.game.zones, this.cards.instanceIds, rng) as TState,
    );
    const seedState: RngState = [
      rng.int(-0x80000000, 0x7fffffff),
      rng.int(-0x80000000, 0x7fffffff),
      rng.int(-0x80000000, 0x7fffffff),
      rng.int(-0x80000000, 0x7fffffff) | 1,
    ];
    return { phase: view.phase, rng: seedState, result: null, game };
  }

  /**
   * The game's own fast forward model for this setup (see {@link ForwardModel}), or
   * `undefined` when the game has none or this setup or variant is outside what it covers.
   * Built on first use and kept. Search code uses it instead of `clone` and a trusted `step`.
   */
  forwardModel(): ForwardModel<unknown, TAction> | undefined {
    if (this.fast === undefined) this.fast = this.game.forwardModel?.(this) ?? null;
    return this.fast ?? undefined;
  }

  /** Whether an action's content is private to the seat that takes it (its handler says `secret`). */
  isSecretAction(action: TAction): boolean {
    return this.handlers[action.type]?.secret === true;
  }

  /** A one-line description of an action (the game's narration, or its JSON). */
  describeAction(action: TAction): string {
    return this.game.describeAction
      ? this.game.describeAction(action, this)
      : JSON.stringify(action);
  }

  /**
   * Test hook: the next random draws come from `values` (see `scriptRandom` in
   * `@ruleloom/core/testing`); `null` clears it. Not reachable from options or saves.
   */
  setScriptedRandom(values: number[] | null): void {
    this.ctx.scripted = values;
  }

  private resolve(
    state: Mutable<MatchState<TState>>,
    seat: number,
    action: TAction,
    handler: ActionHandler<TState, TAction, TOptions, TCard>,
    events: GameEvent[] | null,
  ): void {
    const ctx = this.ctx;
    ctx.begin(state.game, state.rng, events);
    try {
      handler.resolve(ctx as never, seat, action);
      this.advance(state);
    } finally {
      state.rng = ctx.finish();
    }
  }

  /** Runs automatic steps until a decision is needed or the game ends. */
  private advance(state: Mutable<MatchState<TState>>): void {
    const ctx = this.ctx;
    let guard = 0;
    for (;;) {
      if (ctx.ended) {
        this.finishGame(state);
        return;
      }
      const seats = this.game.toAct(state.game, this);
      if (seats.length > 0) {
        if (this.autoForced && seats.length === 1) {
          const seat = seats[0] as number;
          const forced = this.forcedAction(state.game, seat);
          if (forced !== undefined) {
            if (ctx.recording) ctx.emit({ type: 'forcedAction', seat, action: forced.action });
            forced.handler.resolve(ctx as never, seat, forced.action);
            if (++guard > MAX_TRANSITIONS) this.cycle(state);
            continue;
          }
        }
        return;
      }
      const next = this.nextPhase(state);
      if (next === undefined) {
        this.finishGame(state);
        return;
      }
      this.enter(state, next);
      if (++guard > MAX_TRANSITIONS) this.cycle(state);
    }
  }

  private cycle(state: MatchState<TState>): never {
    throw new EngineInvariantError(
      `game '${this.game.id}' ran ${String(MAX_TRANSITIONS)} automatic steps without needing a decision (last phase '${state.phase}'): the phase pipeline has a cycle`,
    );
  }

  /** The only legal action of a seat, if it has exactly one. */
  private forcedAction(
    game: TState,
    seat: number,
  ): { action: TAction; handler: ActionHandler<TState, TAction, TOptions, TCard> } | undefined {
    let total = 0;
    let only: ActionHandler<TState, TAction, TOptions, TCard> | undefined;
    const handlers = this.handlerList;
    for (let h = 0; h < handlers.length; h++) {
      const handler = handlers[h] as ActionHandler<TState, TAction, TOptions, TCard>;
      const n = handler.count
        ? handler.count(game, seat, this)
        : handler.enumerate(game, seat, this).length;
      if (n > 0) {
        total += n;
        only = handler;
        if (total > 1) return undefined;
      }
    }
    if (total !== 1 || only === undefined) return undefined;
    const action = only.enumerate(game, seat, this)[0];
    return action === undefined ? undefined : { action, handler: only };
  }

  private enter(
    state: Mutable<MatchState<TState>>,
    phase: CompiledPhase<AnyEffectFn, AnyConditionFn>,
  ): void {
    state.phase = phase.id;
    this.lastPhase = phase;
    const ctx = this.ctx;
    const skip = phase.skipIf;
    if (skip !== undefined && skip.fn(ctx.state, skip.params, this)) return;
    const steps = phase.steps;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as BoundRef<AnyEffectFn>;
      step.fn(ctx, step.params);
      if (ctx.ended) return;
    }
  }

  private nextPhase(
    state: MatchState<TState>,
  ): CompiledPhase<AnyEffectFn, AnyConditionFn> | undefined {
    let phase = this.lastPhase;
    if (phase.id !== state.phase) {
      const index = this.phaseIndex.get(state.phase);
      if (index === undefined) throw new EngineInvariantError(`unknown phase '${state.phase}'`);
      phase = this.phases[index] as CompiledPhase<AnyEffectFn, AnyConditionFn>;
    }
    let to = phase.fallthrough;
    const next = phase.next;
    for (let i = 0; i < next.length; i++) {
      const t = next[i] as (typeof next)[number];
      if (t.when === undefined || t.when.fn(this.ctx.state, t.when.params, this)) {
        to = t.to;
        break;
      }
    }
    return to < 0 ? undefined : this.phases[to];
  }

  private finishGame(state: Mutable<MatchState<TState>>): void {
    const score = this.game.score(state.game, this);
    state.result = rankScores(score);
    state.phase = GAME_OVER_PHASE;
    this.ctx.emit({ type: 'gameOver', winners: state.result.winners, scores: state.result.scores });
  }
}

type AnyEffectFn = EffectHandler<unknown, unknown, CardDefinition, unknown>;
type AnyConditionFn = ConditionHandler<unknown, unknown, CardDefinition, unknown>;

/** Compiled phase pipelines by game (they do not depend on the setup). */
const pipelines = new WeakMap<
  object,
  {
    readonly phases: readonly CompiledPhase<AnyEffectFn, AnyConditionFn>[];
    readonly index: ReadonlyMap<string, number>;
  }
>();

const EMPTY: readonly never[] = Object.freeze([]);
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
