import type { Effect } from '../context.js';
import { checkWhole } from './check-params.js';

/**
 * Params of the `income` card effect.
 * @public
 */
export interface IncomeParams {
  /** How many income cards this card counts as (a Provincial Capitol: 2). */
  readonly count: number;
}

/**
 * The `income` card effect: an income card and its count toward the income formula.
 * Card effects are declarative: the income formula reads these params (rules/card-info.ts);
 * running the effect changes nothing. Registering it gets every card definition, variant and
 * override checked by name and params.
 */
export const income: Effect<IncomeParams> = Object.assign(() => undefined, {
  checkParams: (params: unknown) => checkWhole(params, 'count', 0),
});
