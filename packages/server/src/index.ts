/**
 * A multiplayer server for any Ruleloom game: fastify with a versioned WebSocket protocol,
 * signed seat tokens, limits, bots on worker threads, turn timers, and SQLite or
 * PostgreSQL storage that lets several processes serve the same matches.
 *
 * @packageDocumentation
 */
export { createGameServer } from './server/create-game-server.js';
export { ruleloomServer } from './server/ruleloom-server.js';
export { apiKeyAuthorizer } from './server/api-key-authorizer.js';
export type { ApiKeyAuthorizerOptions } from './server/api-key-authorizer.js';
export { ruleloomServer as default } from './server/ruleloom-server.js';
export type {
  CreateDecision,
  CreateRequestInfo,
  GameServer,
  GameServerOptions,
  RuleloomServerHandle,
  RuleloomServerOptions,
} from './server/game-server-options.js';
export type { HostedGame } from './games/hosted-game.js';
export type { HostedVariant } from './games/hosted-variants.js';
export { DEFAULT_LIMITS } from './limits/server-limits.js';
export { DEFAULT_BOT_BUDGET } from './bots/bot-budget.js';
export type { BotBudget } from './bots/bot-budget.js';
export type { ServerLimits } from './limits/server-limits.js';
export {
  CLOSE_CODES,
  PROTOCOL_VERSION,
  SERVER_ERROR_CODES,
} from './protocol/protocol-constants.js';
export type { CloseCode, ServerErrorCode } from './protocol/protocol-constants.js';
export {
  actMessageSchema,
  clientMessageSchema,
  joinMessageSchema,
  parseClientMessage,
  pingMessageSchema,
  spectateMessageSchema,
} from './protocol/client-messages.js';
export type {
  ActMessage,
  ClientMessage,
  JoinMessage,
  PingMessage,
  SpectateMessage,
} from './protocol/client-messages.js';
export { checkPlayerName, MAX_PLAYER_NAME_LENGTH } from './protocol/player-name.js';
export {
  ackMessageSchema,
  errorMessageSchema,
  matchSnapshotSchema,
  namesMessageSchema,
  parseServerMessage,
  pongMessageSchema,
  serverMessageSchema,
  updateMessageSchema,
  welcomeMessageSchema,
} from './protocol/server-messages.js';
export {
  compactLegalActionsSchema,
  MAX_EXPANDED_LEGAL_ACTIONS,
  NO_LEGAL_ACTIONS,
} from './protocol/compact-legal-actions.js';
export { expandLegalActions } from '@ruleloom/core';
export {
  createdMatchSchema,
  createMatchRequestSchema,
  healthAnswerSchema,
  httpErrorBodySchema,
  matchStatusAnswerSchema,
  parseHttpBody,
  serverGamesSchema,
} from './protocol/http-bodies.js';
export type {
  CreatedMatch,
  CreateMatchRequest,
  HealthAnswer,
  HttpErrorBody,
  MatchStatusAnswer,
  ServerGames,
} from './protocol/http-bodies.js';
export type { CompactLegalActions, LegalActionEntry, LegalActionRange } from '@ruleloom/core';
export type {
  AckMessage,
  ErrorMessage,
  MatchSnapshot,
  NamesMessage,
  PongMessage,
  ServerMessage,
  UpdateMessage,
  WelcomeMessage,
} from './protocol/server-messages.js';
export { SERVER_BOT_KINDS } from './bots/server-bot-kinds.js';
export type { ServerBotKind } from './bots/server-bot-kinds.js';
export { createSqliteStorage } from './storage/sqlite-storage.js';
export type { SqliteStorageOptions } from './storage/sqlite-storage.js';
export { createPostgresStorage } from './storage/postgres-storage.js';
export type { PostgresStorageOptions } from './storage/postgres-storage.js';
export { DEFAULT_SNAPSHOT_EVERY } from './storage/game-storage.js';
export type {
  AppendResult,
  GameStorage,
  SnapshotCandidate,
  StoredSnapshot,
  StorageEvent,
  MatchConfig,
  MatchProblem,
  MatchStatus,
  StoredAction,
  StoredMatch,
  StoredToken,
} from './storage/game-storage.js';
