import type { ActResult } from '@ruleloom/client';
import type { ActionBase, LogEntry } from '@ruleloom/core';

/**
 * What the hooks need of a client: `subscribe` and `getSnapshot`, as every
 * `@ruleloom/client` client has (`createClient(...)`, local or remote). The snapshot type is
 * inferred from the client, so a client that carries its game's action and view types hands
 * them to the hooks and the board.
 * @public
 */
export interface MatchStore<TSnapshot> {
  /** Calls `listener` after every snapshot change; returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot (the same object until something changes). */
  getSnapshot(): TSnapshot;
}

/**
 * What a board needs of a snapshot (the fields of `ClientSnapshot` it reads), with the
 * seat's view typed `TView`.
 * @public
 */
export interface BoardSnapshot<TAction extends ActionBase, TView> {
  /** The game id. */
  readonly game: string | null;
  /** The seat whose view this is; null for a spectator. */
  readonly seat: number | null;
  /** The match version: the number of accepted actions. */
  readonly version: number;
  /** The seat's view, null before the first one arrived. */
  readonly view: TView | null;
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** The seat's legal actions now. */
  readonly legalActions: readonly TAction[];
  /** Whether the match has ended. */
  readonly isOver: boolean;
  /** Whether an action was sent and its answer has not come yet. */
  readonly pending: boolean;
  /**
   * The log entries the client holds, redacted for the seat: from version 1 on, unless a
   * server sent only the newest ones (the client's `logStart`; `loadEarlierLog()` reads the
   * earlier ones).
   */
  readonly log: readonly LogEntry<TAction>[];
}

/**
 * A client a board can play through: a {@link MatchStore} whose snapshots a board can read,
 * plus `act`.
 * @public
 */
export interface BoardClient<TAction extends ActionBase, TView> extends MatchStore<
  BoardSnapshot<TAction, TView>
> {
  /** Plays `action` for the snapshot's seat; a refusal is a value. */
  act(action: TAction): Promise<ActResult>;
}

/**
 * The snapshot type of a client (`ClientSnapshot<StAugustineAction>` for a local St.
 * Augustine client).
 * @public
 */
export type SnapshotOf<TClient extends MatchStore<unknown>> = ReturnType<TClient['getSnapshot']>;
