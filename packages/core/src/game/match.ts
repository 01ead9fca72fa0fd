import type { OptionsInput } from './options-input.js';
import { markShared } from './shared-states.js';
import type { CardDefinition } from '../cards/cards.js';
import { SetupError } from '../errors/game-definition-error.js';
import type { Problem } from '../errors/problem.js';
import { redactLog, type LogEntry } from '../log/log.js';
import { SAVE_FORMAT, type SavedMatch } from '../log/save.js';
import { reject, type Rejection } from '../result.js';
import { isSeed, type Seed } from '../rng/seed.js';
import type { GameView } from '../view/view.js';
import { Engine } from './engine.js';
import type { Game } from './game.js';
import { compileRules } from './rules-cache.js';
import type { ActionBase, GameEvent, GameResult, MatchState } from './types.js';

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
 * unchanged when it rejects an action.
 * @public
 */
export interface Match<TState = unknown, TAction extends ActionBase = ActionBase> {
  /** The rules this match runs on (pure functions and the forward model). */
  readonly engine: Engine<TState, TAction, unknown>;
  /** The setup the match was created with. */
  readonly setup: MatchSetup;
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** Whether the match has ended. */
  readonly isOver: boolean;
  /** Winners, scores and competition ranks once over; null before. */
  readonly result: GameResult | null;
  /** The full state (trusted code only: it includes hidden information). */
  readonly state: MatchState<TState>;
  /** Every accepted action with the events it caused; entry 0 is the setup. */
  readonly log: readonly LogEntry<TAction>[];
  /** The accepted actions in order (what a save replays). */
  readonly actions: readonly { readonly seat: number; readonly action: TAction }[];
  /** Every legal action of a seat now. */
  legalActions(seat: number): readonly TAction[];
  /** Applies an action from outside (any JSON). */
  apply(seat: number, action: unknown): MatchApplyResult;
  /** What a seat or a spectator may see. */
  view(seat: number | 'spectator'): GameView;
  /** The log as a seat or a spectator may see it. */
  logFor(seat: number | 'spectator'): LogEntry<TAction>[];
  /** The canonical hash of the current state. */
  hash(): string;
  /** A JSON save: setup, actions and the final hash. */
  toJSON(): SavedMatch<TAction>;
}

class MatchImpl<TState, TAction extends ActionBase> implements Match<TState, TAction> {
  readonly engine: Engine<TState, TAction, unknown>;
  readonly setup: MatchSetup;
  private current: MatchState<TState>;
  private readonly entries: LogEntry<TAction>[];
  private readonly accepted: { seat: number; action: TAction }[] = [];

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
  get actions(): readonly { readonly seat: number; readonly action: TAction }[] {
    return this.accepted;
  }
  legalActions(seat: number): readonly TAction[] {
    return this.engine.legalActions(this.current, seat);
  }
  apply(seat: number, action: unknown): MatchApplyResult {
    const r = this.engine.apply(this.current, seat, action);
    if (!r.ok) return r;
    this.current = r.state;
    // The parsed action is a fresh object built by the game's parser: the log never holds the caller's object.
    const stored = r.action as TAction;
    this.accepted.push({ seat, action: stored });
    this.entries.push({ seq: this.entries.length, seat, action: stored, events: r.events });
    return { ok: true, events: r.events };
  }
  view(seat: number | 'spectator'): GameView {
    return this.engine.view(this.current, seat);
  }
  logFor(seat: number | 'spectator'): LogEntry<TAction>[] {
    return redactLog(this.entries, seat, (action) => this.engine.isSecretAction(action));
  }
  hash(): string {
    return this.engine.hash(this.current);
  }
  toJSON(): SavedMatch<TAction> {
    return {
      format: SAVE_FORMAT,
      game: this.engine.game.id,
      rulesVersion: this.engine.game.rulesVersion,
      setup: {
        seed: this.setup.seed,
        players: this.setup.players,
        options: this.setup.options ?? {},
      },
      actions: this.accepted.map((a) => ({ seat: a.seat, action: a.action })),
      hash: this.hash(),
    };
  }
}

