/**
 * The version of the wire protocol this package speaks. A client may send it as `protocol`
 * in its `join`/`spectate`; the server answers another version with `unsupported_protocol`.
 * Version 2 sends a seat's legal actions compactly (`legal`, see `MatchSnapshot`) instead of
 * the plain `legalActions` list of version 1. Version 3 bounds a `welcome`: `missed` holds at
 * most the newest `limits.welcomeLogEntries` entries after `since`, the new `logStart` field
 * says where they start, and `GET /matches/:id/log` gives the older ones page by page.
 * @public
 */
export const PROTOCOL_VERSION = 3;

/**
 * WebSocket close codes the server uses, each with one meaning (see the protocol guide).
 * `1009` (frame too big) and `1001` (server going away) are the standard ones.
 * @public
 */
export const CLOSE_CODES = {
  /** The server is shutting down. */
  goingAway: 1001,
  /** A frame was larger than `limits.maxFrameBytes`. */
  frameTooBig: 1009,
  /** The first message was not a valid `join`/`spectate`, or came too late. */
  protocolError: 4000,
  /** The seat token is missing, badly signed, expired, revoked or for another match. */
  unauthorized: 4001,
  /** Another connection took this seat (the newest connection for a seat wins). */
  replaced: 4002,
  /** The match does not exist. */
  matchNotFound: 4004,
  /** The match's history no longer restores: it is quarantined. */
  matchQuarantined: 4005,
  /** The connection sent messages faster than `limits.messagesPerSecond` for too long. */
  rateLimited: 4008,
  /** Too many connections from this address or to this match. */
  tooManyConnections: 4009,
  /** No message (and no pong) within `limits.idleTimeoutMs`. */
  idleTimeout: 4010,
  /** The token was revoked while the connection was open. */
  revoked: 4011,
} as const;

/**
 * A close code of {@link CLOSE_CODES}.
 * @public
 */
export type CloseCode = (typeof CLOSE_CODES)[keyof typeof CLOSE_CODES];

/**
 * The stable error codes of the server, in `error` messages and HTTP error bodies. Game
 * rejections (`not_your_turn`, `illegal_action`, ...) come through unchanged as well.
 * @public
 */
export const SERVER_ERROR_CODES = [
  'malformed_message',
  'too_deep',
  'unsupported_protocol',
  'not_joined',
  'already_joined',
  'unauthorized',
  'token_expired',
  'token_revoked',
  'match_not_found',
  'match_quarantined',
  'unknown_game',
  'unknown_variant',
  'invalid_setup',
  'option_not_allowed',
  'bots_unavailable',
  'spectator_cannot_act',
  'spectator_cannot_chat',
  'chat_empty',
  'chat_too_long',
  'chat_invalid_text',
  'chat_rate_limited',
  'chat_unavailable',
  'stale_version',
  'stale_seq',
  'rate_limited',
  'too_many_connections',
  'too_many_matches',
  'bot_budget_exceeded',
  'server_full',
  'create_refused',
  'too_many_legal_actions',
  'version_conflict',
  'invalid_query',
  'match_not_listed',
  'seat_not_free',
  'not_supported',
  'not_found',
  'internal_error',
] as const;

/**
 * One of {@link SERVER_ERROR_CODES}.
 * @public
 */
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];
