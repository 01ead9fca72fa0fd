import type { ConditionHandler, EffectContext, EffectHandler, RulesContext } from '@ruleloom/core';
import type { StAugustineCard } from './cards/card.js';
import type { StAugustineEvent } from './events.js';
import type { StAugustineOptions } from './options.js';
import type { StAugustineState } from './state.js';

/**
 * What St. Augustine handlers can read: options, player count and card table.
 * @public
 */
export type StAugustineRules = RulesContext<StAugustineOptions, StAugustineCard>;

/**
 * What St. Augustine effects and action resolvers receive.
 * @public
 */
export type StAugustineEffectContext = EffectContext<
  StAugustineState,
  StAugustineOptions,
  StAugustineCard,
  StAugustineEvent
>;

/**
 * A St. Augustine effect handler taking `TParams`.
 * @public
 */
export type StAugustineEffect<TParams = undefined> = EffectHandler<
  StAugustineState,
  StAugustineOptions,
  StAugustineCard,
  TParams,
  StAugustineEvent
>;

/**
 * A St. Augustine condition (phase transitions and `skipIf`).
 * @public
 */
export type StAugustineCondition = ConditionHandler<
  StAugustineState,
  StAugustineOptions,
  StAugustineCard
>;
