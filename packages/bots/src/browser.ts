/**
 * The bots themselves, without the tournament runner: the bot interface, random, policy,
 * greedy (heuristic) and Monte Carlo tree search bots, and the `ismcts` presets. Nothing here imports a Node built-in,
 * so a web page (or a Web Worker) can import `@ruleloom/bots/browser` with no polyfills.
 * The package root re-exports all of it, with the tournament runner and process bots.
 *
 * @packageDocumentation
 */
export { isCheatingBot } from './bot.js';
export type { AnyBot, Bot, BotInput, BotRules, CheatingBot, CheatingBotInput } from './bot.js';
export { randomPolicy, auctionPolicy } from './policy.js';
export type { ActionPolicy, AuctionPolicyParams, PolicyInput } from './policy.js';
export { randomBot } from './random-bot.js';
export { botPort } from './bot-port.js';
export { policyBot, auctionPolicyBot } from './policy-bot.js';
export { greedyBot } from './greedy-bot.js';
export type { GreedyBotParams } from './greedy-bot.js';
export type { BotCandidate, SearchReport } from './mcts/search-report.js';
export { mctsBot } from './mcts-bot.js';
export { cheatingMctsBot } from './cheating-mcts-bot.js';
export type { MctsParams, RolloutPolicy } from './mcts/mcts-params.js';
export { ismctsPreset } from './presets.js';
export type { IsmctsPreset } from './presets.js';
export {
  BOT_CATALOG,
  botSettings,
  createCatalogBot,
  findBot,
  ismctsBot,
  listBotNames,
} from './catalog.js';
export type { BotKit, BotSettings, CatalogBot } from './catalog.js';
