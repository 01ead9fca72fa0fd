import { CORE_REJECTION_CODE_LIST, type CoreRejectionCode } from '@ruleloom/core';

/**
 * The rejection codes St. Augustine's own rules produce (beside core's), in a list.
 * @public
 */
export const ST_AUGUSTINE_REJECTION_CODES = [
  'no_auction',
  'bid_not_multiple',
  'bid_too_low',
  'bid_not_higher',
  'insufficient_funds',
  'nothing_to_pass',
  'not_trade_phase',
  'trade_pending',
  'proposal_limit_reached',
  'cannot_trade_with_self',
  'unknown_player',
  'empty_trade',
  'invalid_amount',
  'amount_not_multiple',
  'duplicate_shop',
  'unknown_card',
  'not_owned',
  'no_pending_trade',
] as const;

/**
 * A rejection code of St. Augustine's own rules.
 * @public
 */
export type StAugustineRejectionCode = (typeof ST_AUGUSTINE_REJECTION_CODES)[number];

/**
 * Every code a St. Augustine match's `apply` can answer with: core's and the game's. Switch on
 * it after `isRejectionOf` (from `@ruleloom/core`) with {@link ST_AUGUSTINE_ERROR_CODES}.
 * @public
 */
export type StAugustineErrorCode = CoreRejectionCode | StAugustineRejectionCode;

/**
 * Every {@link StAugustineErrorCode}, in a list.
 * @public
 */
export const ST_AUGUSTINE_ERROR_CODES: readonly StAugustineErrorCode[] = Object.freeze([
  ...CORE_REJECTION_CODE_LIST,
  ...ST_AUGUSTINE_REJECTION_CODES,
]);
