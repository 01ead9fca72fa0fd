/**
 * A framework-agnostic, browser-safe client for Ruleloom games: multiplayer against
 * `@ruleloom/server` (seat tokens, sequence numbers, validated frames, reconnect and resume)
 * or a whole local match with bots off the main thread, behind one `subscribe` /
 * `getSnapshot` API that plugs into React's `useSyncExternalStore`, Svelte stores or plain DOM.
 *
 * @packageDocumentation
 */
export { createClient } from './create-client.js';
export { expandLegalActions } from '@ruleloom/core';
// The HTTP bodies of the server protocol, for apps that create matches (`POST /matches`).
export {
  claimedSeatSchema,
  createdMatchSchema,
  createMatchRequestSchema,
  httpErrorBodySchema,
  matchLogAnswerSchema,
  matchStatusAnswerSchema,
  openMatchesAnswerSchema,
  openMatchSchema,
  parseHttpBody,
  serverGamesSchema,
} from '@ruleloom/server/protocol';
export type {
  ClaimedSeat,
  CreatedMatch,
  CreateMatchRequest,
  HttpErrorBody,
  MatchLogAnswer,
  MatchStatusAnswer,
  OpenMatch,
  OpenMatchesAnswer,
  ServerGames,
} from '@ruleloom/server/protocol';
// The public list of open matches: list them, take a free seat.
export { claimOpenSeat, listOpenMatches } from './lobby/open-matches.js';
export type {
  ClaimOpenSeatRequest,
  ListOpenMatchesRequest,
  OpenMatchesError,
  OpenMatchesFetch,
  OpenMatchesResult,
} from './lobby/open-matches.js';
export type { CompactLegalActions, LegalActionEntry, LegalActionRange } from '@ruleloom/core';
// The chat's line type and length bound, for apps that show and write chat lines.
export { chatLineSchema, checkChatText, MAX_CHAT_LENGTH } from '@ruleloom/server/protocol';
export type { ChatLine, ChatTextProblem } from '@ruleloom/server/protocol';
export type {
  ActResult,
  ChatResult,
  ClientSnapshot,
  ConnectionStatus,
  LoadEarlierLogResult,
  RulesClient,
} from './snapshot/client-snapshot.js';
export type { RemoteClientOptions } from './remote/remote-client.js';
export { backoffDelay } from './remote/backoff.js';
export type { BackoffOptions } from './remote/backoff.js';
export type { SeqStore } from './remote/seq-store.js';
export type { WebSocketConstructorLike, WebSocketLike } from './remote/web-socket-like.js';
export type { FetchLike } from './remote/remote-client.js';
export type { LocalClient, LocalClientOptions } from './local/local-client.js';
export { createInlineBotRunner } from './local/bot-runner.js';
export type {
  BotCatalog,
  BotDecision,
  BotRunner,
  LocalBot,
  LocalBotInput,
} from './local/bot-runner.js';
export { createWorkerBotRunner, serveBots } from './local/worker-bot-runner.js';
export type { MessageEndpoint } from './local/worker-bot-runner.js';
