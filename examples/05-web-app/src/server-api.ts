import {
  createdMatchSchema,
  httpErrorBodySchema,
  parseHttpBody,
  serverGamesSchema,
  type CreatedMatch,
  type CreateMatchRequest,
  type ServerGames,
} from '@ruleloom/client';

// The HTTP bodies are the server protocol's own types (`@ruleloom/server/protocol`, re-exported
// by `@ruleloom/client`), checked at run time with its valibot schemas.
export type { CreatedMatch, CreateMatchRequest, ServerGames };

/** A refusal of the server (or of the network), as a value. */
export interface ServerRefusal {
  readonly code: string;
  readonly message: string;
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
    const e = parseHttpBody(httpErrorBodySchema, body)?.error;
    return {
      ok: false,
      error: {
        code: e?.code ?? `http_${String(response.status)}`,
        message: e?.message.slice(0, 300) ?? response.statusText.slice(0, 100),
      },
    };
  }
  const created = parseHttpBody(createdMatchSchema, body);
  return created === null
    ? {
        ok: false,
        error: { code: 'bad_answer', message: 'the server’s answer is not a created match' },
      }
    : { ok: true, created };
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
  const hosted = parseHttpBody(serverGamesSchema, body);
  return hosted === null
    ? {
        ok: false,
        error: { code: 'bad_answer', message: 'the server’s answer is not a game list' },
      }
    : { ok: true, hosted };
}
