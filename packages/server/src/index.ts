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
// The wire protocol, as `@ruleloom/server/protocol` exports it (less its log-entry and
// player-name schemas, which only the protocol entry exports).
export {
  ackMessageSchema,
  actMessageSchema,
  chatLineSchema,
  chatLinesMessageSchema,
  chatMessageSchema,
  checkChatText,
  checkPlayerName,
  claimedSeatSchema,
  claimSeatRequestSchema,
  clientMessageSchema,
  CLOSE_CODES,
  compactLegalActionsSchema,
  createdMatchSchema,
  createMatchRequestSchema,
  DEFAULT_LOG_PAGE,
  DEFAULT_OPEN_MATCHES_PAGE,
  errorMessageSchema,
  expandLegalActions,
  healthAnswerSchema,
  httpErrorBodySchema,
  joinMessageSchema,
  matchLogAnswerSchema,
  matchLogQuerySchema,
  matchSnapshotSchema,
  matchStatusAnswerSchema,
  MAX_CHAT_LENGTH,
  MAX_EXPANDED_LEGAL_ACTIONS,
  MAX_LOG_PAGE,
  MAX_OPEN_MATCHES_PAGE,
  MAX_PLAYER_NAME_LENGTH,
  namesMessageSchema,
  NO_LEGAL_ACTIONS,
  openMatchesAnswerSchema,
  openMatchesQuerySchema,
  openMatchSchema,
  parseClientMessage,
  parseHttpBody,
  parseServerMessage,
  pingMessageSchema,
  pongMessageSchema,
  PROTOCOL_VERSION,
  SERVER_ERROR_CODES,
  serverGamesSchema,
  serverMessageSchema,
  spectateMessageSchema,
  updateMessageSchema,
  welcomeMessageSchema,
} from './protocol/index.js';
export type {
  AckMessage,
  ActMessage,
  ChatLine,
  ChatLinesMessage,
  ChatMessage,
  ChatTextProblem,
  ClaimedSeat,
  ClaimSeatRequest,
  ClientMessage,
  CloseCode,
  CompactLegalActions,
  CreatedMatch,
  CreateMatchRequest,
  ErrorMessage,
  HealthAnswer,
  HttpErrorBody,
  JoinMessage,
  LegalActionEntry,
  LegalActionRange,
  MatchLogAnswer,
  MatchLogQuery,
  MatchSnapshot,
  MatchStatusAnswer,
  NamesMessage,
  OpenMatch,
  OpenMatchesAnswer,
  OpenMatchesQuery,
  PingMessage,
  PongMessage,
  ServerErrorCode,
  ServerGames,
  ServerMessage,
  SpectateMessage,
  UpdateMessage,
  WelcomeMessage,
} from './protocol/index.js';
export { SERVER_BOT_KINDS } from './bots/server-bot-kinds.js';
export type { ServerBotKind } from './bots/server-bot-kinds.js';
export { createSqliteStorage } from './storage/sqlite-storage.js';
export type { SqliteStorageOptions } from './storage/sqlite-storage.js';
export { createPostgresStorage } from './storage/postgres-storage.js';
export type { PostgresStorageOptions } from './storage/postgres-storage.js';
export { DEFAULT_SNAPSHOT_EVERY, UnreadableRowError } from './storage/game-storage.js';
export { clientKey } from './limits/client-key.js';
export type {
  AppendResult,
  GameStorage,
  SnapshotCandidate,
  StoredSnapshot,
  StorageEvent,
  MatchConfig,
  MatchProblem,
  MatchStatus,
  OpenMatchRow,
  OpenMatchesPage,
  StoredAction,
  StoredMatch,
  StoredToken,
} from './storage/game-storage.js';
export type { NewChatLine } from './storage/chat-storage.js';
