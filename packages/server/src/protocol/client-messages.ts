import * as v from 'valibot';
import { chatMessageSchema } from './chat-messages.js';
import { playerNameSchema } from './player-name.js';

/** A client sequence number: a safe integer from 1 (see {@link ClientMessage}). */
const seq = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
const version = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const matchId = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/));

/**
 * The runtime schema (valibot) of {@link JoinMessage}.
 * @public
 */
export const joinMessageSchema = v.object({
  type: v.literal('join'),
  // Client sequence number (see {@link ClientMessage}).
  seq,
  // Protocol version the client speaks (default: the server's).
  protocol: v.optional(v.pipe(v.number(), v.safeInteger())),
  // The match id.
  match: matchId,
  // The seat token, when it was not sent in the upgrade's `Authorization` header.
  token: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  // The last match version the client has: the welcome carries every later log entry.
  since: v.optional(version),
  // The seat's display name (at most 32 characters, no control characters); kept with the match.
  name: v.optional(playerNameSchema),
  // The last chat line seq the client has: the welcome's `chat` holds only the later lines.
  chatSince: v.optional(version),
});

/**
 * `join`: take a seat of a match. The seat token comes either in the `Authorization: Bearer`
 * header of the WebSocket upgrade or here, never in the URL. (Inferred from
 * {@link joinMessageSchema}.)
 * @public
 */
export type JoinMessage = v.InferOutput<typeof joinMessageSchema>;

/**
 * The runtime schema (valibot) of {@link SpectateMessage}.
 * @public
 */
export const spectateMessageSchema = v.object({
  type: v.literal('spectate'),
  // Client sequence number.
  seq,
  // Protocol version the client speaks (default: the server's).
  protocol: v.optional(v.pipe(v.number(), v.safeInteger())),
  // The match id.
  match: matchId,
  // The last match version the client has.
  since: v.optional(version),
  // The last chat line seq the client has.
  chatSince: v.optional(version),
});

/**
 * `spectate`: watch a match (the public view, the spectator-redacted log). (Inferred from
 * {@link spectateMessageSchema}.)
 * @public
 */
export type SpectateMessage = v.InferOutput<typeof spectateMessageSchema>;

/**
 * The runtime schema (valibot) of {@link ActMessage}.
 * @public
 */
export const actMessageSchema = v.object({
  type: v.literal('act'),
  // Client sequence number. Sending the same `seq` again (for example after a reconnect)
  // never applies the action twice: the server answers with the earlier result.
  // /
  seq,
  // The game action (validated by the game).
  action: v.unknown(),
  // The match version the client based its choice on; refused with `stale_version` if older.
  version: v.optional(version),
});

/**
 * `act`: play an action for the joined seat. (Inferred from {@link actMessageSchema}.)
 * @public
 */
export type ActMessage = v.InferOutput<typeof actMessageSchema>;

/**
 * The runtime schema (valibot) of {@link PingMessage}.
 * @public
 */
export const pingMessageSchema = v.object({
  type: v.literal('ping'),
  // Client sequence number.
  seq,
});

/**
 * `ping`: answered with `pong`. (Inferred from {@link pingMessageSchema}.)
 * @public
 */
export type PingMessage = v.InferOutput<typeof pingMessageSchema>;

/**
 * The runtime schema (valibot) of {@link ClientMessage}: clients can check what they send,
 * and the server checks every frame with it.
 * @public
 */
export const clientMessageSchema = v.variant('type', [
  joinMessageSchema,
  spectateMessageSchema,
  actMessageSchema,
  pingMessageSchema,
  chatMessageSchema,
]);

/**
 * Every message a client sends (`type` discriminant), inferred from
 * {@link clientMessageSchema}. Every message has `seq`, a positive safe integer; replies name
 * it in `replyTo`.
 * @public
 */
export type ClientMessage = v.InferOutput<typeof clientMessageSchema>;

/**
 * Checks an already-parsed JSON value against {@link clientMessageSchema}.
 * @public
 */
export function parseClientMessage(
  value: unknown,
):
  | { readonly ok: true; readonly message: ClientMessage }
  | { readonly ok: false; readonly message: string; readonly seq: number | null } {
  const result = v.safeParse(clientMessageSchema, value);
  if (result.success) return { ok: true, message: result.output };
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  const raw = (value as { seq?: unknown } | null)?.seq;
  const replyTo = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 1 ? raw : null;
  return {
    ok: false,
    message: `${path === '' ? 'message' : path}: ${issue.message.slice(0, 200)}`,
    seq: replyTo,
  };
}
