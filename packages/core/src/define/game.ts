import type { EventDeclarations } from './declare-events.js';
import type { CardDefinition } from '../cards/cards.js';
import type { Problem } from '../errors/problem.js';
import type { OptionsSchema } from '../options/options.js';
import type { PrivateFieldDeclaration, ZoneDeclaration } from '../zones/zone.js';
import type { Rng } from '../rng/rng.js';
import type { ForwardModel } from './forward-model.js';
import type { GameView } from '../view/view.js';
import type { GameEvent } from '../model/event.js';
import type { MatchState } from '../model/match-state.js';
import type { ActionBase } from '../model/action.js';
import type {
  ActionHandlers,
  ConditionHandler,
  ConditionRefOf,
  EffectHandler,
  EffectRefOf,
  PhaseDefinition,
  PlayerCount,
  RulesContext,
  SetupContext,
} from './types.js';
import type { GameScore } from '../model/match-state.js';

/** Marks objects made by `defineGame`. */
export const GAME_BRAND: unique symbol = Symbol.for('ruleloom.game');

/**
 * A checked game definition, as the engine uses it (made by {@link defineGame} or
 * {@link defineVariant}). Functions that run any game (`createMatch`, bots, the CLI) take this.
 *
 * @typeParam TState - the game's own JSON state
 * @typeParam TAction - the game's action union (`type` discriminant)
 * @typeParam TOptions - resolved option values
 * @typeParam TCard - the card definition type
 * @typeParam TView - what `view` gives a seat or a spectator (the game's view type; declared
 * with `defineGame<TState, TAction, TCard, TView>()`, else the untyped {@link GameView})
 * @typeParam TEvent - the game's own event union (inferred by `defineGame` from
 * `events: defineEvents<...>()(...)`, else the untyped {@link GameEvent}); see {@link GameEventOf}
 * @public
 */
export interface Game<
  TState = unknown,
  TAction extends ActionBase = ActionBase,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
  TView extends GameView = GameView,
  TEvent extends GameEvent = GameEvent,
> {
  readonly id: string;
  readonly name: string;
  readonly rulesVersion: number;
  readonly players: PlayerCount;
  readonly options: OptionsSchema;
  readonly cards: readonly TCard[];
  readonly checkCard?: (card: unknown) => readonly string[];
  readonly zones: readonly ZoneDeclaration[];
  /** Secrets that are not card zones; see {@link GameSpec.privateFields}. */
  readonly privateFields?: readonly PrivateFieldDeclaration[];
  /** See {@link GameSpec.copyIds}. */
  readonly copyIds?: 'shuffled';
  /** Redraws hidden private fields; see {@link GameSpec.determinize}. */
  readonly determinize?: DeterminizeHook<TState, TOptions, TCard>;
  readonly setup: (ctx: SetupContext<TOptions, TCard>) => TState;
  readonly checkSetup?: (setup: {
    readonly players: number;
    readonly options: TOptions;
  }) => readonly Problem[];
  readonly phases: readonly PhaseDefinition[];
  readonly effects: Readonly<Record<string, unknown>>;
  readonly conditions?: Readonly<Record<string, unknown>>;
  readonly actions: ActionHandlers<TState, TAction, TOptions, TCard>;
  readonly toAct: (state: TState, ctx: RulesContext<TOptions, TCard>) => readonly number[];
  readonly score: (state: TState, ctx: RulesContext<TOptions, TCard>) => GameScore;
  readonly autoResolveForced?: boolean;
  /** The kinds of decision and the action types that answer each; see {@link GameSpec}. */
  readonly decisions?: Readonly<Record<string, readonly TAction['type'][]>>;
  /** The kind of decision awaited now (a key of `decisions`); see {@link GameSpec}. */
  readonly awaitedDecision?: (state: TState) => string | undefined;
  /** A deep copy of the game state (views are built on it); see {@link GameSpec}. */
  readonly cloneState?: (state: TState) => TState;
  /** A copy to step in place, sharing what the rules only replace; see {@link GameSpec}. */
  readonly cloneForStep?: (state: TState) => TState;
  readonly describeAction?: (action: TAction, ctx: RulesContext<TOptions, TCard>) => string;
  readonly forwardModel?: ForwardModelFactory<TState, TAction, TOptions, TCard>;
  /** The game's declared events, if it declares them (see {@link GameSpec}). */
  readonly events?: EventDeclarations<TEvent>;
  /** Observation features for learning bots (see {@link GameObservation}). */
  readonly observation?: import('../observation/observation.js').GameObservation<TAction, TView>;
  /**
   * Type-level only: the game's types, read by {@link StateOf}, {@link ActionOf},
   * {@link OptionsOf}, {@link CardOf}, {@link GameViewOf} and {@link GameEventOf}.
   */
  readonly '~types'?: {
    readonly state: TState;
    readonly action: TAction;
    readonly options: TOptions;
    readonly card: TCard;
    readonly view: TView;
    readonly event: TEvent;
  };
  /** @internal */
  readonly [GAME_BRAND]: true;
}

