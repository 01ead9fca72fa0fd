import type {
  ActionHandler,
  ActionTraits,
  ConditionHandler,
  EffectContext,
  EffectHandler,
  RulesContext,
} from '@ruleloom/core';
import type { ColonialFloridaAction } from './actions/action.js';
import type { ColonialFloridaCard } from './cards/card.js';
import type { ColonialFloridaEvent } from './events.js';
import type { ColonialFloridaOptions } from './options.js';
import type { ColonialFloridaState } from './state.js';

/** What every handler of the game reads: options, players and cards. */
export type Rules = RulesContext<ColonialFloridaOptions, ColonialFloridaCard>;

/** What effects and action resolvers receive. */
export type Ctx = EffectContext<
  ColonialFloridaState,
  ColonialFloridaOptions,
  ColonialFloridaCard,
  ColonialFloridaEvent
>;

/**
 * A named effect of Colonial Florida (exported as `ColonialFloridaEffect`).
 * @public
 */
export type Effect<TParams = undefined> = EffectHandler<
  ColonialFloridaState,
  ColonialFloridaOptions,
  ColonialFloridaCard,
  TParams,
  ColonialFloridaEvent
>;

/**
 * A named condition of Colonial Florida (exported as `ColonialFloridaCondition`).
 * @public
 */
export type Condition<TParams = undefined> = ConditionHandler<
  ColonialFloridaState,
  ColonialFloridaOptions,
  ColonialFloridaCard,
  TParams
>;

/** The handler of one action type. */
export type Action<TType extends ColonialFloridaAction['type']> = ActionHandler<
  ColonialFloridaState,
  Extract<ColonialFloridaAction, { type: TType }>,
  ColonialFloridaOptions,
  ColonialFloridaCard,
  ColonialFloridaEvent
> & {
  /** What generic code may know of the action (fields, pass). */
  readonly traits: ActionTraits<Extract<ColonialFloridaAction, { type: TType }>>;
};
