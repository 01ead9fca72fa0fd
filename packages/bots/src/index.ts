/**
 * Bots for any Ruleloom game: the bot interface and its information barrier, random, policy,
 * greedy (heuristic) and Monte Carlo tree search bots (information-set MCTS, plus a cheating
 * variant for research), and a reproducible tournament runner on a worker-thread pool.
 *
 * @packageDocumentation
 */
// The bots themselves (also `@ruleloom/bots/browser`, which needs no Node built-in).
export {
  isCheatingBot,
  randomPolicy,
  auctionPolicy,
  randomBot,
  policyBot,
  auctionPolicyBot,
  greedyBot,
  mctsBot,
  cheatingMctsBot,
  BOT_CATALOG,
  botSettings,
  createCatalogBot,
  findBot,
  ismctsBot,
  listBotNames,
  botPort,
} from './browser.js';
export type {
  AnyBot,
  Bot,
  BotInput,
  BotRules,
  CheatingBot,
  CheatingBotInput,
  ActionPolicy,
  AuctionPolicyParams,
  PolicyInput,
  GreedyBotParams,
  MctsParams,
  BotCandidate,
  SearchReport,
  RolloutPolicy,
  BotKit,
  BotSettings,
  CatalogBot,
} from './browser.js';
export { ismctsPreset } from './presets.js';
export type { IsmctsPreset } from './presets.js';
export { processBot, BOT_PROTOCOL } from './process/process-bot.js';
export type { ProcessBot, ProcessBotGameEnd, ProcessBotParams } from './process/process-bot.js';
export { decisionFeatures, maskJson } from './process/decision-features.js';
export type { DecisionFeatures } from './process/decision-features.js';
export { runTournament } from './tournament/run-tournament.js';
export { startTournamentWorker } from './tournament/distributed/tournament-worker.js';
export type {
  TournamentWorker,
  TournamentWorkerOptions,
} from './tournament/distributed/tournament-worker.js';
export { resumeTournament, getTournamentStatus } from './tournament/distributed/status.js';
export type { TournamentStatus, ResumeOptions } from './tournament/distributed/status.js';
export type { BullmqBackend, RedisConnection } from './tournament/distributed/bullmq-types.js';
export type { WorkerEnvironment } from './tournament/distributed/environment.js';
export type {
  SeatFallback,
  TournamentActivity,
  TournamentOptions,
  TournamentProgress,
  TournamentResult,
  GameRecord,
  BotResult,
} from './tournament/tournament-types.js';
export type {
  BotEntry,
  BotSpec,
  GameEntry,
  ModuleRef,
  MctsSpecParams,
  RolloutSpec,
} from './tournament/specs.js';
export { tournamentToJson, tournamentToCsv, formatTournamentTable } from './tournament/export.js';
export { wilsonInterval, bradleyTerryElo } from './tournament/stats.js';
export { summarize as summarizeTournament } from './tournament/summarize.js';
