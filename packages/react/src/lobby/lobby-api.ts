/**
 * What the lobby asks a `ruleloom serve` to create (`POST /matches`).
 * @public
 */
export interface LobbyCreateRequest {
  /** The hosted game id. */
  readonly game: string;
  /** The number of seats. */
  readonly players: number;
  /** Rules options (the server may refuse some). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Seats the server's bots play. */
  readonly bots?: readonly { readonly seat: number; readonly bot: string }[];
  /** Display names by seat (null: none). */
  readonly names?: readonly (string | null)[];
  /**
   * List the match publicly (`GET /matches/open`, see {@link useOpenMatches}) while it has a
   * free seat, so anyone may take one; absent or false: private (only its seat links join).
   */
  readonly listed?: boolean;
  /**
   * Seats of a listed match held for the creator's own players: taken from the start, so no
   * stranger claims them first (at least one human seat must stay free). Default: none.
   */
  readonly held?: readonly number[];
}

/**
 * A seat of a created match that a person plays: its number and its token (the seat's
 * secret: whoever holds it plays the seat).
 * @public
 */
export interface LobbySeat {
  readonly seat: number;
  readonly token: string;
}

/**
 * A match as the server lists it (`GET /matches`, `GET /matches/:id`).
 * @public
 */
export interface ListedMatch {
  readonly match: string;
  readonly game: string;
  readonly players: number;
  /** `active`, `over`, `quarantined` (as the server says; other words are kept as they come). */
  readonly status: string;
  /** Display names by seat (null: none). */
  readonly names: readonly (string | null)[];
  /** When it was created (Unix ms), when the server says. */
  readonly createdAt: number | null;
}

/**
 * A refusal of the server or of the network, as a value.
 * @public
 */
export interface LobbyError {
  readonly code: string;
  readonly message: string;
}

/**
 * The answer of a lobby call: a value or a refusal; never a thrown error.
 * @public
 */
export type LobbyResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: LobbyError };

/**
 * The server's HTTP API as the lobby uses it. Every call resolves (never rejects) and reads
 * the untrusted answers with bounds.
 * @public
 */
export interface LobbyApi {
  /** The server's base URL. */
  readonly server: string;
  /** `GET /matches`: the caller's matches (as the server scopes them: its creator identity). */
  list(): Promise<LobbyResult<readonly ListedMatch[]>>;
  /** `POST /matches`: a new match and the tokens of its human seats. */
  create(
    request: LobbyCreateRequest,
  ): Promise<LobbyResult<{ readonly match: string; readonly seats: readonly LobbySeat[] }>>;
  /** `POST /tokens/revoke`: the seat's token stops working (the player leaves the seat). */
  revoke(token: string): Promise<LobbyResult<null>>;
}

/**
 * Settings of {@link createLobbyApi}.
 * @public
 */
export interface LobbyApiOptions {
  /** The server's base URL (`https://games.example.org`, `http://127.0.0.1:8080`). */
  readonly server: string;
  /** Extra request headers for list and create (e.g. `authorization: Bearer <creator key>`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch function (default: the global `fetch`). */
  readonly fetch?: typeof fetch;
}

const MAX_MATCHES = 100;
const MAX_TEXT = 64;

function text(value: unknown, max = MAX_TEXT): string | null {
  return typeof value === 'string' && value.length <= max ? value : null;
}

function count(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max
    ? value
    : null;
}

function readListed(raw: unknown): ListedMatch | null {
  if (raw === null || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  const match = text(m.match);
  const game = text(m.game);
  const players = count(m.players, 64);
  const status = text(m.status) ?? 'unknown';
  if (match === null || game === null || players === null) return null;
  const names = Array.isArray(m.names)
    ? Array.from({ length: players }, (_, s) => text((m.names as unknown[])[s], 128))
    : Array<null>(players).fill(null);
  const createdAt = typeof m.createdAt === 'number' ? m.createdAt : null;
  return { match, game, players, status, names, createdAt };
}

function readSeats(raw: unknown): LobbySeat[] | null {
  if (!Array.isArray(raw) || raw.length > 64) return null;
  const seats: LobbySeat[] = [];
  for (const s of raw as unknown[]) {
    const x = s as { seat?: unknown; token?: unknown } | null;
    const seat = count(x?.seat, 64);
    const token = text(x?.token, 1024);
    if (seat === null || token === null) return null;
    seats.push({ seat, token });
  }
  return seats;
}

/**
 * The lobby's client of a server's HTTP API (`GET /matches`, `POST /matches`,
 * `POST /tokens/revoke`), for {@link useLobby} or any other UI.
 * @example
 * ```ts
 * const api = createLobbyApi({ server: 'http://127.0.0.1:8080' });
 * const made = await api.create({ game: 'st-augustine', players: 2, names: ['Ana', 'Ben'] });
 * if (made.ok) console.log(made.value.match, made.value.seats);
 * ```
 * @public
 */
export function createLobbyApi(options: LobbyApiOptions): LobbyApi {
  const base = options.server.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  async function call(
    path: string,
    init: RequestInit,
  ): Promise<LobbyResult<{ status: number; body: unknown }>> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, init);
    } catch {
      return {
        ok: false,
        error: { code: 'network_error', message: `no answer from ${base.slice(0, 100)}` },
      };
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      return {
        ok: false,
        error: {
          code: text(e?.code) ?? `http_${String(response.status)}`,
          message:
            typeof e?.message === 'string'
              ? e.message.slice(0, 300)
              : `the server answered ${String(response.status)}`,
        },
      };
    }
    return { ok: true, value: { status: response.status, body } };
  }
  const bad = (what: string): { ok: false; error: LobbyError } => ({
    ok: false,
    error: { code: 'bad_answer', message: `the server’s answer is not ${what}` },
  });
  return {
    server: base,
    async list() {
      const r = await call('/matches', { headers: { ...options.headers } });
      if (!r.ok) return r;
      const list = (r.value.body as { matches?: unknown } | null)?.matches;
      if (!Array.isArray(list)) return bad('a match list');
      const matches = (list as unknown[])
        .slice(0, MAX_MATCHES)
        .map(readListed)
        .filter((m): m is ListedMatch => m !== null);
      return { ok: true, value: matches };
    },
    async create(request) {
      const r = await call('/matches', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        body: JSON.stringify(request),
      });
      if (!r.ok) return r;
      const b = r.value.body as { match?: unknown; seats?: unknown } | null;
      const match = text(b?.match);
      const seats = readSeats(b?.seats);
      if (match === null || seats === null) return bad('a created match');
      return { ok: true, value: { match, seats } };
    },
    async revoke(token) {
      const r = await call('/tokens/revoke', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return r.ok ? { ok: true, value: null } : r;
    },
  };
}
