import * as v from 'valibot';
import { chatLineSchema, chatLinesMessageSchema } from './chat-messages.js';
import { actionSchema, compactLegalActionsSchema } from './compact-legal-actions.js';

const int = v.pipe(v.number(), v.safeInteger());
const nonNegative = v.pipe(int, v.minValue(0));
const nullableInt = v.nullable(int);
/** A list the receiver must not change (what the server sends, it sends once). */
const list = <TItem extends v.GenericSchema>(item: TItem) => v.pipe(v.array(item), v.readonly());
const event = v.looseObject({ type: v.string(), audience: v.optional(list(int)) });

/**
 * The runtime schema (valibot) of one log entry as a connection sees it.
 * @public
 */
export const logEntrySchema = v.object({
  // The version this entry made (0: the setup).
  seq: nonNegative,
  // The seat that acted, or null (the setup, chance).
  seat: nullableInt,
  // The action (only its `type` for another seat's secret action), or null.
  action: v.nullable(actionSchema),
  // The events it caused, redacted for the connection (`{ type, hidden: true }`).
  events: list(event),
});

const resultSchema = v.nullable(
  v.object({ winners: list(int), scores: list(v.number()), ranks: list(int) }),
);

/**
 * The runtime schema (valibot) of {@link MatchSnapshot}: the fields every `welcome` and
 * `update` carries.
 * @public
 */
export const matchSnapshotSchema = v.object({
  // The match version: the number of accepted actions. Every update increases it by one.
  version: nonNegative,
  // The view of the connection's seat (or the spectator view).
  view: v.looseObject({ phase: v.string() }),
  // Seats whose decision is awaited.
  toAct: list(int),
  // The seat's legal actions now, in compact form (no entries for spectators and seats not to
  // act): ranges such as "bid amount 5,000–10,000,000 step 1,000" and single actions, in the
  // order of the plain list. `expandLegalActions(legal)` (from `@ruleloom/server/protocol`)
  // gives the plain list; `@ruleloom/client` does it for its snapshots.
  // /
  legal: compactLegalActionsSchema,
  // Whether the match has ended.
  isOver: v.boolean(),
  // The result once over (`winners`, `scores`, competition `ranks`), else null.
  result: resultSchema,
  // When the turn timer plays for the seats to act (Unix ms), or null without a timer.
  deadline: v.nullable(v.number()),
  // Display names by seat (null: none given). Older servers leave it out.
  names: v.optional(
    v.pipe(v.array(v.nullable(v.pipe(v.string(), v.maxLength(128)))), v.readonly()),
  ),
});

/**
 * What a connection sees of its match now: part of `welcome` and of every `update`.
 * (Inferred from {@link matchSnapshotSchema}.)
 * @public
 */
export type MatchSnapshot = v.InferOutput<typeof matchSnapshotSchema>;

/**
 * The runtime schema (valibot) of {@link WelcomeMessage}.
 * @public
 */
export const welcomeMessageSchema = v.object({
  type: v.literal('welcome'),
  // The protocol version the server speaks.
  protocol: int,
  // The `seq` of the `join`/`spectate` this answers.
  replyTo: int,
  // The match id.
  match: v.string(),
  // The game id.
  game: v.string(),
  // The seat joined, or null for a spectator.
  seat: nullableInt,
  // The number of seats.
  players: v.pipe(int, v.minValue(1)),
  // The log entries `logStart` .. `version`, in order (seq `logStart + i` at index i): every
  // entry after the `since` version the client gave (from version 1 when it gave none), but at
  // most the newest `limits.welcomeLogEntries` of them (default 200).
  // /
  missed: list(logEntrySchema),
  // The seq of the first entry of `missed` (`version + 1 - missed.length`; `version + 1` when
  // it is empty). `since + 1` when the entries after `since` fit (a client then has its log
  // from where it had it); above that when older entries were left out: the client's log now
  // starts here, and `GET /matches/:id/log?before=<logStart>` gives the earlier entries.
  // /
  logStart: v.pipe(int, v.minValue(1)),
  // The last `seq` this seat's actions used, over all its connections (0 when none; null for
  // a spectator). A client that lost its counter (a reloaded page) continues above it.
  // /
  lastSeq: v.nullable(nonNegative),
  // The match's chat lines after the `chatSince` the client gave (all kept lines, the newest
  // `limits.chatLinesKept`, when it gave none), in `seq` order. Older servers leave it out.
  // /
  chat: v.optional(list(chatLineSchema)),
  ...matchSnapshotSchema.entries,
});

/**
 * `welcome`: the answer to `join`/`spectate`. `missed` holds the log entries after the
 * `since` version the client gave (from version 1 when it gave none), redacted for the seat,
 * but at most the newest `limits.welcomeLogEntries` of them: they run from `logStart` to
 * `version`, and older ones are read with `GET /matches/:id/log` (protocol 3).
 * (Inferred from {@link welcomeMessageSchema}.)
 * @public
 */
