/**
 * The `ruleloom` command line as a library: the program and its entry point (testable
 * in-process with a captured {@link CliIo}), the game registry with each game's board
 * rendering and narration, and the pieces the commands are built from.
 *
 * @packageDocumentation
 */
export { main, createProgram } from './program.js';
export { VERSION } from './version.js';
export { createProcessIo } from './io.js';
export type { CliIo } from './io.js';
export { CliError, EXIT_CODES, usageError } from './errors.js';
export { createPalette } from './output/palette.js';
export type { Palette } from './output/palette.js';
export { renderTable } from './output/table.js';
export type { CompactBudget } from './output/compact-board.js';
export { createProgress } from './output/progress.js';
export type { Progress } from './output/progress.js';
export type {
  AnyPresenter,
  CliGame,
  CliGameEntry,
  EventNarration,
  ExportRef,
  NarrationContext,
} from './games/cli-game.js';
export { cliGameOf, cliGameOfKit, paint, paintBoard } from './games/cli-game-of.js';
export { genericPresenter } from './games/generic-presenter.js';
export { BUILT_IN_KITS, loadKit } from './games/load-kit.js';
export type { LoadedKit, LoadKitError, LoadKitOptions, LoadKitResult } from './games/load-kit.js';
export {
  GAMES,
  gameArgumentHelp,
  getCliGame,
  listGameIds,
  resolveCliGame,
  stAugustineCli,
  colonialFloridaCli,
  pigCli,
  liarsDiceCli,
} from './games/registry.js';
export {
  describeEventGeneric,
  describeMove,
  joinNames,
  narrateCoreEvent,
  narrateEntry,
  narrateEvents,
  seatName,
} from './narration/narrate.js';
export {
  parseCount,
  parseOptionPairs,
  parseOptionValue,
  parseSeed,
} from './setup/parse-options.js';
export { buildSetup, checkSetup, randomSeed } from './setup/build-setup.js';
export type { SetupFlags } from './setup/build-setup.js';
export type { Choice, Decision, SeatController } from './players/controller.js';
export { LineReader } from './players/line-reader.js';
export {
  createHumanController,
  describeChoice,
  parseChoiceLine,
} from './players/human-controller.js';
export type { HumanControllerParams } from './players/human-controller.js';
export { createBotController } from './players/bot-controller.js';
export type { BotControllerParams } from './players/bot-controller.js';
export {
  BOT_KINDS,
  MCTS_ITERATIONS,
  getBotKind,
  parseBotList,
  processBotKind,
  resolveRef,
} from './players/bot-kinds.js';
export type { BotKind } from './players/bot-kinds.js';
export { runMatch } from './play/run-match.js';
export type { RunMatchOutcome, RunMatchParams } from './play/run-match.js';
export { loadSave, writeSave } from './saves.js';
export type { LoadedSave } from './saves.js';
export { seatNames } from './commands/play.js';
export type { PlayFlags } from './commands/play.js';
export { narrateMatch } from './commands/replay.js';
export type { ReplayFlags } from './commands/replay.js';
export { rulesText, wrapText } from './commands/rules.js';
export { parseStepCommand, type StepCommand } from './commands/replay.js';
export { formatTournamentResults, playTournament } from './commands/tournament.js';
export type { TournamentFlags, TournamentPlan } from './commands/tournament.js';
export type { WorkerFlags } from './commands/worker.js';
export type { DemoFlags } from './commands/demo.js';
export type { BenchFlags } from './commands/bench.js';
export type { CommandContext } from './commands/context.js';
export { createPrompter, parseIndexList } from './players/prompter.js';
export type { PromptChoice, Prompter, PrompterHandle, PrompterParams } from './players/prompter.js';
export { menuRows } from './players/human-controller.js';
export { parseBidAnswer, parseMoney } from './players/parse-amount.js';
export type { BidAnswer, BidContext, ParsedAmount } from './players/parse-amount.js';
export { askActionForm } from './players/action-form-prompt.js';
export type { AskActionFormParams } from './players/action-form-prompt.js';
export {
  amountChoiceOf,
  askDecision,
  type AmountChoice,
  type AskDecisionParams,
  type OfferMemory,
} from './players/decision-prompts.js';
export { readKey } from './players/key-reader.js';
export { startThinking } from './play/thinking-indicator.js';
export type { ThinkingIndicator } from './play/thinking-indicator.js';
export { planSeats, resumeSeats, savedSeating } from './play/plan-seats.js';
export type { SavedSeating, Seating, SeatingFlags } from './play/plan-seats.js';
export { decisionTimeRows, measureDecisionTimes } from './play/decision-times.js';
export type { DecisionTimes, DecisionTimesSetup } from './play/decision-times.js';
export type { BenchResult } from './bench/measure.js';