/**
 * A game as {@link defineGame} returns it: a {@link Game} that also keeps the exact names and
 * params of its effects and conditions, so variants of it are type-checked too.
 * @public
 */
export interface DefinedGame<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
  TSchema extends OptionsSchema,
  TEffects,
  TConditions,
  TView extends GameView = GameView,
  TEvent extends GameEvent = GameEvent,
>
  extends
    Game<TState, TAction, TOptions, TCard, TView, TEvent>,
    Omit<
      GameSpec<TState, TAction, TCard, TSchema, TOptions, TEffects, TConditions, TView, TEvent>,
      'effects' | 'conditions' | 'phases' | 'options'
    > {
  readonly options: TSchema;
  readonly phases: GameSpec<
    TState,
    TAction,
    TCard,
    TSchema,
    TOptions,
    TEffects,
    TConditions
  >['phases'];
  readonly effects: TEffects & Readonly<Record<string, unknown>>;
  readonly conditions?: TConditions & Readonly<Record<string, unknown>>;
}

/**
 * Any effect handler (used where the exact state type does not matter).
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- contravariant parameter position: accepts every handler
export type AnyEffect = EffectHandler<any, any, any, any>;

/**
 * Any condition handler.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- contravariant parameter position: accepts every handler
export type AnyCondition = ConditionHandler<any, any, any, any>;

/**
 * Any game, whatever its types (for code that works with every game: bots, the CLI).
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a game of any types
export type AnyGame = Game<any, any, any, any>;

/**
 * The state type of a game.
 * @public
 */
export type StateOf<TGame extends AnyGame> = NonNullable<TGame['~types']>['state'];

/**
 * The action union of a game.
 * @public
 */
export type ActionOf<TGame extends AnyGame> = NonNullable<TGame['~types']>['action'];

/**
 * The resolved options of a game.
 * @public
 */
export type OptionsOf<TGame extends AnyGame> = NonNullable<TGame['~types']>['options'];

/**
 * The view type of a game: what `match.view(seat)` gives (the untyped {@link GameView} for a
 * game that declares none).
 * @public
 */
export type GameViewOf<TGame extends AnyGame> = NonNullable<TGame['~types']>['view'];

/**
 * The card definition type of a game.
 * @public
 */
export type CardOf<TGame extends AnyGame> = NonNullable<TGame['~types']>['card'];

/**
 * The game's own event union: the events declared with `events: defineEvents<...>()(...)`
 * (the untyped {@link GameEvent} for a game that declares none). Engine events
 * (`CoreEvent`) are not in it.
 * @public
 */
export type GameEventOf<TGame extends AnyGame> = NonNullable<TGame['~types']>['event'];

/**
 * Whether a value is a game made by {@link defineGame} or {@link defineVariant}.
 * @public
 */
