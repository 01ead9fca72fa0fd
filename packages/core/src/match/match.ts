import type { OptionsInput } from '../define/options-input.js';
import { markShared } from '../run/shared-states.js';
import type { CardDefinition } from '../cards/cards.js';
import { SetupError } from '../errors/game-definition-error.js';
import { codedProblem, setupProblemCode, withCodes, type Problem } from '../errors/problem.js';
import { chainLink, chainOrigin, type SaveKey } from '../log/chain.js';
import { redactLog, type LogEntry } from '../log/log.js';
import { SAVE_FORMAT, type SavedAction, type SavedMatch } from '../log/save.js';
import type { Rejection } from '../result.js';
import { isSeed, type Seed } from '../rng/seed.js';
import { cloneJson } from '../util/clone.js';
import { quoteName } from '../util/describe.js';
import { checkJsonLimits, SETUP_LIMITS } from '../util/json-limits.js';
import type { GameView } from '../view/view.js';
import { Engine } from '../run/engine.js';
import type { Game } from '../define/game.js';
import { compileRules } from '../run/rules-cache.js';
import type { ActionBase } from '../model/action.js';
import type { GameEvent } from '../model/event.js';
import type { GameResult, MatchState } from '../model/match-state.js';

/**
 * Everything that determines a match before any action: seed, player count, options.
 * @public
 */
export interface MatchSetup<TOptions = unknown, TCard extends CardDefinition = CardDefinition> {
  /** Any integer or string; the same setup and actions always give the same match. */
  readonly seed: Seed;
  /** Number of players. */
  readonly players: number;
  /**
   * Option values; missing ones take their defaults. `cards` holds card overrides. Typed from
   * the game's option schema in {@link createMatch}.
   */
  readonly options?: OptionsInput<TOptions, TCard>;
}

/**
 * The outcome of {@link Match.apply}.
 * @public
 */
export type MatchApplyResult =
  | { readonly ok: true; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: Rejection };

/**
 * A running match: the current state, its log, and the actions that produced it.
 *
 * @remarks
 * Every method validates its input; `apply` never throws on bad input and leaves the match
 * unchanged when it rejects an action. The match carries its game's types: `apply` takes the
 * game's action union and `view` gives the game's view type, so a misspelled action or view
 * field fails to compile; input from outside the program (a network, a file, a user) goes
 * through {@link Match.applyInput}, which takes `unknown`. Both validate at run time.
 * @typeParam TView - the game's view type (see `defineGame`)
 * @public
 */
export interface Match<
  TState = unknown,
  TAction extends ActionBase = ActionBase,
  TView extends GameView = GameView,
