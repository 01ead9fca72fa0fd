/**
 * The messages between the game server and its clients. Everything a client receives is
 * derived from `match.view(seat)`, `match.legalActions(seat)` and `match.logFor(seat)`:
 * never from `match.state`, which holds the deck order and the generator.
 */
import type { GameResult, GameView, LogEntry, Rejection } from '@ruleloom/core';

/** Sent to one seat on connection and after every accepted action. */
export interface UpdateMessage {
  readonly type: 'update';
  readonly matchId: string;
  /** The seat this connection plays. */
  readonly seat: number;
  /** What this seat may see (`match.view(seat)`). */
  readonly view: GameView;
  /** The seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** This seat's legal actions now (empty when it is not its decision). */
  readonly legalActions: readonly unknown[];
  /** The log entry of the action that caused this update, as this seat may see it; null on connect. */
  readonly entry: LogEntry | null;
  readonly isOver: boolean;
  readonly result: GameResult | null;
}

/** Sent to the one seat whose action was refused; the match is unchanged. */
export interface RejectedMessage {
  readonly type: 'rejected';
  readonly error: Rejection;
}

/** Anything the server sends over a game socket. */
export type ServerMessage = UpdateMessage | RejectedMessage;

/** What a client sends: an action of the game, as JSON. The seat comes from the connection. */
export interface ActionMessage {
  readonly type: 'action';
  readonly action: unknown;
}

/** The answer to `POST /matches`: one secret token per seat, to hand to each player. */
export interface CreatedMatch {
  readonly id: string;
  readonly game: string;
  readonly seats: readonly { readonly seat: number; readonly token: string }[];
}
