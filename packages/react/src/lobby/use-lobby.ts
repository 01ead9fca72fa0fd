import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createLobbyApi,
  type LobbyCreateRequest,
  type LobbyError,
  type LobbyResult,
  type LobbySeat,
  type ListedMatch,
} from './lobby-api.js';
import { memoryLobbyMemory, type LobbyMemory, type RememberedMatch } from './lobby-memory.js';

/**
 * A match in the lobby: what the server lists, with the seats this lobby holds.
 * @public
 */
export interface LobbyMatch {
  readonly match: string;
  readonly game: string;
  readonly players: number;
  /** As the server lists it (`active`, `over`, ...), or `unknown` when it did not list it. */
  readonly status: string;
  /** Display names by seat (null: none). */
  readonly names: readonly (string | null)[];
  /** When it was created (Unix ms), when the server says. */
  readonly createdAt: number | null;
  /** The seats (with tokens) this lobby holds: what it can join or leave. */
  readonly seats: readonly LobbySeat[];
  /** What it was created with, when this lobby created it (then "play again" can repeat it). */
  readonly request: LobbyCreateRequest | null;
}

/**
 * What {@link useLobby} gives: the matches and the actions on them. Every action resolves
 * with a value (never rejects) and refreshes the list.
 * @public
 */
export interface LobbyState {
  /** The server's base URL. */
  readonly server: string;
  /** The caller's matches, newest first. */
  readonly matches: readonly LobbyMatch[];
  /** Whether a listing is under way. */
  readonly loading: boolean;
  /** The last refusal of the listing, a leave or a play again, or null (`create` returns its own). */
  readonly error: LobbyError | null;
  /** Asks the server for the list again. */
  refresh(): Promise<void>;
  /** Creates a match (and remembers its seat tokens). */
  create(request: LobbyCreateRequest): Promise<LobbyResult<LobbyMatch>>;
  /** Leaves a seat: its token is revoked on the server and forgotten here. */
  leave(match: string, seat: number): Promise<LobbyResult<null>>;
  /** A new match with the same game, seats, names, options and bots as `match`. */
  playAgain(match: string): Promise<LobbyResult<LobbyMatch>>;
}

/**
 * Settings of {@link useLobby}.
 * @public
 */
export interface UseLobbyOptions {
  /** The server's base URL. */
  readonly server: string;
  /** Extra request headers for list and create (e.g. a creator API key). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Where the seat tokens of created matches are kept (default: in memory, for this page). */
  readonly memory?: LobbyMemory;
  /** The fetch function (default: the global `fetch`). */
  readonly fetch?: typeof fetch;
}

function merge(
  server: string,
  listed: readonly ListedMatch[] | null,
  remembered: readonly RememberedMatch[],
): LobbyMatch[] {
  const mine = remembered.filter((r) => r.server === server);
  const byId = new Map(mine.map((r) => [r.match, r]));
  const out: LobbyMatch[] = (listed ?? []).map((l) => {
    const r = byId.get(l.match);
    byId.delete(l.match);
    return { ...l, seats: r?.seats ?? [], request: r?.request ?? null };
  });
  for (const r of byId.values())
    out.push({
      match: r.match,
      game: r.request.game,
      players: r.request.players,
      status: 'unknown',
      names: Array.from({ length: r.request.players }, (_, s) => r.request.names?.[s] ?? null),
      createdAt: null,
      seats: r.seats,
      request: r.request,
    });
  return out;
}

/**
 * A lobby over a `ruleloom serve`'s HTTP API: the caller's matches (`GET /matches`, which
 * the server scopes to its creator identity: its API key, or its address), creating a match
 * with player names, leaving a seat, and "play again". The seat tokens of the matches it
 * creates are kept in `memory` (the server never lists them): pass
 * `storageLobbyMemory()` to keep them across page loads.
 * @example
 * ```tsx
 * function Matches() {
 *   const lobby = useLobby({ server: location.origin, memory });
 *   return <Lobby lobby={lobby} onJoin={(m, seat) => open(m.match, seat.token)} />;
 * }
 * ```
 * @public
 */
export function useLobby(options: UseLobbyOptions): LobbyState {
  const { server, headers, fetch: fetchFn } = options;
  const [memory] = useState(() => options.memory ?? memoryLobbyMemory());
  // Headers are compared by content: a new object with the same keys is no change.
  const headersKey = JSON.stringify(headers ?? {});
  const api = useMemo(
    () =>
      createLobbyApi({
        server,
        headers: JSON.parse(headersKey) as Record<string, string>,
        ...(fetchFn === undefined ? {} : { fetch: fetchFn }),
      }),
    [server, headersKey, fetchFn],
  );
  const [remembered, setRemembered] = useState<readonly RememberedMatch[]>(() => memory.load());
  const [listed, setListed] = useState<readonly ListedMatch[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<LobbyError | null>(null);
  const latest = useRef(0);

  const remember = useCallback(
    (change: (all: readonly RememberedMatch[]) => readonly RememberedMatch[]) => {
      const next = change(memory.load());
      memory.save(next);
      setRemembered(next);
    },
    [memory],
  );

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    const r = await api.list();
    if (call !== latest.current) return;
    setLoading(false);
    setListed(r.ok ? r.value : null);
    setError(r.ok ? null : r.error);
  }, [api]);

  useEffect(() => {
    setListed(null);
    void refresh();
  }, [refresh]);

  const matches = useMemo(
    () => merge(api.server, listed, remembered),
    [api.server, listed, remembered],
  );

  const create = useCallback(
    async (request: LobbyCreateRequest): Promise<LobbyResult<LobbyMatch>> => {
      const r = await api.create(request);
      if (!r.ok) return r;
      const entry: RememberedMatch = {
        server: api.server,
        match: r.value.match,
        request,
        seats: r.value.seats,
      };
      remember((all) => [entry, ...all.filter((m) => m.match !== entry.match)]);
      const made = { ...merge(api.server, null, [entry])[0]!, status: 'active' };
      // Listed at once as the server just created it; the refresh below confirms it.
      setListed((l) => (l === null ? l : [made, ...l.filter((m) => m.match !== made.match)]));
      setError(null);
      void refresh();
      return { ok: true, value: made };
    },
    [api, refresh, remember],
  );

  const leave = useCallback(
    async (match: string, seat: number): Promise<LobbyResult<null>> => {
      const held = memory
        .load()
        .find((m) => m.server === api.server && m.match === match)
        ?.seats.find((s) => s.seat === seat);
      if (held === undefined)
        return { ok: false, error: { code: 'not_held', message: 'this lobby holds no such seat' } };
      const r = await api.revoke(held.token);
      // A token the server no longer knows is as good as left.
      if (r.ok || r.error.code === 'unauthorized')
        remember((all) =>
          all.map((m) =>
            m.server === api.server && m.match === match
              ? { ...m, seats: m.seats.filter((s) => s.seat !== seat) }
              : m,
          ),
        );
      setError(r.ok ? null : r.error);
      void refresh();
      return r;
    },
    [api, memory, refresh, remember],
  );

  const playAgain = useCallback(
    (match: string): Promise<LobbyResult<LobbyMatch>> => {
      const r = memory.load().find((m) => m.server === api.server && m.match === match);
      if (r === undefined) {
        const error = { code: 'not_created_here', message: 'this lobby did not create that match' };
        setError(error);
        return Promise.resolve({ ok: false, error });
      }
      return create(r.request).then((made) => {
        setError(made.ok ? null : made.error);
        return made;
      });
    },
    [api.server, create, memory],
  );

  return { server: api.server, matches, loading, error, refresh, create, leave, playAgain };
}
