import { checkParamFields, type FieldsOutput } from '@ruleloom/core';
import type { Effect } from '../context.js';
import { incomePenaltyParams } from './check-params.js';

/**
 * Params of the `incomePenalty` card effect (declared by {@link incomePenaltyParams}).
 * @public
 */
export type IncomePenaltyParams = FieldsOutput<typeof incomePenaltyParams>;

/** The `incomePenalty` card effect (Cutthroats &amp; Thieves: 1 Gold less); declarative, read by the income formula. */
export const incomePenalty: Effect<IncomePenaltyParams> = Object.assign(() => undefined, {
  checkParams: checkParamFields(incomePenaltyParams),
});
