import type { ActResult } from '@ruleloom/client';
import type { ActionBase } from '@ruleloom/core';
import { useCallback, type ComponentType, type ReactNode } from 'react';
import type { BoardClient, BoardSnapshot } from './client-types.js';
import { useMatch } from './use-match.js';

/**
 * What {@link RuleloomBoard} hands a game's board: the seat's view and legal actions, typed
 * from the client, and `act`.
 * @public
 */
export interface BoardProps<TAction extends ActionBase, TView> {
  /** The seat's view (or the spectator's). */
  readonly view: TView;
  /** The seat whose view it is; null for a spectator. */
  readonly seat: number | null;
  /** The seat's legal actions now (empty when it is not to act). */
  readonly legalActions: readonly TAction[];
  /** Seats whose decision is awaited. */
  readonly toAct: readonly number[];
  /** Whether controls should be disabled (an answer is awaited, or the match is over). */
  readonly disabled: boolean;
  /** Plays an action for the seat; resolves with the client's answer (a refusal is a value). */
  readonly act: (action: TAction) => Promise<ActResult>;
  /** The whole snapshot, for anything else (log, result, status). */
  readonly snapshot: BoardSnapshot<TAction, TView>;
}

/**
 * Props of {@link RuleloomBoard}.
 * @public
 */
export interface RuleloomBoardProps<TAction extends ActionBase, TView> {
  /** The client of the match (`createClient(...)`). */
  readonly client: BoardClient<TAction, TView>;
  /** The game's board component. */
  readonly board: ComponentType<BoardProps<TAction, TView>>;
  /** Shown until the first view arrives (default: nothing). */
  readonly waiting?: ReactNode;
}

/**
 * The board slot: renders `board` with the client's view, legal actions, seat and `act`,
 * typed from the client (the action union of the game, and its view type where the client
 * carries it).
 * @example
 * ```tsx
 * function MyBoard({ legalActions, act, disabled }: BoardProps<StAugustineAction, GameView>) {
 *   return legalActions.map((a, i) => <button key={i} disabled={disabled} onClick={() => void act(a)}>{a.type}</button>);
 * }
 * <RuleloomBoard client={client} board={MyBoard} waiting={<p>Connecting…</p>} />;
 * ```
 * @public
 */
export function RuleloomBoard<TAction extends ActionBase, TView>({
  client,
  board: Board,
  waiting = null,
}: RuleloomBoardProps<TAction, TView>): ReactNode {
  const snapshot = useMatch(client);
  const act = useCallback((action: TAction) => client.act(action), [client]);
  if (snapshot.view === null) return waiting;
  return (
    <Board
      view={snapshot.view}
      seat={snapshot.seat}
      legalActions={snapshot.legalActions}
      toAct={snapshot.toAct}
      disabled={snapshot.pending || snapshot.isOver}
      act={act}
      snapshot={snapshot}
    />
  );
}
