/**
 * The wire protocol of `@ruleloom/server`: message types, their runtime schemas (valibot),
 * close codes and error codes. Browser-safe (no Node built-in): `@ruleloom/client` and web
 * pages import `@ruleloom/server/protocol` without pulling in the server.
 *
 * @packageDocumentation
 */
export { CLOSE_CODES, PROTOCOL_VERSION, SERVER_ERROR_CODES } from './protocol-constants.js';
export type { CloseCode, ServerErrorCode } from './protocol-constants.js';
export { clientMessageSchema, parseClientMessage } from './client-messages.js';
export type {
  ActMessage,
  ClientMessage,
  JoinMessage,
  PingMessage,
  SpectateMessage,
} from './client-messages.js';
export { checkPlayerName, MAX_PLAYER_NAME_LENGTH } from './player-name.js';
export { parseServerMessage, serverMessageSchema } from './server-messages.js';
export type {
  AckMessage,
  ErrorMessage,
  MatchSnapshot,
  PongMessage,
  ServerMessage,
  UpdateMessage,
  WelcomeMessage,
} from './server-messages.js';