export function isGame(value: unknown): value is AnyGame {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[GAME_BRAND] === true
  );
}

/**
 * A game's hook that fills the private fields a viewer cannot see (see
 * {@link GameSpec.determinize}). `partial` is the view without `phase`, with hidden card zones
 * dealt, each hidden private field missing (its `countAs` field present); the hook changes it
 * in place into a full state, drawing only from `rng`.
 * @public
 */
export type DeterminizeHook<
  TState = unknown,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
> = (
  partial: TState,
  viewer: number | 'spectator',
  rng: Rng,
  ctx: RulesContext<TOptions, TCard>,
) => void;

/**
 * A game definition as written by its author, before `defineGame` checks it.
 * @public
 */
export interface GameSpec<
  TState,
  TAction extends ActionBase,
  TCard extends CardDefinition,
  TSchema extends OptionsSchema,
  TOptions,
  TEffects,
  TConditions,
  TView extends GameView = GameView,
  TEvent extends GameEvent = GameEvent,
> {
  /** The game's id (kebab-case), stored in saves. */
  readonly id: string;
  /** The game's display name. */
  readonly name: string;
  /** Bumped whenever a stored game's outcome would change; saves of other versions are refused. */
  readonly rulesVersion: number;
  /** Allowed player counts (setups may narrow further with `checkSetup`). */
  readonly players: PlayerCount;
  /** Option declarations with defaults. `cards` is reserved for card overrides. */
  readonly options: TSchema;
  /** The card table: one row per card definition. */
  readonly cards: readonly TCard[];
  /** The game's own checks of one card definition (used for the table, variants and overrides). */
  readonly checkCard?: (card: unknown) => readonly string[];
  /** Where cards live in the state and who may see them. */
  readonly zones: readonly ZoneDeclaration[];
  /**
   * Secrets that are not card zones: per-seat private fields (the path `players.*.dice`
   * with visibility `owner`) and values nobody sees. **Undeclared means public**: views, logs
   * and observations show every field that no zone or private field hides. A game with
   * private fields must give {@link GameSpec.determinize}.
   */
  readonly privateFields?: readonly PrivateFieldDeclaration[];
  /**
   * Required when a card has `copies` and a zone is private to its owner: the author's
   * statement that copies (`card-3#1`, `card-3#2`) enter private zones only from a shuffled
   * zone, never as "the first copy", so which copy a seat holds tells nothing about the
   * others' hands. `defineGame` refuses such a game without it; the information-set laws of
   * `@ruleloom/core/testing` check it.
   */
  readonly copyIds?: 'shuffled';
  /**
   * Redraws the hidden private fields for a viewer (search bots and the laws use it through
   * `Engine.determinize`): given the view's game part with hidden card zones already dealt,
   * fill in place every private field the viewer cannot see, at random and consistently with
   * the view (for example each opponent's `dice`, `diceCount` of them). Card zones need no
   * hook.
   */
  readonly determinize?: DeterminizeHook<TState, TOptions, TCard>;
  /** Builds the initial game state. */
  readonly setup: (ctx: SetupContext<TOptions, TCard>) => TState;
  /** Extra checks of a setup across options and player count. */
  readonly checkSetup?: (setup: {
    readonly players: number;
    readonly options: TOptions;
  }) => readonly Problem[];
  /** The turn, as data. The first phase is entered after setup. */
  readonly phases: readonly PhaseDefinition<EffectRefOf<TEffects>, ConditionRefOf<TConditions>>[];
  /** Named effects the phases and cards refer to. */
  readonly effects: TEffects;
  /** Named conditions the phases refer to. */
  readonly conditions?: TConditions;
  /** One handler per action type. */
  readonly actions: ActionHandlers<TState, TAction, TOptions, TCard>;
  /** The seats whose decision is awaited (empty when none: the engine moves on). */
  readonly toAct: (state: TState, ctx: RulesContext<TOptions, TCard>) => readonly number[];
  /** Final scores (and optionally winners) when the game ends. */
  readonly score: (state: TState, ctx: RulesContext<TOptions, TCard>) => GameScore;
  /** Apply a seat's only legal action automatically, logged as a `forcedAction` event (default true). */
  readonly autoResolveForced?: boolean;
  /**
   * The kinds of decision the game awaits, each with the action types that can answer it
   * (`{ attack: ['attack', 'declineAttack'], ... }`), checked when the game is defined. With
   * {@link GameSpec.awaitedDecision}, listing legal actions and the forced-decision check ask
   * only those handlers instead of every handler the phase declares: a phase that takes
   * several kinds of decision (Colonial Florida's action phase takes five) lists faster.
   * `gameLaws` checks that no legal action is left out.
   */
  readonly decisions?: Readonly<Record<string, readonly TAction['type'][]>>;
  /**
   * The kind of decision awaited now, a key of {@link GameSpec.decisions}, or undefined when
   * the phase's action types should all be asked.
   */
  readonly awaitedDecision?: (state: TState) => string | undefined;
  /**
   * A faster deep copy of the game state than the generic one. Views are built on it, so it
   * must share nothing with its input.
   */
  readonly cloneState?: (state: TState) => TState;
  /**
   * A copy of the game state to step in place (`apply`, `Engine.clone`), which
   * may share with its input the lists and objects that the rules only ever replace, never
   * change in place (structural sharing, as immutable-data libraries do). Defaults to
   * `cloneState`. The laws of `@ruleloom/core/testing` catch a rule that changes a shared
   * part in place: the input state of `apply` and of a step on a clone must keep its hash.
   */
  readonly cloneForStep?: (state: TState) => TState;
  /** A one-line narration of an action, for logs and command lines. */
  readonly describeAction?: (action: TAction, ctx: RulesContext<TOptions, TCard>) => string;
  /**
   * The game's own fast forward model for search, proven equal to the engine (see
   * {@link ForwardModel}); bots use it through the engine's `forwardModel()` when it is set.
   */
  readonly forwardModel?: ForwardModelFactory<TState, TAction, TOptions, TCard>;
  /**
   * The game's declared events (made by `defineEvents`): the laws of `@ruleloom/core/testing`
   * check every recorded event against them; handlers typed with the declared union cannot
   * emit anything else.
   */
  readonly events?: EventDeclarations<TEvent>;
  /**
   * Observation features for learning bots: a numeric encoding of a view (typed as the
   * game's view) and an action index space.
   */
  readonly observation?: import('../observation/observation.js').GameObservation<TAction, TView>;
}

