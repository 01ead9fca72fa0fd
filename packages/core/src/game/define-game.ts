import type { CardDefinition } from '../cards/cards.js';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import type { OptionsSchema, OptionValues } from '../options/options.js';
import { checkGameSpec } from './check-game.js';
import { GAME_BRAND, type DefinedGame } from './game.js';
import type { ActionBase, ConditionHandler, EffectHandler, GameSpec } from './types.js';

/**
 * Defines a game: checks the whole definition once and returns a {@link Game}.
 *
 * @remarks
 * Called in two steps so that the state, action and card types can be given explicitly
 * while option values, effect names and condition names are inferred:
 * `defineGame<MyState, MyAction, MyCard>()({ ...spec })`. Phase steps, card effects and
 * transition conditions refer to handlers by name; a wrong name or wrong params fail to
 * compile (declare each handler with its type, `EffectHandler<S, O, C, Params>`, as the
 * one-handler-per-file layout does: an unannotated inline handler is checked at run time
 * only), and at run time every problem is listed in one {@link GameDefinitionError}.
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
>() {
  return function define<
    const TSchema extends OptionsSchema,
    TEffects extends Readonly<
      Record<string, EffectHandler<TState, OptionValues<TSchema>, TCard, never>>
    >,
    TConditions extends Readonly<
      Record<string, ConditionHandler<TState, OptionValues<TSchema>, TCard, never>>
    > = Readonly<Record<never, never>>,
  >(
    spec: GameSpec<TState, TAction, TCard, TSchema, OptionValues<TSchema>, TEffects, TConditions>,
  ): DefinedGame<TState, TAction, OptionValues<TSchema>, TCard, TSchema, TEffects, TConditions> {
    return finishGame(spec);
  };
}

/** Checks a spec and brands it as a game (shared by defineGame and defineVariant). */
export function finishGame<TGame>(spec: object): TGame {
  const problems = checkGameSpec(spec as Parameters<typeof checkGameSpec>[0]);
  const id = (spec as { id?: unknown }).id;
  if (problems.length > 0)
    throw new GameDefinitionError(typeof id === 'string' ? id : '(no id)', problems);
  return Object.freeze({ ...spec, [GAME_BRAND]: true }) as TGame;
}
