import { CORE_REJECTION_CODE_LIST, type CoreRejectionCode } from '@ruleloom/core';

/**
 * The rejection codes Colonial Florida's own rules produce (beside core's), in a list.
 * @public
 */
export const COLONIAL_FLORIDA_REJECTION_CODES = [
  'no_decision',
  'wrong_decision',
  'empty_commit',
  'duplicate_card',
  'unknown_card',
  'not_a_combatant',
  'fortress_cannot_attack',
  'not_adjacent',
  'fortress_never_lost',
  'not_a_casualty_candidate',
  'not_a_survivor',
  'not_a_settlement',
  'not_your_settlement',
  'not_your_card',
  'not_movable',
  'already_moved',
] as const;

/**
 * A rejection code of Colonial Florida's own rules.
 * @public
 */
export type ColonialFloridaRejectionCode = (typeof COLONIAL_FLORIDA_REJECTION_CODES)[number];

/**
 * Every code a Colonial Florida match's `apply` can answer with: core's and the game's.
 * Switch on it after `isRejectionOf` (from `@ruleloom/core`) with
 * {@link COLONIAL_FLORIDA_ERROR_CODES}.
 * @public
 */
export type ColonialFloridaErrorCode = CoreRejectionCode | ColonialFloridaRejectionCode;

/**
 * Every {@link ColonialFloridaErrorCode}, in a list.
 * @public
 */
export const COLONIAL_FLORIDA_ERROR_CODES: readonly ColonialFloridaErrorCode[] = Object.freeze([
  ...CORE_REJECTION_CODE_LIST,
  ...COLONIAL_FLORIDA_REJECTION_CODES,
]);
