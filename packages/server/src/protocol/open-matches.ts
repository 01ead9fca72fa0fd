import * as v from 'valibot';
import { playerNameSchema } from './player-name.js';

const int = v.pipe(v.number(), v.safeInteger());

/**
 * The most matches one `GET /matches/open` answers (its `limit` at most).
 * @public
 */
export const MAX_OPEN_MATCHES_PAGE = 50;

/**
 * The matches one `GET /matches/open` answers when its query gives no `limit`.
 * @public
 */
export const DEFAULT_OPEN_MATCHES_PAGE = 20;

/**
 * The runtime schema (valibot) of {@link OpenMatchesQuery}, the query of
 * `GET /matches/open`. The server checks every request with it (HTTP 400 `invalid_query`
 * otherwise, an unknown key included).
 * @public
 */
export const openMatchesQuerySchema = v.strictObject({
  // Only the matches of this hosted game (or variant) id.
  game: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9._/-]{1,64}$/, 'a game id (at most 64 characters)')),
  ),
  // How many matches at most (default 20, at most 50).
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,3}$/, 'a whole number in decimal digits'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(MAX_OPEN_MATCHES_PAGE),
    ),
  ),
  // The `next` cursor of the previous page: the matches listed after it.
  before: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,15}\.[A-Za-z0-9_-]{1,64}$/, 'a cursor from a previous answer’s `next`'),
    ),
  ),
});

/**
 * The query of `GET /matches/open` (inferred from {@link openMatchesQuerySchema}): written as
 * `?game=<id>&limit=<n>&before=<cursor>`.
 * @public
 */
export type OpenMatchesQuery = v.InferOutput<typeof openMatchesQuerySchema>;

/**
 * The runtime schema (valibot) of {@link OpenMatch}: one match of a `GET /matches/open`
 * answer. It holds nothing secret: no seat token, seed, option the server fixes or creator.
 * @public
 */
export const openMatchSchema = v.object({
  // The match id.
  match: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  // The hosted game id.
  game: v.pipe(v.string(), v.maxLength(64)),
  // The operator-allowed variant it was created with, or null.
  variant: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  // The number of seats.
  players: v.pipe(int, v.minValue(1), v.maxValue(64)),
  // When it was created (Unix ms).
  createdAt: v.number(),
  // Seconds per decision of its turn timer, or null.
  turnSeconds: v.nullable(v.number()),
  // Every seat: `free` (anyone may claim it), `taken` (claimed, or joined by a seat token),
  // or `bot` (played by the server); with its public display name, or null.
  // /
  seats: v.pipe(
    v.array(
      v.object({
        seat: v.pipe(int, v.minValue(0)),
        state: v.picklist(['free', 'taken', 'bot']),
        name: v.nullable(v.pipe(v.string(), v.maxLength(128))),
      }),
    ),
    v.maxLength(64),
    v.readonly(),
  ),
});

/**
 * One listed match of `GET /matches/open` (inferred from {@link openMatchSchema}).
 * @public
 */
export type OpenMatch = v.InferOutput<typeof openMatchSchema>;

/**
 * The runtime schema (valibot) of {@link OpenMatchesAnswer}, the answer of
 * `GET /matches/open`.
 * @public
 */
export const openMatchesAnswerSchema = v.object({
  // Listed, unfinished matches with a free seat, newest first.
  matches: v.pipe(v.array(openMatchSchema), v.maxLength(MAX_OPEN_MATCHES_PAGE), v.readonly()),
  // The `before` of the next page, or null when this page was the last.
  next: v.nullable(v.pipe(v.string(), v.maxLength(100))),
});

/**
 * The answer of `GET /matches/open` (inferred from {@link openMatchesAnswerSchema}).
 * @public
 */
export type OpenMatchesAnswer = v.InferOutput<typeof openMatchesAnswerSchema>;

/**
 * The runtime schema (valibot) of {@link ClaimSeatRequest}, the body of
 * `POST /matches/:id/claim`.
 * @public
 */
export const claimSeatRequestSchema = v.object({
  // The free seat to take.
  seat: v.pipe(int, v.minValue(0), v.maxValue(63)),
  // The claimer's display name (see `checkPlayerName`); none when absent.
  name: v.optional(playerNameSchema),
});

/**
 * The body of `POST /matches/:id/claim` (inferred from {@link claimSeatRequestSchema}).
 * @public
 */
export type ClaimSeatRequest = v.InferOutput<typeof claimSeatRequestSchema>;

/**
 * The runtime schema (valibot) of {@link ClaimedSeat}, the `201` answer of
 * `POST /matches/:id/claim`.
 * @public
 */
export const claimedSeatSchema = v.object({
  // The match id.
  match: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  // The seat now taken.
  seat: v.pipe(int, v.minValue(0)),
  // The seat's token: join with it (`join`), keep it to come back.
  token: v.pipe(v.string(), v.maxLength(1024)),
  // When the token expires (Unix ms).
  expiresAt: v.number(),
});

/**
 * The `201` answer of `POST /matches/:id/claim` (inferred from {@link claimedSeatSchema}).
 * @public
 */
export type ClaimedSeat = v.InferOutput<typeof claimedSeatSchema>;