/**
 * Checks a setup without throwing: every problem with its path (`seed`, `players`,
 * `options.turns`...).
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
      errors: [{ path: 'setup', message: 'expected an object { seed, players, options? }' }],
    };
  }
  const s = setup as Record<string, unknown>;
  const errors: Problem[] = [];
  if (!isSeed(s.seed))
    errors.push({ path: 'seed', message: 'expected a seed: a safe integer or a string' });
  for (const key of Object.keys(s)) {
    if (key !== 'seed' && key !== 'players' && key !== 'options')
      errors.push({
        path: key,
        message: `unknown setup field '${key}' (expected seed, players, options)`,
      });
  }
  const compiled = compileRules(game, s.players, s.options);
  if (compiled.problems) errors.push(...compiled.problems);
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}

/**
 * Creates a match. Throws a {@link SetupError} listing every problem when the setup is
 * invalid; use {@link validateSetup} first for setups that come from users.
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
>(
  game: Game<TState, TAction, TOptions, TCard>,
  setup: MatchSetup<NoInfer<TOptions>>,
): Match<TState, TAction> {
  const checked = validateSetup(game, setup);
  if (!checked.ok) throw new SetupError(game.id, checked.errors);
  const engine = new Engine(game, setup) as unknown as Engine<TState, TAction, unknown>;
  return new MatchImpl(engine, {
    seed: setup.seed,
    players: setup.players,
    options: setup.options ?? {},
  });
}

/**
 * Restores a saved match: checks the save's shape, game id and rules version, replays every
 * action and compares the final hash. Never throws on a bad save.
 * @public
 */
export function restoreMatch<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  saved: unknown,
):
  | { readonly ok: true; readonly match: Match<TState, TAction> }
  | { readonly ok: false; readonly error: Rejection } {
  if (typeof saved !== 'object' || saved === null)
    return reject('invalid_save', 'a save must be a JSON object');
  const s = saved as Partial<Record<keyof SavedMatch, unknown>>;
  if (s.format !== SAVE_FORMAT)
    return reject(
      'invalid_save',
      `unknown save format ${JSON.stringify(s.format) ?? 'undefined'} (expected '${SAVE_FORMAT}')`,
    );
  if (s.game !== game.id)
    return reject('wrong_game', `this save is for game '${String(s.game)}', not '${game.id}'`);
  if (s.rulesVersion !== game.rulesVersion) {
    return reject(
      'rules_version_mismatch',
      `this save was made with rules version ${String(s.rulesVersion)}; this build of '${game.id}' has rules version ${String(game.rulesVersion)}`,
    );
  }
  if (!Array.isArray(s.actions)) return reject('invalid_save', "a save needs an 'actions' array");
  if (typeof s.hash !== 'string') return reject('invalid_save', "a save needs a 'hash' string");
  const checked = validateSetup(game, s.setup);
  if (!checked.ok) {
    return reject(
      'invalid_setup',
      `the save's setup is invalid: ${checked.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  }
  const match = createMatch(game, s.setup as MatchSetup<TOptions>);
  for (let i = 0; i < s.actions.length; i++) {
    const entry = s.actions[i] as { seat?: unknown; action?: unknown } | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.seat !== 'number') {
      return reject('invalid_save', `actions[${String(i)}] must be { seat, action }`);
    }
    const r = match.apply(entry.seat, entry.action);
    if (!r.ok)
      return reject(
        'replay_rejected',
        `actions[${String(i)}] was rejected on replay (${r.error.code}: ${r.error.message})`,
      );
  }
  const hash = match.hash();
  if (hash !== s.hash)
    return reject(
      'hash_mismatch',
      `the replayed state has hash ${hash}, but the save says ${s.hash}: the save was altered or made by different rules`,
    );
  return { ok: true, match };
}