export type WelcomeMessage = v.InferOutput<typeof welcomeMessageSchema>;

/**
 * The runtime schema (valibot) of {@link UpdateMessage}.
 * @public
 */
export const updateMessageSchema = v.object({
  type: v.literal('update'),
  // The match id.
  match: v.string(),
  // The log entry of the accepted action (`entry.seq === version`).
  entry: logEntrySchema,
  ...matchSnapshotSchema.entries,
});

/**
 * `update`: one accepted action, in version order, with the new snapshot. `entry.seq`
 * equals `version`; a client that sees a gap reconnects with `since`. (Inferred from
 * {@link updateMessageSchema}.)
 * @public
 */
export type UpdateMessage = v.InferOutput<typeof updateMessageSchema>;

/**
 * The runtime schema (valibot) of {@link AckMessage}.
 * @public
 */
export const ackMessageSchema = v.object({
  type: v.literal('ack'),
  // The `seq` of the `act` this answers.
  replyTo: int,
  // The version the action was stored as.
  version: nonNegative,
  // True when this answers a resent `seq` (nothing was applied again).
  duplicate: v.boolean(),
});

/**
 * `ack`: the action of message `replyTo` was accepted and stored as `version`. (Inferred
 * from {@link ackMessageSchema}.)
 * @public
 */
export type AckMessage = v.InferOutput<typeof ackMessageSchema>;

/**
 * The runtime schema (valibot) of {@link ErrorMessage}.
 * @public
 */
export const errorMessageSchema = v.object({
  type: v.literal('error'),
  // The `seq` of the refused message, or null when it had no readable `seq`.
  replyTo: nullableInt,
  // A stable snake_case code (`SERVER_ERROR_CODES`, or the game's rejection code).
  code: v.string(),
  // What was wrong, for people.
  message: v.string(),
  // True when this answers a resent `seq` with its earlier rejection.
  duplicate: v.optional(v.boolean()),
});

/**
 * `error`: a refused message (the connection stays open unless a close follows). (Inferred
 * from {@link errorMessageSchema}.)
 * @public
 */
export type ErrorMessage = v.InferOutput<typeof errorMessageSchema>;

/**
 * The runtime schema (valibot) of {@link PongMessage}.
 * @public
 */
export const pongMessageSchema = v.object({
  type: v.literal('pong'),
  // The `seq` of the `ping` this answers.
  replyTo: int,
});

/**
 * `pong`: the answer to `ping`. (Inferred from {@link pongMessageSchema}.)
 * @public
 */
export type PongMessage = v.InferOutput<typeof pongMessageSchema>;

/**
 * The runtime schema (valibot) of {@link NamesMessage}.
 * @public
 */
export const namesMessageSchema = v.object({
  type: v.literal('names'),
  // The match id.
  match: v.string(),
  // Display names by seat (null: none given), as in the snapshot's `names`.
  names: v.pipe(v.array(v.nullable(v.pipe(v.string(), v.maxLength(128)))), v.readonly()),
});

/**
 * `names`: the seats' display names changed (a player joined with a name). Sent at once to
 * every other connection of the match, without waiting for the next `update`. (Inferred from
 * {@link namesMessageSchema}.)
 * @public
 */
export type NamesMessage = v.InferOutput<typeof namesMessageSchema>;

/**
 * The runtime schema (valibot) of {@link ServerMessage}, for clients to validate what they
 * receive: `v.safeParse(serverMessageSchema, JSON.parse(frame))`.
 * @public
 */
export const serverMessageSchema = v.variant('type', [
  welcomeMessageSchema,
  updateMessageSchema,
  ackMessageSchema,
  errorMessageSchema,
  pongMessageSchema,
  namesMessageSchema,
  chatLinesMessageSchema,
]);

/**
 * Every message the server sends (`type` discriminant), inferred from
 * {@link serverMessageSchema}.
 * @public
 */
export type ServerMessage = v.InferOutput<typeof serverMessageSchema>;

/**
 * Parses one received WebSocket text frame into a {@link ServerMessage}: the message, or a
 * short reason it was refused (never the frame's content). Unknown fields are ignored.
 * @public
 */
export function parseServerMessage(
  text: unknown,
):
  | { readonly ok: true; readonly message: ServerMessage }
  | { readonly ok: false; readonly reason: string } {
  if (typeof text !== 'string') return { ok: false, reason: 'a frame that is not text' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'a frame that is not JSON' };
  }
  const parsed = v.safeParse(serverMessageSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    return {
      ok: false,
      reason: `a frame that is not a server message (${path === '' ? 'root' : path.slice(0, 80)}: ${issue.message.slice(0, 120)})`,
    };
  }
  return { ok: true, message: parsed.output };
}
