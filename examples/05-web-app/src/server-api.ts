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
