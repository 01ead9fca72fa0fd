import type { GameResult, GameView, LogEntry } from '@ruleloom/core';
import * as v from 'valibot';

/**
 * What a connection sees of its match now: part of `welcome` and of every `update`.
 * @public
 */
export interface MatchSnapshot {
  /** The match version: the number of accepted actions. Every update increases it by one. */
  readonly version: number;
  /** The view of the connection's seat (or the spectator view). */
  readonly view: GameView;
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** The seat's legal actions now (empty for spectators and seats not to act). */
  readonly legalActions: readonly unknown[];
  /** Whether the match has ended. */
  readonly isOver: boolean;
  /** The result once over, else null. */
  readonly result: GameResult | null;
  /** When the turn timer plays for the seats to act (Unix ms), or null without a timer. */
  readonly deadline: number | null;
  /** Display names by seat (null: none given). Older servers leave it out. */
  readonly names?: readonly (string | null)[];
}

/**
 * `welcome`: the answer to `join`/`spectate`. `missed` holds every log entry after the
 * `since` version the client gave (all entries when it gave none), redacted for the seat.
 * @public
 */
export interface WelcomeMessage extends MatchSnapshot {
  readonly type: 'welcome';
  readonly protocol: number;
  readonly replyTo: number;
  readonly match: string;
  readonly game: string;
  /** The seat joined, or null for a spectator. */
  readonly seat: number | null;
  /** The number of seats. */
  readonly players: number;
  readonly missed: readonly LogEntry[];
  /**
   * The last `seq` this seat's actions used, over all its connections (0 when none; null for
   * a spectator). A client that lost its counter (a reloaded page) continues above it.
   */
  readonly lastSeq: number | null;
}

/**
 * `update`: one accepted action, in version order, with the new snapshot. `entry.seq`
 * equals `version`; a client that sees a gap reconnects with `since`.
 * @public
 */
export interface UpdateMessage extends MatchSnapshot {
  readonly type: 'update';
  readonly match: string;
  readonly entry: LogEntry;
}

/**
 * `ack`: the action of message `replyTo` was accepted and stored as `version`.
 * `duplicate` is true when this answers a resent `seq` (nothing was applied again).
 * @public
 */
export interface AckMessage {
  readonly type: 'ack';
  readonly replyTo: number;
  readonly version: number;
  readonly duplicate: boolean;
}

/**
 * `error`: a refused message (the connection stays open unless a close follows).
 * `replyTo` is null when the message had no readable `seq`.
 * @public
 */
export interface ErrorMessage {
  readonly type: 'error';
  readonly replyTo: number | null;
  readonly code: string;
  readonly message: string;
  /** True when this answers a resent `seq` with its earlier rejection. */
  readonly duplicate?: boolean;
}

/**
 * `pong`: the answer to `ping`.
 * @public
 */
export interface PongMessage {
  readonly type: 'pong';
  readonly replyTo: number;
}

/**
 * Every message the server sends.
 * @public
 */
export type ServerMessage =
  WelcomeMessage | UpdateMessage | AckMessage | ErrorMessage | PongMessage;

const int = v.pipe(v.number(), v.safeInteger());
const nonNegative = v.pipe(int, v.minValue(0));
const nullableInt = v.nullable(int);
const entry = v.object({
  seq: nonNegative,
  seat: nullableInt,
  action: v.nullable(v.looseObject({ type: v.string() })),
  events: v.array(v.looseObject({ type: v.string() })),
});
const result = v.nullable(
  v.object({ winners: v.array(int), scores: v.array(v.number()), ranks: v.array(int) }),
);
const snapshot = {
  version: nonNegative,
  view: v.record(v.string(), v.unknown()),
  toAct: v.array(int),
  legalActions: v.array(v.looseObject({ type: v.string() })),
  isOver: v.boolean(),
  result,
  deadline: v.nullable(v.number()),
  names: v.optional(v.array(v.nullable(v.pipe(v.string(), v.maxLength(128))))),
};
const schema = v.variant('type', [
  v.object({
    type: v.literal('welcome'),
    protocol: int,
    replyTo: int,
    match: v.string(),
    game: v.string(),
    seat: nullableInt,
    players: v.pipe(int, v.minValue(1)),
    missed: v.array(entry),
    lastSeq: v.nullable(nonNegative),
    ...snapshot,
  }),
  v.object({ type: v.literal('update'), match: v.string(), entry, ...snapshot }),
  v.object({ type: v.literal('ack'), replyTo: int, version: nonNegative, duplicate: v.boolean() }),
  v.object({
    type: v.literal('error'),
    replyTo: nullableInt,
    code: v.string(),
    message: v.string(),
    duplicate: v.optional(v.boolean()),
  }),
  v.object({ type: v.literal('pong'), replyTo: int }),
]);

/**
 * The runtime schema (valibot) of {@link ServerMessage}, for clients to validate what they
 * receive: `v.safeParse(serverMessageSchema, JSON.parse(frame))`.
 * @public
 */
export const serverMessageSchema: v.GenericSchema<unknown, ServerMessage> =
  schema as unknown as v.GenericSchema<unknown, ServerMessage>;

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
