import type { Effect } from '../context.js';
import { checkWhole } from './check-params.js';

/**
 * Params of the `incomePenalty` card effect.
 * @public
 */
export interface IncomePenaltyParams {
  /** Gold the settlement earns less. */
  readonly amount: number;
}

/** The `incomePenalty` card effect (Cutthroats &amp; Thieves: 1 Gold less); declarative, read by the income formula. */
export const incomePenalty: Effect<IncomePenaltyParams> = Object.assign(() => undefined, {
  checkParams: (params: unknown) => checkWhole(params, 'amount', 0),
});
