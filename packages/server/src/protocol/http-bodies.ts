import * as v from 'valibot';
import { playerNameSchema } from './player-name.js';
import { logEntrySchema } from './server-messages.js';

const int = v.pipe(v.number(), v.safeInteger());
/** A list the receiver must not change. */
const list = <TItem extends v.GenericSchema>(item: TItem) => v.pipe(v.array(item), v.readonly());
/** At most this many games or bot kinds are read from a `GET /games` answer. */
const MAX_LISTED = 64;
const name = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/**
 * The runtime schema (valibot) of {@link CreateMatchRequest}, the body of `POST /matches`.
 * The server checks every request with it.
 * @public
 */
export const createMatchRequestSchema = v.object({
  // A hosted game or variant id.
  game: v.pipe(v.string(), v.maxLength(64)),
  // An operator-allowed variant of the game, by name (`ruleloom serve --variant`).
  variant: v.optional(v.pipe(v.string(), v.maxLength(64))),
  // The number of seats.
  players: v.pipe(int, v.minValue(1), v.maxValue(16)),
  // Public options only (declared integer, enum and boolean options the server does not fix).
  options: v.optional(v.record(v.pipe(v.string(), v.maxLength(64)), v.unknown())),
  // Seats played by a server bot (`SERVER_BOT_KINDS`).
  bots: v.optional(
    v.pipe(
      v.array(v.object({ seat: v.pipe(int, v.minValue(0)), bot: v.string() })),
      v.maxLength(16),
      v.readonly(),
    ),
  ),
  // Display names by seat (null: none); see `checkPlayerName`.
  names: v.optional(v.pipe(v.array(v.nullable(playerNameSchema)), v.maxLength(16))),
  // Seconds per decision, and what plays for a seat that runs out of time.
  turnTimer: v.optional(
    v.object({ seconds: int, onTimeout: v.optional(v.picklist(['default', 'bot'])) }),
  ),
  // List the match publicly (`GET /matches/open`) while it has a free seat: anyone may then
  // claim a free seat (`POST /matches/:id/claim`). Default false: the match stays private.
  listed: v.optional(v.boolean()),
  // Seats of a listed match the creator holds for their own players (human seats, at least
  // one left free): taken from the start, never offered to strangers until their player
  // leaves. Default: none (every human seat is offered).
  held: v.optional(v.pipe(v.array(v.pipe(int, v.minValue(0))), v.maxLength(16), v.readonly())),
});

/**
 * The body of `POST /matches` (inferred from {@link createMatchRequestSchema}).
 * @public
 */
export type CreateMatchRequest = v.InferOutput<typeof createMatchRequestSchema>;

/**
 * The runtime schema (valibot) of {@link CreatedMatch}, the `201` answer of `POST /matches`.
 * @public
 */
export const createdMatchSchema = v.object({
  // The protocol version the server speaks.
  protocol: int,
  // The match id.
  match: name,
  // The game id.
  game: v.string(),
  // The operator-allowed variant the match was created with, or null.
  variant: v.optional(v.nullable(v.string())),
  // The number of seats.
  players: int,
  // The match version now (bots may have played already).
  version: v.pipe(int, v.minValue(0)),
  // One token per human seat: hand each to its player.
  seats: list(
    v.object({
      seat: v.pipe(int, v.minValue(0)),
      token: v.pipe(v.string(), v.maxLength(1024)),
      // When the token expires (Unix ms).
      expiresAt: v.number(),
    }),
  ),
  // The seats the server's bots play.
  bots: list(int),
});

/**
 * The `201` answer of `POST /matches` (inferred from {@link createdMatchSchema}).
 * @public
 */
export type CreatedMatch = v.InferOutput<typeof createdMatchSchema>;

const problemSchema = v.object({ code: v.string(), message: v.string() });

/**
 * The runtime schema (valibot) of {@link MatchStatusAnswer}, the answer of `GET /matches/:id`.
 * @public
 */
export const matchStatusAnswerSchema = v.variant('status', [
  v.object({
    match: v.string(),
    game: v.string(),
    // The operator-allowed variant the match was created with, or null.
    variant: v.optional(v.nullable(v.string())),
    // `active` or `over`.
    status: v.picklist(['active', 'over']),
    players: int,
    version: v.pipe(int, v.minValue(0)),
    toAct: list(int),
    isOver: v.boolean(),
    result: v.nullable(
      v.object({ winners: list(int), scores: list(v.number()), ranks: list(int) }),
    ),
    // The canonical state hash, only once over.
    hash: v.nullable(v.string()),
    // When the turn timer plays (Unix ms), or null.
    deadline: v.nullable(v.number()),
    // Display names by seat (null: none given).
    names: v.optional(
      v.pipe(v.array(v.nullable(v.pipe(v.string(), v.maxLength(128)))), v.readonly()),
    ),
  }),
  v.object({
    match: v.string(),
    game: v.nullable(v.string()),
    // The stored history no longer restores: kept and reported, never played.
    status: v.literal('quarantined'),
    problem: v.nullable(problemSchema),
  }),
]);

