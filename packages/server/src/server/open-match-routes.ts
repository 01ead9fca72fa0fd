import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { clientKey } from '../limits/client-key.js';
import {
  claimSeatRequestSchema,
  DEFAULT_OPEN_MATCHES_PAGE,
  openMatchesQuerySchema,
  type ClaimedSeat,
  type OpenMatch,
  type OpenMatchesAnswer,
} from '../protocol/open-matches.js';
import {
  storageCanList,
  UnreadableRowError,
  type GameStorage,
  type OpenMatchRow,
  type StoredMatch,
} from '../storage/game-storage.js';
import { fail, issueMessage, perAddressRate, type HttpHost } from './http-routes.js';

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A listed match as `GET /matches/open` shows it: public facts only (no token, seed, option
 * the server fixes, creator or bot secret).
 */
export function openMatchOf(row: OpenMatchRow): OpenMatch {
  const m = row.match;
  const bots = new Set(m.config.bots.map((b) => b.seat));
  const claimed = new Set(row.claimed);
  return {
    match: m.id,
    game: m.game,
    variant: m.config.variant?.name ?? null,
    players: m.setup.players,
    createdAt: m.createdAt,
    turnSeconds: m.config.turnTimer?.seconds ?? null,
    seats: Array.from({ length: m.setup.players }, (_, seat) => ({
      seat,
      state: bots.has(seat) ? 'bot' : claimed.has(seat) ? 'taken' : 'free',
      name: m.config.names?.[seat] ?? null,
    })),
  };
}

/**
 * Marks the seat a seat token joined taken, when its match is listed (a seat a person sits in
 * is no longer offered to strangers); nothing for a private match or a bot seat.
 */
export async function takeJoinedSeat(
  storage: GameStorage,
  stored: StoredMatch,
  seat: number,
): Promise<void> {
  if (stored.config.listed !== true || stored.config.bots.some((b) => b.seat === seat)) return;
  await storage.claimSeat?.(stored.id, seat);
}

/** A `before` cursor (`<createdAt>.<id>`, checked by the query schema) as a page bound. */
function cursorOf(before: string | undefined): { createdAt: number; id: string } | null {
  if (before === undefined) return null;
  const dot = before.indexOf('.');
  return { createdAt: Number(before.slice(0, dot)), id: before.slice(dot + 1) };
}

/**
 * The public list of open matches: `GET /matches/open` (listed, unfinished matches with a
 * free seat, newest first, a page at a time) and `POST /matches/:id/claim` (takes a free seat
 * of a listed match, answers a new seat token and revokes the seat's earlier ones). Both are
 * rate-limited per client.
 */
export function registerOpenMatchRoutes(app: FastifyInstance, host: HttpHost): void {
  const { storage, limits } = host;
  const clientOf = (ip: string): string => clientKey(ip, limits.ipv6ClientPrefix);
  const rate = perAddressRate(limits, () => host.now());

  app.get('/matches/open', async (request, reply) => {
    if (!rate(clientOf(request.ip)))
      return fail(reply, 429, 'rate_limited', 'too many requests from this address; slow down');
    const query = v.safeParse(openMatchesQuerySchema, request.query);
    if (!query.success)
      return fail(
        reply,
        400,
        'invalid_query',
        issueMessage(query.issues).replace(/^body/, 'query'),
      );
    if (!storageCanList(storage))
      return fail(reply, 501, 'not_supported', 'this server’s storage cannot list matches');
    const limit = query.output.limit ?? DEFAULT_OPEN_MATCHES_PAGE;
    // One more than the page: whether a next page exists.
    const rows = await storage.listOpenMatches({
      game: query.output.game ?? null,
      limit: limit + 1,
      before: cursorOf(query.output.before),
    });
    const matches = rows
      .slice(0, limit)
      .map(openMatchOf)
      .filter((m) => m.seats.some((s) => s.state === 'free'));
    const last = rows[limit - 1]?.match;
    const answer: OpenMatchesAnswer = {
      matches,
      next:
        rows.length > limit && last !== undefined ? `${String(last.createdAt)}.${last.id}` : null,
    };
    return answer;
  });

  app.post('/matches/:id/claim', async (request, reply) => {
    if (!rate(clientOf(request.ip)))
      return fail(reply, 429, 'rate_limited', 'too many requests from this address; slow down');
    const id = (request.params as { id: string }).id;
    const parsed = v.safeParse(claimSeatRequestSchema, request.body);
    if (!parsed.success) return fail(reply, 400, 'malformed_message', issueMessage(parsed.issues));
    const { seat, name } = parsed.output;
    if (!storageCanList(storage))
      return fail(reply, 501, 'not_supported', 'this server’s storage cannot list matches');
    let stored: StoredMatch | undefined;
    try {
      stored = MATCH_ID.test(id) ? await storage.getMatch(id) : undefined;
    } catch (error) {
      // A damaged row is no listed match (its GET or a join quarantines it).
      if (!(error instanceof UnreadableRowError)) throw error;
    }
    // A private match answers as a missing one: the listing never tells it exists.
    if (stored?.config.listed !== true)
      return fail(reply, 404, 'match_not_listed', 'no listed match has this id');
    if (stored.status !== 'active')
      return fail(reply, 409, 'seat_not_free', 'this match is over: no seat is free');
    const players = stored.setup.players;
    if (seat >= players)
      return fail(
        reply,
        400,
        'malformed_message',
        `seat: this match has seats 0 to ${String(players - 1)}`,
      );
    if (stored.config.bots.some((b) => b.seat === seat))
      return fail(reply, 409, 'seat_not_free', `seat ${String(seat)} is played by a server bot`);
    if (!(await storage.claimSeat(id, seat)))
      return fail(reply, 409, 'seat_not_free', `seat ${String(seat)} is taken already`);
    const t = host.tokens.issue(id, seat, limits.tokenTtlMs, host.now());
    await storage.addToken({ hash: t.hash, match: id, seat, expiresAt: t.expiresAt });
    // The seat is the claimer's alone: the creator's seat token for it (and any other) no
    // longer joins, and a connection that joined with one in the meantime is closed (other
    // processes close theirs on the `revoked` event).
    for (const hash of await storage.revokeSeatTokens(id, seat, t.hash)) host.closeRevoked(hash);
    if (name !== undefined) {
      const live = host.live.get(id);
      if (live !== undefined) await live.enqueue(() => live.rename(seat, name));
      else
        await storage.setNames?.(
          id,
          Array.from({ length: players }, (_, s) => (s === seat ? name : null)),
        );
    }
    const claimed: ClaimedSeat = { match: id, seat, token: t.token, expiresAt: t.expiresAt };
    return reply.code(201).send(claimed);
  });
}
