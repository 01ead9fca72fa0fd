import * as v from 'valibot';
import { playerNameSchema } from './player-name.js';

/** A client sequence number: a safe integer from 1 (see {@link ClientMessage}). */
const seq = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
const version = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const matchId = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_-]+$/));

/**
 * `join`: take a seat of a match. The seat token comes either in the `Authorization: Bearer`
 * header of the WebSocket upgrade or here, never in the URL.
 * @public
 */
export interface JoinMessage {
  readonly type: 'join';
  /** Client sequence number (see {@link ClientMessage}). */
  readonly seq: number;
  /** Protocol version the client speaks (default: the server's). */
  readonly protocol?: number;
  /** The match id. */
  readonly match: string;
  /** The seat token, when it was not sent in the upgrade's `Authorization` header. */
  readonly token?: string;
  /** The last match version the client has: the welcome carries every later log entry. */
  readonly since?: number;
  /** The seat's display name (at most 32 characters, no control characters); kept with the match. */
  readonly name?: string;
}

/**
 * `spectate`: watch a match (public view and spectator-redacted log only).
 * @public
 */
export interface SpectateMessage {
  readonly type: 'spectate';
  /** Client sequence number. */
  readonly seq: number;
  /** Protocol version the client speaks (default: the server's). */
  readonly protocol?: number;
  /** The match id. */
  readonly match: string;
  /** The last match version the client has. */
  readonly since?: number;
}

/**
 * `act`: play an action for the joined seat.
 * @public
 */
export interface ActMessage {
  readonly type: 'act';
  /**
   * Client sequence number. Sending the same `seq` again (for example after a reconnect)
   * never applies the action twice: the server answers with the earlier result.
   */
  readonly seq: number;
  /** The game action (validated by the game). */
  readonly action: unknown;
  /** The match version the client based its choice on; refused with `stale_version` if older. */
  readonly version?: number;
}

/**
 * `ping`: an application-level keep-alive, answered with `pong`.
 * @public
 */
export interface PingMessage {
  readonly type: 'ping';
  /** Client sequence number. */
  readonly seq: number;
}

/**
 * Every message a client may send. Each carries `seq`, a positive integer the client
 * increases with every message of a connection; replies name it in `replyTo`. For `act`
 * the numbers of a seat must keep increasing across reconnects, which is what makes a
 * resent action safe.
 * @public
 */
export type ClientMessage = JoinMessage | SpectateMessage | ActMessage | PingMessage;

const schema = v.variant('type', [
  v.object({
    type: v.literal('join'),
    seq,
    protocol: v.optional(v.pipe(v.number(), v.safeInteger())),
    match: matchId,
    token: v.optional(v.pipe(v.string(), v.maxLength(1024))),
    since: v.optional(version),
    name: v.optional(playerNameSchema),
  }),
  v.object({
    type: v.literal('spectate'),
    seq,
    protocol: v.optional(v.pipe(v.number(), v.safeInteger())),
    match: matchId,
    since: v.optional(version),
  }),
  v.object({ type: v.literal('act'), seq, action: v.unknown(), version: v.optional(version) }),
  v.object({ type: v.literal('ping'), seq }),
]);

/**
 * The runtime schema (valibot) of {@link ClientMessage}: clients can check what they send,
 * and the server checks every frame with it.
 * @public
 */
export const clientMessageSchema: v.GenericSchema<unknown, ClientMessage> =
  schema as unknown as v.GenericSchema<unknown, ClientMessage>;

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