> {
  /** The rules this match runs on (pure functions and the forward model). */
  readonly engine: Engine<TState, TAction, unknown>;
  /** The setup the match was created with: a frozen copy (changing the caller's object changes nothing). */
  readonly setup: MatchSetup;
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** Whether the match has ended. */
  readonly isOver: boolean;
  /** Winners, scores and competition ranks once over; null before. */
  readonly result: GameResult | null;
  /** The full state (trusted code only: it includes hidden information). */
  readonly state: MatchState<TState>;
  /**
   * Every accepted action with the events it caused; entry 0 is the setup. A match resumed
   * with its older actions kept elsewhere (`resumeMatch`'s `earlier`) holds only its newest
   * entries: `log[i].seq === logStart + i`.
   */
  readonly log: readonly LogEntry<TAction>[];
  /**
   * The `seq` of `log[0]`: 0 when the match holds its whole history (entry 0 is the setup),
   * the first action it holds when it was resumed with `resumeMatch`'s `earlier`.
   */
  readonly logStart: number;
  /**
   * The accepted actions in order (what a save replays), each with its hash chain value
   * (see {@link SavedAction}; computed on first read, so playing costs nothing for it): the
   * actions of the log's entries after the setup (from action `logStart` on for a match that
   * holds only its newest ones).
   */
  readonly actions: readonly SavedAction<TAction>[];
  /** Every legal action of a seat now. */
  legalActions(seat: number): readonly TAction[];
  /**
   * Applies one of the game's actions. Typed for callers that build actions in code; still
   * validated at run time like {@link Match.applyInput}.
   */
  apply(seat: number, action: TAction): MatchApplyResult;
  /**
   * Applies an action from outside the program (any JSON: a network message, a file, a
   * user's input), validated at run time; the same as {@link Match.apply} for untyped input.
   */
  applyInput(seat: number, input: unknown): MatchApplyResult;
  /** What a seat or a spectator may see (anything but a seat of this match sees the spectator's view). */
  view(seat: number | 'spectator'): TView;
  /** The log as a seat or a spectator may see it (anything but a seat of this match gets the spectator's). */
  logFor(seat: number | 'spectator'): LogEntry<TAction>[];
  /** The canonical hash of the current state. */
  hash(): string;
  /**
   * A JSON save: setup, actions with their chain values, and the final hash (a fresh copy).
   * Throws a RangeError for a match that does not hold its older actions (a `logStart` above 0):
   * its save is built from the store that keeps them.
   */
  toJSON(): SavedMatch<TAction>;
}

/**
 * Options of {@link restoreMatch}.
 * @public
 */
export interface RestoreOptions {
  /** When given, the save must carry a valid signature under this key (see `signSave`). */
  readonly key?: SaveKey;
  /**
   * Accept a save of the legacy format (`ruleloom.match/1`, no hash chain), which nothing
   * protects from edits: without this it is refused (`legacy_save`). The result then says
   * `legacy: true`; show such a match as unverified.
   */
  readonly allowLegacy?: boolean;
}

/** A copy of a setup that nothing outside the match can change. */
function freezeDeep<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) freezeDeep(v);
    Object.freeze(value);
  }
  return value;
}

/** A seat as the match records it: `-0` becomes `0` (JSON writes it as 0 anyway). */
function canonicalSeat(seat: number): number {
  return seat === 0 ? 0 : seat;
}

class MatchImpl<
  TState,
  TAction extends ActionBase,
  TView extends GameView = GameView,
