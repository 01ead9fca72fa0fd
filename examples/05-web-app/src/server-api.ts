/** What the lobby asks a `ruleloom serve` for (`POST /matches`, see the server protocol guide). */
export interface CreateMatchRequest {
  readonly game: string;
  readonly players: number;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly bots?: readonly { readonly seat: number; readonly bot: string }[];
}

/** The server's answer: the match id and one token per human seat. */
export interface CreatedMatch {
  readonly match: string;
  readonly seats: readonly { readonly seat: number; readonly token: string }[];
}

/** A refusal of the server (or of the network), as a value. */
export interface ServerRefusal {
  readonly code: string;
  readonly message: string;
}

function readCreated(body: unknown): CreatedMatch | null {
  const b = body as { match?: unknown; seats?: unknown } | null;
  if (b === null || typeof b !== 'object' || typeof b.match !== 'string' || !Array.isArray(b.seats))
    return null;
  const seats: { seat: number; token: string }[] = [];
  for (const s of b.seats as unknown[]) {
    const x = s as { seat?: unknown; token?: unknown } | null;
    if (x === null || typeof x.seat !== 'number' || typeof x.token !== 'string') return null;
    seats.push({ seat: x.seat, token: x.token });
  }
  return { match: b.match, seats };
}

/** Creates a match on a server through its HTTP API. Never throws. */
export async function createServerMatch(
  server: string,
  request: CreateMatchRequest,
): Promise<{ ok: true; created: CreatedMatch } | { ok: false; error: ServerRefusal }> {
  let response: Response;
  try {
    response = await fetch(`${server.replace(/\/+$/, '')}/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return {
      ok: false,
      error: { code: 'network_error', message: `no answer from ${server.slice(0, 100)}` },
    };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    return {
      ok: false,
      error: {
        code: typeof e?.code === 'string' ? e.code.slice(0, 64) : `http_${String(response.status)}`,
        message:
          typeof e?.message === 'string'
            ? e.message.slice(0, 300)
            : response.statusText.slice(0, 100),
      },
    };
  }
  const created = readCreated(body);
  return created === null
    ? {
        ok: false,
        error: { code: 'bad_answer', message: 'the server’s answer is not a created match' },
      }
    : { ok: true, created };
}

/** What a server hosts (`GET /games`): its bot kinds, and per game whether it plays bots. */
export interface ServerGames {
  readonly bots: readonly string[];
  readonly games: readonly { readonly id: string; readonly bots: boolean }[];
}

/** Bounds on what the lobby reads of a server's answer (it is not trusted). */
const MAX_LISTED = 64;
const MAX_NAME = 64;

function readGames(body: unknown): ServerGames | null {
  const b = body as { bots?: unknown; games?: unknown } | null;
  if (b === null || typeof b !== 'object' || !Array.isArray(b.bots) || !Array.isArray(b.games))
    return null;
  const bots = (b.bots as unknown[])
    .slice(0, MAX_LISTED)
    .filter((k): k is string => typeof k === 'string' && k.length > 0 && k.length <= MAX_NAME);
  const games: { id: string; bots: boolean }[] = [];
  for (const g of (b.games as unknown[]).slice(0, MAX_LISTED)) {
    const x = g as { id?: unknown; bots?: unknown } | null;
    if (x !== null && typeof x.id === 'string' && x.id.length <= MAX_NAME)
      games.push({ id: x.id, bots: x.bots === true });
  }
  return { bots, games };
}

/** Asks a server what it hosts and which bots it plays (`GET /games`). Never throws. */
export async function fetchServerGames(
  server: string,
  signal?: AbortSignal,
): Promise<{ ok: true; hosted: ServerGames } | { ok: false; error: ServerRefusal }> {
  let body: unknown;
  try {
    const response = await fetch(
      `${server.replace(/\/+$/, '')}/games`,
      signal === undefined ? {} : { signal },
    );
    if (!response.ok)
      return {
        ok: false,
        error: {
          code: `http_${String(response.status)}`,
          message: response.statusText.slice(0, 100),
        },
      };
    body = await response.json();
  } catch {
    return {
      ok: false,
      error: { code: 'network_error', message: `no answer from ${server.slice(0, 100)}` },
    };
  }
  const hosted = readGames(body);
  return hosted === null
    ? {
        ok: false,
        error: { code: 'bad_answer', message: 'the server’s answer is not a game list' },
      }
    : { ok: true, hosted };
}
