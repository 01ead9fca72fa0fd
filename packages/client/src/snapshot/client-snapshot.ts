import type { ActionBase, GameResult, GameView, LogEntry, Rejection } from '@ruleloom/core';
import type { ChatLine } from '@ruleloom/server/protocol';

/**
 * Where a client's connection stands. A local client is always `'local'`.
 *
 * - `connecting`: the first connection is being opened (or `join` awaits its `welcome`);
 * - `open`: joined, updates arrive;
 * - `reconnecting`: the connection was lost; the client waits out its backoff and tries again;
 * - `closed`: for good (`close()` was called, or the server refused the seat for a reason a
 *   retry cannot fix, see {@link ClientSnapshot.closeReason}).
 * @public
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'local';

/**
 * Everything a UI may show, as one immutable (deeply frozen) object. It changes identity
 * only when something in it changed, so it can be returned as is from React's
 * `useSyncExternalStore` snapshot function. It holds the seat's view, never the state.
 * @public
 */
export interface ClientSnapshot<TAction extends ActionBase = ActionBase> {
  /** The connection status. */
  readonly status: ConnectionStatus;
  /** The game id (as the server names it, or the local game's id). */
  readonly game: string | null;
  /** The seat whose view this is; null for a spectator (or before the first `welcome`). */
  readonly seat: number | null;
  /** The number of seats, once known. */
  readonly players: number | null;
  /**
   * Display names by seat (null: none given), as the server keeps them (given at create or
   * join) or as a local client was given them; empty until known.
   */
  readonly names: readonly (string | null)[];
  /** The match version: the number of accepted actions seen. */
  readonly version: number;
  /** The seat's view (or the spectator's), null before the first `welcome`. */
  readonly view: GameView | null;
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** The seat's legal actions now: enable exactly these controls (empty when not to act). */
  readonly legalActions: readonly TAction[];
  /**
   * The log entries the client holds, from {@link ClientSnapshot.logStart} to the version, in
   * order and redacted for the seat (`log[i].seq === logStart + i`).
   */
  readonly log: readonly LogEntry<TAction>[];
  /**
   * The seq of the first entry of `log`: 1 when the client holds the whole log (always in
   * local mode). A server sends only the newest entries when a client joins a long match (or
   * comes back after a long gap), so `logStart` is higher then;
   * {@link RulesClient.loadEarlierLog} reads the earlier ones page by page.
   */
  readonly logStart: number;
  /** Whether the match has ended. */
  readonly isOver: boolean;
  /** Winners, scores and ranks once over, else null. */
  readonly result: GameResult | null;
  /** When the server's turn timer plays for the seats to act (Unix ms), or null. */
  readonly deadline: number | null;
  /** Whether an action was sent and its answer has not come yet. */
  readonly pending: boolean;
  /** Seats whose bot is deciding now (local mode; empty otherwise). */
  readonly thinking: readonly number[];
  /** The last refusal of an action or of the connection, as a value; null after an accepted action. */
  readonly lastRejection: Rejection | null;
  /** How many received frames failed validation and were dropped. */
  readonly invalidMessages: number;
  /** Why the client closed for good (a close code and reason, or `closed_by_client`), else null. */
  readonly closeReason: Rejection | null;
  /**
   * The match's chat lines the client holds, oldest first (`seq` order, each once): the
   * server's kept lines from the welcome, then each new line as it is said (the newest 200 at
   * most). Plain text: show it escaped (React does). Always empty in local mode.
   */
  readonly chat: readonly ChatLine[];
}

/**
 * The answer to {@link RulesClient.sendChat}: the line as the server stored it (its `seq`,
 * seat, name and time), or why it was refused (`chat_empty`, `chat_too_long`,
 * `chat_invalid_text`, `chat_rate_limited`, `spectator_cannot_chat`, `chat_unavailable`,
 * `not_connected`, `connection_lost`, ...).
 * @public
 */
export type ChatResult =
  | { readonly ok: true; readonly line: ChatLine }
  | { readonly ok: false; readonly error: Rejection };

/**
 * The answer to {@link RulesClient.act}: the version the action was stored as, or why it was
 * refused (the match is unchanged).
 * @public
 */
export type ActResult =
  | { readonly ok: true; readonly version: number }
  | { readonly ok: false; readonly error: Rejection };

/**
 * The answer to {@link RulesClient.loadEarlierLog}: how many entries were added in front of
 * the log, and whether no earlier entry can be loaded (`complete`: the log starts at version
 * 1, or the server cannot give the entries before it), or why nothing could be loaded (the
 * log is unchanged).
 * @public
 */
export type LoadEarlierLogResult =
  | { readonly ok: true; readonly added: number; readonly complete: boolean }
  | { readonly ok: false; readonly error: Rejection };

/**
 * A client of one match: a subscription store plus `act`. Multiplayer and local clients
 * share this interface, so a UI works with either.
 * @public
 */
export interface RulesClient<TAction extends ActionBase = ActionBase> {
  /** Calls `listener` after every snapshot change; returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot (the same object until something changes). */
  getSnapshot(): ClientSnapshot<TAction>;
  /**
   * Plays `action` for the snapshot's seat. Resolves once the authority answered: never
   * rejects; a refusal is a value (also kept in `lastRejection`).
   */
  act(action: TAction): Promise<ActResult>;
  /** Whether `action` is one of the listed legal actions now (for enabling controls). */
  isLegal(action: unknown): boolean;
  /**
   * Loads up to `limit` (default 100, at most 500) log entries before
   * {@link ClientSnapshot.logStart} and puts them in front of the snapshot's `log`. A remote
   * client reads them from the server (`GET /matches/:id/log` with its seat token); a local
   * client holds the whole log and answers `{ ok: true, added: 0, complete: true }`. Never
   * rejects: a failure is a value.
   */
  loadEarlierLog(limit?: number): Promise<LoadEarlierLogResult>;
  /**
   * Says one line in the match's chat (a remote seat; spectators read only): checked here as
   * the server checks it (at most 280 characters, not empty, no control characters), then
   * sent. Resolves once the server stored it (the line is in the snapshot's `chat` by then)
   * or refused it. Never rejects. A local client has no chat: `chat_unavailable`.
   */
  sendChat(text: string): Promise<ChatResult>;
  /** Stops the client: closes its connection or its bot runner. Idempotent. */
  close(): void;
}
