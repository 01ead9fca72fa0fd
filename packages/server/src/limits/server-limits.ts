/**
 * The limits of a game server. Every one has a default (see {@link DEFAULT_LIMITS}) and
 * a setting; each names the error code or close code a client gets when it hits it.
 * @public
 */
export interface ServerLimits {
  /** Largest WebSocket frame, in bytes (close `1009`). Default 16 KiB. */
  readonly maxFrameBytes: number;
  /** Largest HTTP body, in bytes (HTTP 413). Default 16 KiB. */
  readonly maxBodyBytes: number;
  /** Deepest JSON nesting accepted in a frame or body (error `too_deep`). Default 32. */
  readonly maxJsonDepth: number;
  /** Sustained messages per second per connection (error `rate_limited`). Default 20. */
  readonly messagesPerSecond: number;
  /** Messages a connection may send at once above the rate. Default 40. */
  readonly messageBurst: number;
  /** Rate-limited messages after which the connection is closed (`4008`). Default 50. */
  readonly maxRateViolations: number;
  /** Open connections per client address (close `4009`). Default 64. */
  readonly connectionsPerIp: number;
  /**
   * How per-client limits (connections per address, `GET /matches/:id/log` requests per
   * address, matches per creator without a creator key) tell IPv6 clients apart: by their
   * network of this many leading bits, since one host or home is given a whole /64 and could
   * take a new address for every request. IPv4 clients count by their whole address. A whole
   * number from 1 to 128 (128: every IPv6 address on its own). Default 64.
   */
  readonly ipv6ClientPrefix: number;
  /** Open connections per match, seats and spectators (close `4009`). Default 64. */
  readonly connectionsPerMatch: number;
  /** Unfinished matches one creator may have (HTTP 429 `too_many_matches`). Default 20. */
  readonly matchesPerCreator: number;
  /**
   * Matches one process keeps in memory at once; past it, creating answers HTTP 429
   * `server_full` (joining a match already loaded still works). Default 1000.
   */
  readonly maxLiveMatches: number;
  /**
   * Most legal actions a seat may have at a match's first decision (counted where the game
   * can count them); a setup whose options give more is refused at creation (HTTP 400
   * `too_many_legal_actions`). Default 100,000.
   */
  readonly maxLegalActions: number;
  /**
   * Most entries a seat's legal actions may take in compact form (ranges plus single
   * actions) at a match's first decision; more is refused at creation (HTTP 400
   * `too_many_legal_actions`). Default 2,000.
   */
  readonly maxLegalEntries: number;
  /** Time to send the first `join`/`spectate` after connecting (close `4000`). Default 10 s. */
  readonly firstMessageTimeoutMs: number;
  /** A connection that sends nothing for this long is closed (`4010`). Default 5 min. */
  readonly idleTimeoutMs: number;
  /** Interval of WebSocket pings; a connection that misses one pong is dropped. Default 30 s. */
  readonly heartbeatMs: number;
  /** How long a seat token is valid. Default 7 days. */
  readonly tokenTtlMs: number;
  /** Time budget of one bot decision; past it the default action is played. Default 2 s. */
  readonly botDecisionMs: number;
  /**
   * Most log entries a `welcome` carries in `missed`: the newest ones after the `since` the
   * client gave; older ones stay on the server, and the client reads them page by page with
   * `GET /matches/:id/log`. Bounds a welcome's size and work whatever a match's length.
   * Default 200.
   */
  readonly welcomeLogEntries: number;
  /**
   * Chat lines a match keeps (stored with it, and sent in a `welcome`): the newest ones; older
   * lines are dropped as new ones come. Default 200.
   */
  readonly chatLinesKept: number;
  /**
   * Sustained chat lines per minute per seat, over all its connections to one server process
   * (error `chat_rate_limited`; the connection stays open). Default 20.
   */
  readonly chatLinesPerMinute: number;
  /** Chat lines a seat may send at once above the rate. Default 5. */
  readonly chatBurst: number;
  /** Shortest and longest turn timer a client may ask for, in seconds. Default 5 .. 86400. */
  readonly turnTimerSeconds: { readonly min: number; readonly max: number };
}

/**
 * The default {@link ServerLimits}.
 * @public
 */
export const DEFAULT_LIMITS: ServerLimits = {
  maxFrameBytes: 16 * 1024,
  maxBodyBytes: 16 * 1024,
  maxJsonDepth: 32,
  messagesPerSecond: 20,
  messageBurst: 40,
  maxRateViolations: 50,
  connectionsPerIp: 64,
  ipv6ClientPrefix: 64,
  connectionsPerMatch: 64,
  matchesPerCreator: 20,
  maxLiveMatches: 1000,
  maxLegalActions: 100_000,
  maxLegalEntries: 2_000,
  firstMessageTimeoutMs: 10_000,
  idleTimeoutMs: 5 * 60_000,
  heartbeatMs: 30_000,
  tokenTtlMs: 7 * 24 * 3600_000,
  botDecisionMs: 2_000,
  welcomeLogEntries: 200,
  chatLinesKept: 200,
  chatLinesPerMinute: 20,
  chatBurst: 5,
  turnTimerSeconds: { min: 5, max: 86_400 },
};

/** The defaults with the given settings on top; throws a RangeError on a nonsensical value. */
export function resolveLimits(settings: Partial<ServerLimits> | undefined): ServerLimits {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...settings };
  for (const [key, value] of Object.entries(limits)) {
    if (key === 'turnTimerSeconds') continue;
    if (typeof value !== 'number' || !(value > 0))
      throw new RangeError(`limits.${key} must be a positive number`);
  }
  if (!Number.isSafeInteger(limits.ipv6ClientPrefix) || limits.ipv6ClientPrefix > 128)
    throw new RangeError('limits.ipv6ClientPrefix must be a whole number from 1 to 128');
  if (!Number.isSafeInteger(limits.welcomeLogEntries))
    throw new RangeError('limits.welcomeLogEntries must be a whole number');
  if (!Number.isSafeInteger(limits.chatLinesKept))
    throw new RangeError('limits.chatLinesKept must be a whole number');
  if (!(
    limits.turnTimerSeconds.min > 0 && limits.turnTimerSeconds.max >= limits.turnTimerSeconds.min
  ))
    throw new RangeError('limits.turnTimerSeconds needs 0 < min <= max');
  return limits;
}
