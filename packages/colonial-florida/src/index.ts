/**
 * Colonial Florida for the Ruleloom rules engine: a map game of settlements founded,
 * developed, razed and conquered on a ring of 36 spaces, for 2 or 3 players.
 *
 * @packageDocumentation
 */
export { colonialFlorida } from './game.js';
export { colonialFloridaOptions } from './options.js';
export type { ColonialFloridaOptions, StartSpaces } from './options.js';
export { MARKER_NAMES, NATIONS, cloneColonialFloridaState } from './state.js';
export type {
  ColonialFloridaState,
  MarkerName,
  Pending,
  PendingAttack,
  PendingCasualty,
  PendingMove,
  PendingMoveCombatant,
  PendingTransfer,
  PlayerState,
  SettlementState,
} from './state.js';
export type {
  AttackAction,
  ChooseCasualtyAction,
  ColonialFloridaAction,
  DeclineAttackAction,
  EndActionAction,
  MoveAction,
  MoveCombatantAction,
  SkipTransferAction,
  TransferAction,
} from './actions/action.js';
export { MAX_LISTED_CANDIDATES } from './actions/attack.js';
export { CARD_TYPES, INCOME_TYPES, checkColonialFloridaCard } from './cards/card.js';
export type {
  CardTraits,
  CardTypeLetter,
  ColonialFloridaCard,
  CombatantParams,
  IncomeParams,
  IncomePenaltyParams,
} from './cards/card.js';
export { COLONIAL_FLORIDA_CARDS } from './cards/cards.js';
export { FLORIDA_MAP, checkRingMap, getMapLayout, stepAround } from './map/map.js';
export type { MapLayout, MapSpace, RingMap } from './map/map.js';
export { COLONIAL_FLORIDA_PHASES } from './phases/phases.js';
export { colonialFloridaHeuristic, colonialFloridaHeuristicFor, ringSizeOf } from './heuristics.js';
export {
  COLONIAL_FLORIDA_VALUE_WEIGHTS,
  colonialFloridaValue,
  colonialFloridaValueFor,
  colonialFloridaValueShares,
} from './value.js';
export { COLONIAL_FLORIDA_FEATURES, colonialFloridaFeatures } from './value-features.js';
export type { ColonialFloridaValueWeights } from './value.js';
export type { ColonialFloridaFeature } from './value-features.js';
export { attackWinChance, battleDice } from './battle/battle-odds.js';
export { colonialFloridaEvents, isColonialFloridaEvent } from './events.js';
export type { ColonialFloridaEvent, ColonialFloridaEventPayloads } from './events.js';
export type {
  Effect as ColonialFloridaEffect,
  Condition as ColonialFloridaCondition,
} from './context.js';
export {
  moveInput,
  attackInput,
  declineAttackInput,
  chooseCasualtyInput,
  transferInput,
  skipTransferInput,
  moveCombatantInput,
  endActionInput,
} from './actions/parse.js';
export {
  markerParams,
  raidStrikeParams,
  moveMarkerParams,
  incomeParams,
  incomePenaltyParams,
  combatantParams,
} from './effects/check-params.js';
export type { MoveMarkerParams } from './effects/move-marker.js';
export type { RaidStrikeParams } from './effects/raid-strike.js';
export { colonialFloridaObservation } from './observation.js';
export {
  COLONIAL_FLORIDA_REJECTION_CODES,
  COLONIAL_FLORIDA_ERROR_CODES,
} from './rejection-codes.js';
export type { ColonialFloridaRejectionCode, ColonialFloridaErrorCode } from './rejection-codes.js';
export { colonialFloridaZones } from './zones.js';
// eslint-disable-next-line @typescript-eslint/no-deprecated -- kept for existing callers
export { asColonialFloridaView } from './view.js';
export type { ColonialFloridaView } from './view.js';
export { colonialFloridaMetrics } from './metrics.js';
