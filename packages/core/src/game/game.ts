import type { CardDefinition } from '../cards/cards.js';
import type { Problem } from '../errors/problem.js';
import type { OptionsSchema } from '../options/options.js';
import type { ZoneDeclaration } from '../zones/zone.js';
import type { ForwardModelFactory } from './forward-model.js';
import type {
  ActionBase,
  ActionHandlers,
  ConditionHandler,
  EffectHandler,
  GameScore,
  GameSpec,
  PhaseDefinition,
  PlayerCount,
  RulesContext,
  SetupContext,
} from './types.js';

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
 * @public
 */
export interface Game<
  TState = unknown,
  TAction extends ActionBase = ActionBase,
  TOptions = Readonly<Record<string, unknown>>,
  TCard extends CardDefinition = CardDefinition,
> {
  readonly id: string;
  readonly name: string;
  readonly rulesVersion: number;
  readonly players: PlayerCount;
  readonly options: OptionsSchema;
  readonly cards: readonly TCard[];
  readonly checkCard?: (card: unknown) => readonly string[];
  readonly zones: readonly ZoneDeclaration[];
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
  /** A deep copy of the game state (views are built on it); see {@link GameSpec}. */
  readonly cloneState?: (state: TState) => TState;
  /** A copy to step in place, sharing what the rules only replace; see {@link GameSpec}. */
  readonly cloneForStep?: (state: TState) => TState;
  readonly describeAction?: (action: TAction, ctx: RulesContext<TOptions, TCard>) => string;
  readonly forwardModel?: ForwardModelFactory<TState, TAction, TOptions, TCard>;
  /** Observation features for learning bots (see {@link GameObservation}). */
  readonly observation?: import('../observation/observation.js').GameObservation<TAction>;
  /** Type-level only: the game's types, read by {@link StateOf}, {@link ActionOf}, {@link OptionsOf}. */
  readonly '~types'?: {
    readonly state: TState;
    readonly action: TAction;
    readonly options: TOptions;
    readonly card: TCard;
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
>
  extends
    Game<TState, TAction, TOptions, TCard>,
    Omit<
      GameSpec<TState, TAction, TCard, TSchema, TOptions, TEffects, TConditions>,
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
