import type { CardDefinition } from '../cards/cards.js';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import type { OptionsSchema, OptionValues } from '../options/options.js';
import { checkGameSpec } from './check-game.js';
import { GAME_BRAND, type DefinedGame } from './game.js';
import type { ActionBase } from '../model/action.js';
import type { ConditionHandler, EffectHandler } from './types.js';
import type { GameSpec } from './game.js';
import type { GameView } from '../view/view.js';
import type { GameEvent } from '../model/event.js';

/**
 * Defines a game: checks the whole definition once and returns a {@link Game}.
 *
 * @remarks
 * Called in two steps so that the state, action and card types can be given explicitly
 * while option values, effect names and condition names are inferred:
 * `defineGame<MyState, MyAction, MyCard, MyView>()({ ...spec })` (`MyView`, what
 * `match.view(seat)` gives, e.g. `ViewOf<MyState, typeof zones>`; the untyped `GameView`
 * when left out). Phase steps, card effects and
 * transition conditions refer to handlers by name; a wrong name or wrong params fail to
 * compile: declare each handler with its type (`EffectHandler<S, O, C, Params>`, as the
 * one-handler-per-file layout does) or annotate an inline handler's params
 * (`bump: (ctx, p: { by: number }) => ...`); the params of an unannotated inline handler are
 * checked at run time only. At run time every problem is listed in one
 * {@link GameDefinitionError}.
 *
 * @example
 * ```ts
 * const pig = defineGame<PigState, PigAction>()({
 *   id: 'pig', name: 'Pig', rulesVersion: 1, players: { min: 2, max: 6 },
 *   options: {
 *     target: option.integer({ default: 100, min: 10, max: 1000, description: 'Points to win.' }),
 *   },
 *   cards: [], zones: [],
 *   setup: (ctx) => ({ scores: Array(ctx.players).fill(0), turnTotal: 0, current: 0 }),
 *   phases: [{ id: 'turn', next: [{ to: '$end', when: { type: 'someoneWon' } }, { to: 'turn' }] }],
 *   effects: {}, conditions: { someoneWon: (s, _p, ctx) => s.scores.some((x) => x >= ctx.options.target) },
 *   actions: { roll: rollAction, hold: holdAction },
 *   toAct: (s) => [s.current],
 *   score: (s) => ({ scores: s.scores }),
 * });
 * ```
 * @public
 */
export function defineGame<
  TState,
  TAction extends ActionBase,
  TCard extends CardDefinition = CardDefinition,
  TView extends GameView = GameView,
>() {
  return function define<
    const TSchema extends OptionsSchema,
    // Inferred per effect from its handler's params: an inline handler with annotated params
    // (`bump: (ctx, p: { by: number }) => ...`) is typed like a declared one.
    TEffectParams extends Readonly<Record<string, unknown>>,
    TConditions extends Readonly<
      Record<string, ConditionHandler<TState, OptionValues<TSchema>, TCard, never>>
    > = Readonly<Record<never, never>>,
    // Inferred from `events: defineEvents<...>()(...)`: the game's own event union.
    TEvent extends GameEvent = GameEvent,
  >(
    spec: GameSpec<
      TState,
      TAction,
      TCard,
      TSchema,
      OptionValues<TSchema>,
      EffectsFor<TState, OptionValues<TSchema>, TCard, TEffectParams>,
      TConditions,
      TView,
      TEvent
    >,
  ): DefinedGame<
    TState,
    TAction,
    OptionValues<TSchema>,
    TCard,
    TSchema,
    EffectsFor<TState, OptionValues<TSchema>, TCard, TEffectParams>,
    TConditions,
    TView,
    TEvent
  > {
    return finishGame(spec);
  };
}

/**
 * The effect handlers of a game, one per effect name, each with its own params type.
 * @public
 */
export type EffectsFor<TState, TOptions, TCard extends CardDefinition, TParams> = {
  readonly [K in keyof TParams]: EffectHandler<TState, TOptions, TCard, TParams[K]>;
};

/** Checks a spec and brands it as a game (shared by defineGame and defineVariant). */
export function finishGame<TGame>(spec: object): TGame {
  const problems = checkGameSpec(spec as Parameters<typeof checkGameSpec>[0]);
  const id = (spec as { id?: unknown }).id;
  if (problems.length > 0)
    throw new GameDefinitionError(typeof id === 'string' ? id : '(no id)', problems);
  return Object.freeze({ ...spec, [GAME_BRAND]: true }) as TGame;
}
