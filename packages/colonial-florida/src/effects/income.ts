import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import type { Effect } from '../context.js';
import { incomeParams } from './check-params.js';

/**
 * Params of the `income` card effect (declared by {@link incomeParams}).
 * @public
 */
export type IncomeParams = FieldsOutput<typeof incomeParams>;

/**
 * The `income` card effect: an income card and its count toward the income formula.
 * Card effects are declarative: the income formula reads these params (rules/card-info.ts);
 * running the effect changes nothing. Registering it gets every card definition, variant and
 * override checked by name and params.
 */
export const income: Effect<IncomeParams> = Object.assign(() => undefined, {
  checkParams: checkParamFields(incomeParams),
});
