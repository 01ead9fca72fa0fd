import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
import type { MatchStore } from './client-types.js';
import { shareStructure } from './share-structure.js';

/**
 * The client's snapshot as React state, through `useSyncExternalStore`: the component
 * re-renders when the snapshot changes (a client's snapshot keeps its identity while nothing
 * changed). Works with server rendering (the snapshot is plain frozen data).
 * @example
 * ```tsx
 * function Status({ client }: { client: RulesClient }) {
 *   const { toAct, isOver } = useMatch(client);
 *   return <p>{isOver ? 'Game over' : `Waiting for seat ${toAct.join(', ')}`}</p>;
 * }
 * ```
 * @public
 */
export function useMatch<TSnapshot>(client: MatchStore<TSnapshot>): TSnapshot {
  const subscribe = useCallback((listener: () => void) => client.subscribe(listener), [client]);
  const get = useCallback(() => client.getSnapshot(), [client]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * A slice of the client's snapshot: the component re-renders only when the slice changes.
 * The selection is structurally shared with the previous one (see {@link shareStructure}), so
 * an unchanged slice keeps its identity even when the selector builds a new object, and
 * unchanged branches of a changed slice keep theirs. `equality` (default `Object.is` after
 * sharing, i.e. deep equality) decides whether a new slice is a change.
 * @example
 * ```tsx
 * function Money({ client, seat }: { client: RulesClient; seat: number }) {
 *   const money = useMatchSelector(client, (s) => (s.view as { players: { money: number }[] } | null)?.players[seat]?.money);
 *   return <span>{money}</span>; // re-renders only when this seat's money changes
 * }
 * ```
 * @public
 */
export function useMatchSelector<TSnapshot, TSelected>(
  client: MatchStore<TSnapshot>,
  selector: (snapshot: TSnapshot) => TSelected,
  equality?: (a: TSelected, b: TSelected) => boolean,
): TSelected {
  const last = useRef<{ readonly value: TSelected } | null>(null);
  const subscribe = useCallback((listener: () => void) => client.subscribe(listener), [client]);
  const get = useCallback(() => client.getSnapshot(), [client]);
  const select = useCallback(
    (snapshot: TSnapshot): TSelected => {
      const next = selector(snapshot);
      return last.current === null ? next : shareStructure(last.current.value, next);
    },
    [selector],
  );
  const value = useSyncExternalStoreWithSelector(
    subscribe,
    get,
    get,
    select,
    equality ?? Object.is,
  );
  useEffect(() => {
    last.current = { value };
  });
  return value;
}
