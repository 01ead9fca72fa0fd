import {
  claimOpenSeat,
  listOpenMatches,
  type ClaimedSeat,
  type OpenMatch,
  type OpenMatchesFetch,
} from '@ruleloom/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LobbyError, LobbyResult } from './lobby-api.js';

/**
 * What {@link useOpenMatches} gives: a server's open matches (listed by their creators,
 * unfinished, with a free seat) and the actions on them. Every action resolves with a value
 * (never rejects).
 * @public
 */
export interface OpenMatchesState {
  /** The server's base URL. */
  readonly server: string;
  /** The open matches read so far, newest first (page after page with `loadMore`). */
  readonly matches: readonly OpenMatch[];
  /** Whether a listing is under way. */
  readonly loading: boolean;
  /** Whether the server has more open matches than were read (see `loadMore`). */
  readonly more: boolean;
  /** The last refusal of the listing or of a claim, or null. */
  readonly error: LobbyError | null;
  /** Reads the first page again. */
  refresh(): Promise<void>;
  /** Reads the next page and adds it to `matches`. */
  loadMore(): Promise<void>;
  /**
   * Takes a free seat (`POST /matches/:id/claim`, with the player's name if given) and
   * answers its seat token; the list is read again either way.
   */
  claim(match: string, seat: number, name?: string): Promise<LobbyResult<ClaimedSeat>>;
}

/**
 * Settings of {@link useOpenMatches}.
 * @public
 */
export interface UseOpenMatchesOptions {
  /** The server's base URL. */
  readonly server: string;
  /** Only this hosted game's matches (default: every game). */
  readonly game?: string;
  /** Matches a page (1 to 50; default: the server's, 20). */
  readonly pageSize?: number;
  /** The fetch function (default: the global `fetch`). */
  readonly fetch?: typeof fetch;
  /**
   * Reads the first page again every this many milliseconds while mounted (at least 1000;
   * default: only on mount, on a server or game change and on `refresh`).
   */
  readonly refreshEveryMs?: number;
}

/**
 * The public list of open matches on a `ruleloom serve` (`GET /matches/open`): the matches
 * whose creators listed them (`listed: true` in {@link LobbyCreateRequest}), read when the
 * server or game changes and on `refresh`, and `claim` to take a free seat. Show it with
 * {@link OpenMatches}.
 * @example
 * ```tsx
 * function Join() {
 *   const open = useOpenMatches({ server: location.origin });
 *   return <OpenMatches openMatches={open} onJoin={(m, seat) => play(m.match, seat.token)} />;
 * }
 * ```
 * @public
 */
export function useOpenMatches(options: UseOpenMatchesOptions): OpenMatchesState {
  const { server, game, pageSize } = options;
  const fetchFn = options.fetch as OpenMatchesFetch | undefined;
  const [matches, setMatches] = useState<readonly OpenMatch[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<LobbyError | null>(null);
  const latest = useRef(0);

  const read = useCallback(
    async (before: string | null) => {
      const call = ++latest.current;
      setLoading(true);
      const r = await listOpenMatches({
        server,
        ...(game === undefined ? {} : { game }),
        ...(pageSize === undefined ? {} : { limit: pageSize }),
        ...(before === null ? {} : { before }),
        ...(fetchFn === undefined ? {} : { fetch: fetchFn }),
      });
      if (call !== latest.current) return;
      setLoading(false);
      setError(r.ok ? null : r.error);
      if (!r.ok) {
        if (before === null) setMatches([]);
        return;
      }
      setNext(r.value.next);
      setMatches((old) =>
        before === null
          ? r.value.matches
          : [...old, ...r.value.matches.filter((m) => !old.some((o) => o.match === m.match))],
      );
    },
    [server, game, pageSize, fetchFn],
  );

  const refresh = useCallback(() => read(null), [read]);
  const loadMore = useCallback(
    () => (next === null ? Promise.resolve() : read(next)),
    [read, next],
  );

  useEffect(() => {
    setMatches([]);
    setNext(null);
    void refresh();
  }, [refresh]);

  const every = options.refreshEveryMs;
  useEffect(() => {
    if (every === undefined || !Number.isFinite(every)) return undefined;
    const timer = setInterval(() => void refresh(), Math.max(1000, every));
    return () => clearInterval(timer);
  }, [every, refresh]);

  const claim = useCallback(
    async (match: string, seat: number, name?: string): Promise<LobbyResult<ClaimedSeat>> => {
      const r = await claimOpenSeat({
        server,
        match,
        seat,
        ...(name === undefined || name.trim() === '' ? {} : { name: name.trim() }),
        ...(fetchFn === undefined ? {} : { fetch: fetchFn }),
      });
      // The list read again (the seat is taken now, or was already); a refusal stays shown.
      await refresh();
      if (!r.ok) setError(r.error);
      return r;
    },
    [server, fetchFn, refresh],
  );

  return {
    server: server.replace(/\/+$/, ''),
    matches,
    loading,
    more: next !== null,
    error,
    refresh,
    loadMore,
    claim,
  };
}