> implements Match<TState, TAction, TView> {
  readonly engine: Engine<TState, TAction, unknown>;
  readonly setup: MatchSetup;
  private current: MatchState<TState>;
  private readonly entries: LogEntry<TAction>[];
  /** The accepted actions whose chain value is computed: frozen entries. */
  private readonly chainedActions: SavedAction<TAction>[] = [];
  /** The accepted actions not chained yet, each with the (immutable) state it led to. */
  private unchained: { seat: number; action: TAction; state: MatchState<TState> }[] = [];
  private origin: string | undefined;
  /** The seq of `entries[0]` (see {@link Match.logStart}). */
  logStart = 0;
  /** The last state hashed and its hash: the chain and `hash()` never hash one state twice. */
  private hashed: { readonly state: MatchState<TState>; readonly hash: string } | undefined;

  constructor(engine: Engine<TState, TAction, unknown>, setup: MatchSetup) {
    this.engine = engine;
    this.setup = setup;
    const { state, events } = engine.initialState(setup.seed);
    this.current = state;
    this.entries = [{ seq: 0, seat: null, action: null, events }];
  }

  get toAct(): readonly number[] {
    return this.engine.toAct(this.current);
  }
  get isOver(): boolean {
    return this.current.result !== null;
  }
  get result(): GameResult | null {
    return this.current.result;
  }
  get state(): MatchState<TState> {
    markShared(this.current); // engine.step refuses it: stepping it would corrupt the match
    return this.current;
  }
  get log(): readonly LogEntry<TAction>[] {
    return this.entries;
  }
  get actions(): readonly SavedAction<TAction>[] {
    this.chainAll();
    return this.chainedActions;
  }
  legalActions(seat: number): readonly TAction[] {
    return this.engine.legalActions(this.current, seat);
  }
  apply(seat: number, action: TAction): MatchApplyResult {
    return this.applyInput(seat, action);
  }
  applyInput(seat: number, input: unknown): MatchApplyResult {
    const r = this.engine.apply(this.current, seat, input);
    if (!r.ok) return r;
    this.current = r.state;
    const at = canonicalSeat(seat);
    // The parsed action is a fresh object built by the game's parser: the log never holds the caller's object.
    const stored = r.action as TAction;
    this.unchained.push({ seat: at, action: stored, state: r.state });
    this.entries.push({
      seq: this.logStart + this.entries.length,
      seat: at,
      action: stored,
      events: r.events,
    });
    return { ok: true, events: r.events };
  }
  view(seat: number | 'spectator'): TView {
    // The engine derives the view from the game's zone declarations, which its view type describes.
    return this.engine.view(this.current, this.viewer(seat)) as TView;
  }
  logFor(seat: number | 'spectator'): LogEntry<TAction>[] {
    return redactLog(this.entries, this.viewer(seat), (action) =>
      this.engine.isSecretAction(action),
    );
  }
  hash(): string {
    return this.hashOf(this.current);
  }

  /** The hash of a state, remembered for the last state asked (the current one, mostly). */
  private hashOf(state: MatchState<TState>): string {
    const known = this.hashed;
    if (known !== undefined && known.state === state) return known.hash;
    const hash = this.engine.hash(state);
    this.hashed = { state, hash };
    return hash;
  }
  toJSON(): SavedMatch<TAction> {
    if (this.logStart > 0)
      throw new RangeError(
        `this match holds its actions from ${String(this.logStart)} on only (resumed with the earlier ones kept elsewhere): build its save from the store that keeps them`,
      );
    const setup = cloneJson(this.setup);
    return {
      format: SAVE_FORMAT,
      game: this.engine.game.id,
      rulesVersion: this.engine.game.rulesVersion,
      setup: { seed: setup.seed, players: setup.players, options: setup.options ?? {} },
      actions: this.actions.map((a) => ({
        seat: a.seat,
        action: cloneJson(a.action),
        chain: a.chain,
      })),
      hash: this.hash(),
    };
  }

  /**
   * Makes this fresh match (no action applied) the match at `history.length` actions (after
   * `earlier.count` more that it does not hold): `state` becomes the current state and each
   * history entry a log entry and a chained action, as given (internal: `resumeMatch` checks
   * them first).
   */
  resumeAt(
    state: MatchState<TState>,
    history: readonly {
      readonly seat: number;
      readonly action: TAction;
      readonly chain: string;
      readonly events: readonly GameEvent[];
    }[],
    earlier?: { readonly count: number },
  ): void {
    if (earlier !== undefined) {
      // The setup entry goes: the log begins at the first history action.
      this.entries.length = 0;
      this.logStart = earlier.count + 1;
    }
    for (const h of history) {
      const seat = canonicalSeat(h.seat);
      this.entries.push({
        seq: this.logStart + this.entries.length,
        seat,
        action: h.action,
        events: h.events,
      });
      this.chainedActions.push(
        Object.freeze({ seat, action: freezeDeep(h.action), chain: h.chain }),
      );
    }
    this.current = state;
  }

  /** Computes the chain values not computed yet (states are immutable, so they can wait). */
  chainAll(): void {
    const pending = this.unchained;
    if (pending.length === 0) return;
    const done = this.chainedActions;
    let previous =
      done.length === 0 ? this.chainStart() : (done[done.length - 1] as SavedAction).chain;
    for (const { seat, action, state } of pending) {
      previous = chainLink(previous, seat, action, this.hashOf(state));
      // Frozen when first read (freezing on every apply costs a quarter of the public API's
      // speed): what `actions` returns cannot change the match's save.
      done.push(Object.freeze({ seat, action: freezeDeep(action), chain: previous }));
    }
    this.unchained = [];
  }

  private chainStart(): string {
    this.origin ??= chainOrigin(this.engine.game.id, this.engine.game.rulesVersion, {
      seed: this.setup.seed,
      players: this.setup.players,
      options: this.setup.options ?? {},
    });
    return this.origin;
  }

  /** Anything but a seat of this match (a hostile `{ toString }`, -1, '0') views as a spectator. */
  private viewer(seat: unknown): number | 'spectator' {
    return typeof seat === 'number' &&
      Number.isInteger(seat) &&
      seat >= 0 &&
      seat < this.engine.players
      ? canonicalSeat(seat)
      : 'spectator';
  }
}