/**
 * The answer of `GET /matches/:id` (inferred from {@link matchStatusAnswerSchema}).
 * @public
 */
export type MatchStatusAnswer = v.InferOutput<typeof matchStatusAnswerSchema>;

/**
 * The runtime schema (valibot) of {@link ServerGames}, the answer of `GET /games` (at most 64
 * games and bot kinds, names of at most 64 characters).
 * @public
 */
export const serverGamesSchema = v.object({
  protocol: int,
  // The bot kinds a creator may put in a seat.
  bots: v.pipe(v.array(name), v.maxLength(MAX_LISTED), v.readonly()),
  // The hosted games: id, player counts (as the game declares them), whether bots play it,
  // and the variants the operator allows for it (`ruleloom serve --variant`).
  // /
  games: v.pipe(
    v.array(
      v.object({
        id: name,
        players: v.unknown(),
        bots: v.boolean(),
        variants: v.optional(v.pipe(v.array(name), v.maxLength(MAX_LISTED), v.readonly())),
      }),
    ),
    v.maxLength(MAX_LISTED),
    v.readonly(),
  ),
});

/**
 * The answer of `GET /games` (inferred from {@link serverGamesSchema}).
 * @public
 */
export type ServerGames = v.InferOutput<typeof serverGamesSchema>;

/**
 * The runtime schema (valibot) of {@link HealthAnswer}, the answer of `GET /health`.
 * @public
 */
export const healthAnswerSchema = v.object({ ok: v.literal(true), protocol: int });

/**
 * The answer of `GET /health` (inferred from {@link healthAnswerSchema}).
 * @public
 */
export type HealthAnswer = v.InferOutput<typeof healthAnswerSchema>;

/**
 * The most entries one `GET /matches/:id/log` answers (its `limit` at most).
 * @public
 */
export const MAX_LOG_PAGE = 500;

/**
 * The entries one `GET /matches/:id/log` answers when its query gives no `limit`.
 * @public
 */
export const DEFAULT_LOG_PAGE = 100;

/** A whole number >= `min` (and <= `max`) written in decimal digits, as a query gives it. */
const queryInt = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[0-9]{1,15}$/, 'a whole number in decimal digits'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  );

/**
 * The runtime schema (valibot) of {@link MatchLogQuery}, the query of
 * `GET /matches/:id/log`. The server checks every request with it (HTTP 400
 * `invalid_query` otherwise).
 * @public
 */
export const matchLogQuerySchema = v.object({
  // The entries with a seq below this one (default: every entry up to the match's version).
  before: v.optional(queryInt(1, Number.MAX_SAFE_INTEGER)),
  // How many entries at most: the newest ones below `before` (default 100, at most 500).
  limit: v.optional(queryInt(1, MAX_LOG_PAGE)),
});

/**
 * The query of `GET /matches/:id/log` (inferred from {@link matchLogQuerySchema}): written as
 * `?before=<seq>&limit=<n>`.
 * @public
 */
export type MatchLogQuery = v.InferOutput<typeof matchLogQuerySchema>;

/**
 * The runtime schema (valibot) of {@link MatchLogAnswer}, the answer of
 * `GET /matches/:id/log`.
 * @public
 */
export const matchLogAnswerSchema = v.object({
  // The match id.
  match: v.string(),
  // The match version when the page was read.
  version: v.pipe(int, v.minValue(0)),
  // The entries with a seq below `before` (from seq 1 on), the newest `limit` of them, in seq
  // order and contiguous, redacted for the caller: its seat's view with a seat token in the
  // `Authorization` header, else the spectator's.
  // /
  entries: v.pipe(v.array(logEntrySchema), v.maxLength(MAX_LOG_PAGE), v.readonly()),
  // Whether earlier entries can be read (with `before` set to the first entry's seq). False
  // once seq 1 was reached, or when the entries before were stored without their events by a
  // server older than state snapshots (those cannot be given).
  // /
  more: v.boolean(),
});

/**
 * The answer of `GET /matches/:id/log` (inferred from {@link matchLogAnswerSchema}).
 * @public
 */
export type MatchLogAnswer = v.InferOutput<typeof matchLogAnswerSchema>;

/**
 * The runtime schema (valibot) of {@link HttpErrorBody}: every 4xx/5xx answer.
 * @public
 */
export const httpErrorBodySchema = v.object({
  error: v.object({
    // A stable snake_case code (`SERVER_ERROR_CODES`).
    code: v.pipe(v.string(), v.maxLength(64)),
    // What was wrong, for people.
    message: v.pipe(v.string(), v.maxLength(1000)),
  }),
});

/**
 * The body of every HTTP error answer (inferred from {@link httpErrorBodySchema}).
 * @public
 */
export type HttpErrorBody = v.InferOutput<typeof httpErrorBodySchema>;

/**
 * Checks a parsed HTTP answer body against one of the schemas of this module: the typed
 * body, or null when it is not one (never throws).
 * @public
 */
export function parseHttpBody<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
): v.InferOutput<TSchema> | null {
  const parsed = v.safeParse(schema, body);
  return parsed.success ? parsed.output : null;
}
