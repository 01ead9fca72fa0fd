/**
 * Ruleloom core: a deterministic rules engine and plugin SDK for tabletop games.
 *
 * @packageDocumentation
 */
export { ok, reject, rejection } from './result.js';
export type { Rejection, Result } from './result.js';
export { CORE_REJECTION_CODES, CORE_REJECTION_CODE_LIST, isRejectionOf } from './errors/codes.js';
export type { CoreRejectionCode, RestoreRejectionCode } from './errors/codes.js';
export {
  GameDefinitionError,
  SetupError,
  EngineInvariantError,
} from './errors/game-definition-error.js';
export type { Problem, ProblemCode } from './errors/problem.js';
export { didYouMean } from './errors/suggest.js';
export { Rng } from './rng/rng.js';
export { shuffleInPlace } from './rng/shuffle.js';
export type { Shuffleable } from './rng/shuffle.js';
export { createRngState, forkRngState, isSeed } from './rng/seed.js';
export type { Seed, RngState } from './rng/seed.js';
export { parseDice, formatDice, diceDistribution } from './rng/dice.js';
export type { DiceSpec, ChanceOutcome } from './rng/dice.js';
export {
  drawTop,
  removeCard,
  moveCard,
  reshuffleDiscard,
  withCard,
  withoutCard,
} from './zones/zone.js';
export type { ZoneDeclaration, Visibility, PrivateFieldDeclaration } from './zones/zone.js';
export { instanceIdsOf, MAX_COPIES, MAX_CARD_INSTANCES } from './cards/cards.js';
export type { CardDefinition, CardOverrides, CardTable, HandlerRef } from './cards/cards.js';
export { option } from './options/options.js';
export type {
  OptionSpec,
  OptionsSchema,
  OptionValues,
  IntegerOption,
  EnumOption,
  BooleanOption,
  CustomOption,
  OptionCheckContext,
} from './options/options.js';
export { clockwiseFrom, nextClockwise, seatOrder, onlySeat } from './phases/turn-order.js';
export { defineGame } from './define/define-game.js';
export type { EffectsFor } from './define/define-game.js';
export { defineVariant } from './define/define-variant.js';
export type { VariantSpec, PhaseOverrides } from './define/define-variant.js';
export { VARIANT_LIMITS, variantFromData } from './variant/variant-from-data.js';
export type { VariantData, VariantFromDataResult } from './variant/variant-from-data.js';
export { variantJsonSchema } from './variant/variant-json-schema.js';
export { traceSavedMatch } from './metrics/game-trace.js';
export type { GameTrace, TraceStep } from './metrics/game-trace.js';
export { defineMetric, genericMetrics, measureGame } from './metrics/game-metrics.js';
export type { GameMeasures, GameMetric, GameMetricsExtension } from './metrics/game-metrics.js';
export type { JsonSchema } from './variant/variant-json-schema.js';
export { isGame } from './define/game.js';
export { GAME_OVER_PHASE } from './model/phase-ids.js';
export type {
  Game,
  DefinedGame,
  AnyGame,
  AnyEffect,
  AnyCondition,
  StateOf,
  ActionOf,
  OptionsOf,
  GameViewOf,
  GameEventOf,
  CardOf,
  GameSpec,
  ForwardModelFactory,
  ForwardModelSetup,
  DeterminizeHook,
} from './define/game.js';
export { checkActionFields, checkFields, parseBareAction } from './define/fields.js';
export {
  parseFields,
  parseWith,
  checkParamFields,
  checkParamsWith,
} from './define/schema-parsers.js';
export type {
  FieldSchemas,
  FieldsOutput,
  FieldsAction,
  FieldsParser,
  ParsedAction,
} from './define/schema-parsers.js';
export { standardSchema } from './define/standard-schema.js';
export type {
  StandardSchemaV1,
  StandardSchemaIssue,
  StandardSchemaResult,
  InferSchemaOutput,
} from './define/standard-schema.js';
export { Engine, createEngine } from './run/engine.js';
export type { RulesSetup, ApplyResult, StepResult } from './run/engine.js';
export type { ChanceNode, ChanceNodeKind, ChanceNodeOutcome, ChanceResult } from './run/chance.js';
export { replayChanceLog } from './match/chance-log.js';
export type { ChanceLog } from './match/chance-log.js';
export type { ForwardModel } from './define/forward-model.js';
export { packedLayout } from './fast/packed-layout.js';
export type { PackedLayout, PackedLayoutSpec } from './fast/packed-layout.js';
export { packedForwardModel } from './fast/packed-model.js';
export type { PackedKernel } from './fast/packed-model.js';
export type {
  PackedField,
  PackedFields,
  PackedScalar,
  PackedInts,
  PackedCards,
  PackedSeatSet,
  PackedConst,
  PackedRecord,
  PackedPerSeat,
  PackedScratch,
  PackedOffsets,
  PackedOffsetOf,
  PackedListOffsets,
  PackedScratchOffsets,
  PackedSeatOffsets,
} from './fast/packed-fields.js';
export { createMatch, validateSetup } from './match/match.js';
export { restoreMatch } from './match/restore-match.js';
export { takeBack, takeBackRefusal } from './match/take-back.js';
export type { TakeBackResult } from './match/take-back.js';
export { resumeMatch } from './match/resume-match.js';
export type {
  ResumeInput,
  ResumeHistoryEntry,
  ResumeEarlier,
  ResumeTailEntry,
  ResumeRejectionCode,
} from './match/resume-match.js';
export {
  compactLegalActions,
  declaredRangeFields,
  expandLegalActions,
  legalActionSet,
  legalEntryCount,
} from './match/legal-action-set.js';
export type {
  CompactLegalActions,
  CompactLegalActionsOptions,
  LegalActionEntry,
  LegalActionOne,
  LegalActionRange,
} from './match/legal-action-set.js';
export type { Match, MatchSetup, MatchApplyResult, RestoreOptions } from './match/match.js';
export type { OptionsInput } from './define/options-input.js';
export { competitionRanks } from './run/scoring.js';
export type { ActionBase } from './model/action.js';
export type {
  ActionHandler,
  ActionHandlers,
  ConditionHandler,
  ConditionRefOf,
  EffectContext,
  EffectHandler,
  EffectRefOf,
  Heuristic,
  MatchRandom,
  RandomAudience,
  RandomOptions,
  RevealOptions,
  EmitOptions,
  ParseResult,
  RefsOf,
  PhaseDefinition,
  PlayerCount,
  RulesContext,
  SetupContext,
  Transition,
} from './define/types.js';
export type { DiceRoll, GameEvent, HiddenEvent } from './model/event.js';
export type { GameResult, GameScore, KnownCard, MatchState } from './model/match-state.js';
export { hashJson } from './log/hash.js';
export { redactLog, redactEvent } from './log/log.js';
export type { LogEntry } from './log/log.js';
export { SAVE_FORMAT, LEGACY_SAVE_FORMAT } from './log/save.js';
export type { SavedMatch, SavedAction } from './log/save.js';
export { signSave } from './log/sign-save.js';
export { chainOrigin, chainLink } from './log/chain.js';
export type { SaveKey } from './log/chain.js';
export { describeValue, quoteName } from './util/describe.js';
export { canonicalJson } from './util/canonical-json.js';
export { checkJsonLimits, ACTION_LIMITS, SETUP_LIMITS, SAVE_LIMITS } from './util/json-limits.js';
export type { JsonLimits } from './util/json-limits.js';
export type { GameView } from './view/view.js';
export {
  actionIndices,
  checkObservation,
  gameObservation,
  encodeObservation,
  legalMask,
  observationNames,
} from './observation/observation.js';
export type { ActionSpace, GameObservation, ObservationPart } from './observation/observation.js';
export { defaultObservation, observationFor } from './run/default-observation.js';
export type { DefaultObservationSampling, ObservationSetup } from './run/default-observation.js';
export type {
  ViewOf,
  ViewElement,
  ViewElementFields,
  ViewElementCounts,
  ViewField,
  ViewCounts,
  HiddenViewFields,
  ReadonlyJson,
} from './view/view-of.js';
export { cloneJson } from './util/clone.js';
export { publicOptions } from './match/public-setup.js';
export { defineEvents, checkEvent } from './define/declare-events.js';
export type { EventOf, EventDeclarations, DeclaredEvent } from './define/declare-events.js';
export { checkField, checkRecordFields } from './define/field-spec.js';
export type { FieldKind, FieldSpec, FieldsOf } from './define/field-spec.js';
export { actionTraitsOf, checkActionTraits } from './define/action-traits.js';
export type {
  ActionTraits,
  ActionTraitIndex,
  AmountTrait,
  DeclaredActionTraits,
  DeclaredAmount,
  NumericFieldOf,
} from './define/action-traits.js';
export { CORE_EVENT_TYPES, isCoreEvent } from './model/core-events.js';
export type { CoreEvent } from './model/core-events.js';
export { styled, renderRichText, plainText } from './present/rich-text.js';
export { identifierWords } from './present/words.js';
export type { RichText, StyledText, TextStyle } from './present/rich-text.js';
export type {
  BoardBlock,
  BoardColumn,
  EventNarration,
  GamePresenter,
  PresentContext,
  PresentedEvent,
  PresenterOf,
} from './present/presenter.js';
export { isHiddenEvent, unhandledEvent } from './present/presenter.js';
export { defineActionForm } from './present/action-form.js';
export type {
  ActionForm,
  ActionFormContext,
  ActionForms,
  AmountBounds,
  AmountStep,
  AnyFormStep,
  ChooseManyStep,
  ChooseOneStep,
  ConfirmStep,
  FormAnswer,
  FormChoice,
  FormStep,
  FormStepBase,
  FormStepFor,
  FormText,
  FormValue,
} from './present/action-form.js';
export {
  actionText,
  describeEventGeneric,
  joinNames,
  narrateCoreEvent,
  narrateEvents,
  seatName,
} from './present/narrate.js';
export { defineKit, isGameKit } from './kit/game-kit.js';
export type {
  GameKit,
  GameKitSpec,
  HeuristicFactory,
  KitBenchmark,
  KitSetup,
} from './kit/game-kit.js';
export type { Redraw, ShuffleHook } from './run/run-context.js';
