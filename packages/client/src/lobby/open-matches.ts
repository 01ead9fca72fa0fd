import {
  claimedSeatSchema,
  httpErrorBodySchema,
  openMatchesAnswerSchema,
  parseHttpBody,
  type ClaimedSeat,
  type OpenMatchesAnswer,
} from '@ruleloom/server/protocol';

/**
 * The fetch function the open-match calls use (the global `fetch` fits): a URL and a method,
 * headers, a body and an abort signal; an answer with a status and a JSON body.
 * @public
 */
export type OpenMatchesFetch = (
  url: string,
  init: {
    readonly method: 'GET' | 'POST';
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: string;
    readonly signal?: AbortSignal;
  },
) => Promise<{ readonly status: number; json(): Promise<unknown> }>;

/**
 * A refusal of the server (its stable code and message) or of the network (`network_error`,
 * `bad_answer`, `no_fetch`), as a value.
 * @public
 */
export interface OpenMatchesError {
  readonly code: string;
  readonly message: string;
}

/**
 * The answer of {@link listOpenMatches} and {@link claimOpenSeat}: a value or a refusal; never a
 * thrown error.
 * @public
 */
export type OpenMatchesResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: OpenMatchesError };

/**
 * What {@link listOpenMatches} asks for (`GET /matches/open`).
 * @public
 */
export interface ListOpenMatchesRequest {
  /** The server's base URL (`http://127.0.0.1:8080`). */
  readonly server: string;
  /** Only this hosted game's matches. */
  readonly game?: string;
  /** At most this many (1 to 50; the server's default is 20). */
  readonly limit?: number;
  /** The `next` of the previous page: the page after it. */
  readonly before?: string;
  /** The fetch function (default: the global `fetch`). */
  readonly fetch?: OpenMatchesFetch;
  /** Cancels the request (the call then resolves with `network_error`). */
  readonly signal?: AbortSignal;
}

/**
 * What {@link claimOpenSeat} asks for (`POST /matches/:id/claim`).
 * @public
 */
export interface ClaimOpenSeatRequest {
  /** The server's base URL. */
  readonly server: string;
  /** The listed match's id. */
  readonly match: string;
  /** The free seat to take. */
  readonly seat: number;
  /** The claimer's display name (the server checks it as any player name). */
  readonly name?: string;
  /** The fetch function (default: the global `fetch`). */
  readonly fetch?: OpenMatchesFetch;
}

function baseOf(server: string): string {
  return server.replace(/\/+$/, '');
}

/** One request: the parsed answer of a 2xx status, or the refusal (never throws). */
async function call<T>(
  fetchFn: OpenMatchesFetch | undefined,
  url: string,
  init: Parameters<OpenMatchesFetch>[1],
  read: (body: unknown) => T | null,
  what: string,
): Promise<OpenMatchesResult<T>> {
  const f = fetchFn ?? (globalThis as { fetch?: OpenMatchesFetch }).fetch?.bind(globalThis);
  if (f === undefined)
    return { ok: false, error: { code: 'no_fetch', message: 'no fetch function: pass `fetch`' } };
  let status: number;
  let body: unknown;
  try {
    const response = await f(url, init);
    status = response.status;
    body = await response.json().catch(() => null);
  } catch {
    return {
      ok: false,
      error: { code: 'network_error', message: `no answer from ${url.slice(0, 100)}` },
    };
  }
  if (status < 200 || status > 299) {
    const e = parseHttpBody(httpErrorBodySchema, body)?.error;
    return {
      ok: false,
      error: {
        code: e?.code ?? `http_${String(status)}`,
        message: e?.message.slice(0, 300) ?? `the server answered ${String(status)}`,
      },
    };
  }
  const value = read(body);
  return value === null
    ? { ok: false, error: { code: 'bad_answer', message: `the server’s answer is not ${what}` } }
    : { ok: true, value };
}

/**
 * Lists the open matches of a server (`GET /matches/open`): matches their creators listed,
 * unfinished, with a free seat, newest first, one page at a time (`next` is the `before` of
 * the next page, null on the last). The answer is checked against the protocol's schema
 * (at most 50 matches). Never throws.
 * @example
 * ```ts
 * const page = await listOpenMatches({ server: 'http://127.0.0.1:8080', game: 'st-augustine' });
 * if (page.ok)
 *   for (const m of page.value.matches)
 *     console.log(m.match, m.seats.filter((s) => s.state === 'free').map((s) => s.seat));
 * ```
 * @public
 */
export function listOpenMatches(
  request: ListOpenMatchesRequest,
): Promise<OpenMatchesResult<OpenMatchesAnswer>> {
  const query = new URLSearchParams();
  if (request.game !== undefined) query.set('game', request.game);
  if (request.limit !== undefined) query.set('limit', String(request.limit));
  if (request.before !== undefined) query.set('before', request.before);
  const q = query.toString();
  return call(
    request.fetch,
    `${baseOf(request.server)}/matches/open${q === '' ? '' : `?${q}`}`,
    {
      method: 'GET',
      headers: { accept: 'application/json' },
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    },
    (body) => parseHttpBody(openMatchesAnswerSchema, body),
    'an open-match list',
  );
}

/**
 * Takes a free seat of a listed match (`POST /matches/:id/claim`) and answers its seat token:
 * join with it as with any seat token (`createClient({ type: 'remote', url, match, token })`).
 * A seat taken meanwhile answers `seat_not_free`. Never throws.
 * @example
 * ```ts
 * const seat = await claimOpenSeat({ server, match: m.match, seat: 1, name: 'Ben' });
 * if (seat.ok)
 *   createClient({ type: 'remote', url: server, match: m.match, token: seat.value.token });
 * ```
 * @public
 */
export function claimOpenSeat(
  request: ClaimOpenSeatRequest,
): Promise<OpenMatchesResult<ClaimedSeat>> {
  return call(
    request.fetch,
    `${baseOf(request.server)}/matches/${encodeURIComponent(request.match)}/claim`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        seat: request.seat,
        ...(request.name === undefined ? {} : { name: request.name }),
      }),
    },
    (body) => parseHttpBody(claimedSeatSchema, body),
    'a claimed seat',
  );
}
