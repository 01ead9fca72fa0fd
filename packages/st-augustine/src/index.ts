/**
 * St. Augustine Shopkeepers for the Ruleloom rules engine: the game object, its cards as
 * data, options, action and view types, and a heuristic evaluation for bots.
 *
 * @packageDocumentation
 */
export { stAugustine } from './game.js';
export { stAugustineForwardModel } from './fast/forward-model.js';
export type { StAugustineGame } from './game.js';
export { stAugustineCards, SHOP_TYPES, STREETS, STREET_NAMES } from './cards/cards.js';
export { checkStAugustineCard } from './cards/card.js';
export type {
  StAugustineCard,
  ShopCard,
  AttractionCard,
  AttractionEffectRef,
  StreetIncomeParams,
  ShopIncomeParams,
  TypeIncomeParams,
  BonusParams,
} from './cards/card.js';
export { stAugustineOptions } from './options.js';
export type { StAugustineOptions, StAugustineOptionsSchema } from './options.js';
export { cloneStAugustineState } from './state.js';
export type {
  StAugustineState,
  PlayerState,
  AuctionState,
  TradeOffer,
  TradeProposal,
  TradeRound,
} from './state.js';
export type {
  StAugustineAction,
  BidAction,
  PassAction,
  ProposeTradeAction,
  AcceptTradeAction,
  RejectTradeAction,
  StAugustineActionHandler,
} from './actions/actions.js';
export {
  bidInput,
  passInput,
  proposeTradeInput,
  acceptTradeInput,
  rejectTradeInput,
} from './actions/parse.js';
export {
  revenueParams,
  streetBonusParams,
  monopolyParams,
  streetIncomeParams,
  shopIncomeParams,
  typeIncomeParams,
  bonusParams,
} from './effects/check-params.js';
export { PROPOSAL_PRICES } from './rules/proposals.js';
export type { StAugustineEffects } from './effects/effects.js';
export { MONOPOLY_TABLE } from './effects/monopoly-bonus.js';
export type { MonopolyParams } from './effects/monopoly-bonus.js';
export type { RevenueParams } from './effects/pay-revenue.js';
export type { StreetBonusParams } from './effects/pay-street-bonus.js';
export type { StAugustineConditions } from './conditions.js';
export { stAugustinePhases } from './phases/phases.js';
export type { StAugustinePhase } from './phases/phases.js';
export type {
  StAugustineRules,
  StAugustineEffectContext,
  StAugustineEffect,
  StAugustineCondition,
} from './context.js';
// eslint-disable-next-line @typescript-eslint/no-deprecated -- kept for existing callers
export { asStAugustineView } from './view.js';
export { stAugustineZones } from './zones.js';
export type { StAugustineView, StAugustinePlayerView } from './view.js';
export {
  createStAugustineHeuristic,
  stAugustineHeuristic,
  stAugustineHeuristicFor,
  incomePerTurn,
} from './heuristics.js';
export { incomeParams } from './rules/formulas.js';
export type { IncomeParams } from './rules/formulas.js';
export { formatMoney, MONEY_UNIT } from './money.js';
export { describeStAugustineAction } from './describe-action.js';
export { stAugustineEvents, isStAugustineEvent, isStAugustinePayment } from './events.js';
export type {
  StAugustineEvent,
  StAugustineEventPayloads,
  StAugustinePayment,
  PayingEffect,
} from './events.js';
export { stAugustineObservation, BID_STEPS } from './observation.js';
export { ST_AUGUSTINE_REJECTION_CODES, ST_AUGUSTINE_ERROR_CODES } from './rejection-codes.js';
export type { StAugustineRejectionCode, StAugustineErrorCode } from './rejection-codes.js';
export { stAugustineMetrics } from './metrics.js';
