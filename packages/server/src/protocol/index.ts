/**
 * The wire protocol of `@ruleloom/server`: message types, their runtime schemas (valibot),
 * close codes and error codes. Browser-safe (no Node built-in): `@ruleloom/client` and web
 * pages import `@ruleloom/server/protocol` without pulling in the server.
 *
 * @packageDocumentation
 */
export { CLOSE_CODES, PROTOCOL_VERSION, SERVER_ERROR_CODES } from './protocol-constants.js';
export type { CloseCode, ServerErrorCode } from './protocol-constants.js';
export {
  actMessageSchema,
  clientMessageSchema,
  joinMessageSchema,
  parseClientMessage,
  pingMessageSchema,
  spectateMessageSchema,
} from './client-messages.js';
export type {
  ActMessage,
  ClientMessage,
  JoinMessage,
  PingMessage,
  SpectateMessage,
} from './client-messages.js';
export {
  compactLegalActionsSchema,
  MAX_EXPANDED_LEGAL_ACTIONS,
  NO_LEGAL_ACTIONS,
} from './compact-legal-actions.js';
export { expandLegalActions } from '@ruleloom/core';
export type { CompactLegalActions, LegalActionEntry, LegalActionRange } from '@ruleloom/core';
export {
  ackMessageSchema,
  errorMessageSchema,
  logEntrySchema,
  matchSnapshotSchema,
  namesMessageSchema,
  parseServerMessage,
  pongMessageSchema,
  serverMessageSchema,
  updateMessageSchema,
  welcomeMessageSchema,
} from './server-messages.js';
export {
  createdMatchSchema,
  createMatchRequestSchema,
  DEFAULT_LOG_PAGE,
  healthAnswerSchema,
  httpErrorBodySchema,
  MAX_LOG_PAGE,
  matchLogAnswerSchema,
  matchLogQuerySchema,
  matchStatusAnswerSchema,
  parseHttpBody,
  serverGamesSchema,
} from './http-bodies.js';
export type {
  CreatedMatch,
  CreateMatchRequest,
  HealthAnswer,
  HttpErrorBody,
  MatchLogAnswer,
  MatchLogQuery,
  MatchStatusAnswer,
  ServerGames,
} from './http-bodies.js';
export {
  claimedSeatSchema,
  claimSeatRequestSchema,
  DEFAULT_OPEN_MATCHES_PAGE,
  MAX_OPEN_MATCHES_PAGE,
  openMatchesAnswerSchema,
  openMatchesQuerySchema,
  openMatchSchema,
} from './open-matches.js';
export type {
  ClaimedSeat,
  ClaimSeatRequest,
  OpenMatch,
  OpenMatchesAnswer,
  OpenMatchesQuery,
} from './open-matches.js';
export { checkPlayerName, MAX_PLAYER_NAME_LENGTH, playerNameSchema } from './player-name.js';
export {
  chatLineSchema,
  chatLinesMessageSchema,
  chatMessageSchema,
  checkChatText,
  MAX_CHAT_LENGTH,
} from './chat-messages.js';
export type { ChatLine, ChatLinesMessage, ChatMessage, ChatTextProblem } from './chat-messages.js';
export type {
  AckMessage,
  ErrorMessage,
  MatchSnapshot,
  NamesMessage,
  PongMessage,
  ServerMessage,
  UpdateMessage,
  WelcomeMessage,
} from './server-messages.js';
