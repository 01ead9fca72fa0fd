import type { GameResult, GameView, LogEntry } from '@ruleloom/core';
import * as v from 'valibot';

/** The protocol version this client speaks (see the server protocol guide). */
export const CLIENT_PROTOCOL_VERSION = 1;

/** What a connection sees of its match: part of `welcome` and `update`. */
export interface FrameSnapshot {
  readonly version: number;
  readonly view: GameView;
  readonly toAct: readonly number[];
  readonly legalActions: readonly unknown[];
  readonly isOver: boolean;
  readonly result: GameResult | null;
  readonly deadline: number | null;
}

/** A validated server message (the protocol's `ServerMessage`). */
export type ServerFrame =
  | (FrameSnapshot & {
      readonly type: 'welcome';
      readonly protocol: number;
      readonly replyTo: number;
      readonly match: string;
      readonly game: string;
      readonly seat: number | null;
      readonly players: number;
      readonly missed: readonly LogEntry[];
    })
  | (FrameSnapshot & { readonly type: 'update'; readonly match: string; readonly entry: LogEntry })
  | {
      readonly type: 'ack';
      readonly replyTo: number;
      readonly version: number;
      readonly duplicate: boolean;
    }
  | {
      readonly type: 'error';
      readonly replyTo: number | null;
      readonly code: string;
      readonly message: string;
      readonly duplicate?: boolean;
    }
  | { readonly type: 'pong'; readonly replyTo: number };

// The same schema as @ruleloom/server's `serverMessageSchema` (that package runs on Node
// only; a test checks both accept every frame of real games). Unknown fields are ignored.
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
};
const frameSchema = v.variant('type', [
  v.object({
    type: v.literal('welcome'),
    protocol: int,
    replyTo: int,
    match: v.string(),
    game: v.string(),
    seat: nullableInt,
    players: v.pipe(int, v.minValue(1)),
    missed: v.array(entry),
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

/** Parses one received text frame: the message, or a short reason it was dropped. */
export function parseServerFrame(
  text: unknown,
):
  | { readonly ok: true; readonly frame: ServerFrame }
  | { readonly ok: false; readonly reason: string } {
  if (typeof text !== 'string') return { ok: false, reason: 'a frame that is not text' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'a frame that is not JSON' };
  }
  const parsed = v.safeParse(frameSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    return {
      ok: false,
      reason: `a frame that is not a server message (${path === '' ? 'root' : path.slice(0, 80)}: ${issue.message.slice(0, 120)})`,
    };
  }
  return { ok: true, frame: parsed.output as unknown as ServerFrame };
}