/**
 * Builds a game's {@link ForwardModel} for one setup, or returns `undefined` when the setup
 * or the definition is outside what the model implements (a variant that changed a phase,
 * an option it does not cover...): search then falls back to the engine. Set as
 * `forwardModel` on a game definition; variants inherit it, so it must check what it relies on.
 * @public
 */
export type ForwardModelFactory<
  TState = unknown,
  TAction extends ActionBase = ActionBase,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
> = (
  rules: ForwardModelSetup<TState, TAction, TOptions, TCard>,
) => ForwardModel<unknown, TAction> | undefined;

/**
 * What a {@link ForwardModelFactory} is given: the rules context of the setup (players,
 * options, cards), the game definition it was built from (so the factory can check that a
 * variant did not change what it relies on) and the view derived from the game's declared
 * zone visibility. A frozen object, not the engine: a factory cannot reach the interpreter.
 * @public
 */
export interface ForwardModelSetup<
  TState = unknown,
  TAction extends ActionBase = ActionBase,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
> extends RulesContext<TOptions, TCard> {
  /** The game definition (or variant) of the match. */
  readonly game: Game<TState, TAction, TOptions, TCard>;
  /** What a seat or a spectator may see of a state (the engine's view). */
  readonly view: (state: MatchState<TState>, viewer: number | 'spectator') => GameView;
}