/**
 * Checks a setup without throwing: every problem with its path (`seed`, `players`,
 * `options.turns`...). Any JSON value is accepted as input, of any size or depth: the
 * structure is checked first (see `SETUP_LIMITS`), then the seed, players and options.
 * @public
 */
export function validateSetup<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  setup: unknown,
): { readonly ok: true } | { readonly ok: false; readonly errors: readonly Problem[] } {
  if (typeof setup !== 'object' || setup === null || Array.isArray(setup)) {
    return {
      ok: false,
      errors: [
        codedProblem('setup', 'expected an object { seed, players, options? }', 'invalid_setup'),
      ],
    };
  }
  const tooBig = checkJsonLimits(setup, SETUP_LIMITS);
  if (tooBig !== undefined)
    return { ok: false, errors: [codedProblem('setup', tooBig, 'invalid_setup')] };
  const s = setup as Record<string, unknown>;
  const errors: Problem[] = [];
  if (!isSeed(s.seed))
    errors.push({ path: 'seed', message: 'expected a seed: a safe integer or a string' });
  for (const key of Object.keys(s)) {
    if (key !== 'seed' && key !== 'players' && key !== 'options')
      errors.push({
        path: key.length > 60 ? `${key.slice(0, 60)}…` : key,
        message: `unknown setup field ${quoteName(key)} (expected seed, players, options)`,
      });
  }
  const compiled = compileRules(game, s.players, s.options);
  if (compiled.problems) errors.push(...compiled.problems);
  return errors.length === 0
    ? { ok: true }
    : { ok: false, errors: withCodes(errors, setupProblemCode) };
}

/**
 * Creates a match. Throws a {@link SetupError} listing every problem when the setup is
 * invalid; use {@link validateSetup} first for setups that come from users. The match keeps a
 * frozen copy of the setup.
 *
 * @example
 * ```ts
 * const match = createMatch(stAugustine, { seed: 42, players: 4, options: { trading: 'off' } });
 * const [seat] = match.toAct;
 * match.apply(seat, match.legalActions(seat)[0]);
 * ```
 * @public
 */
export function createMatch<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
  TView extends GameView = GameView,
>(
  game: Game<TState, TAction, TOptions, TCard, TView>,
  setup: MatchSetup<NoInfer<TOptions>>,
): Match<TState, TAction, TView> {
  const checked = validateSetup(game, setup);
  if (!checked.ok) throw new SetupError(game.id, checked.errors);
  return startMatch(game, setup);
}

/** A match from a setup already validated (internal: `restoreMatch` uses it). */
export function startMatch<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
  TView extends GameView = GameView,
>(
  game: Game<TState, TAction, TOptions, TCard, TView>,
  setup: MatchSetup,
): MatchImpl<TState, TAction, TView> {
  const own: MatchSetup = freezeDeep({
    seed: setup.seed,
    players: setup.players,
    options: cloneJson(setup.options ?? {}),
  });
  const engine = new Engine(game, own) as unknown as Engine<TState, TAction, unknown>;
  return new MatchImpl<TState, TAction, TView>(engine, own);
}
