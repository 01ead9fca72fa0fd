import { validateSetup } from '@ruleloom/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { checkBotSeats, type BotBudget } from '../bots/bot-budget.js';
import { isServerBotKind, SERVER_BOT_KINDS, unknownBotMessage } from '../bots/server-bot-kinds.js';
import { checkClientOptions, type ResolvedGame } from '../games/hosted-game.js';
import { checkLegalActionBounds } from '../limits/legal-action-bounds.js';
import { pickVariant, variantNames, type VariantTable } from '../games/hosted-variants.js';
import type { ServerLimits } from '../limits/server-limits.js';
import { clientKey } from '../limits/client-key.js';
import { RateLimiter } from '../limits/rate-limiter.js';
import type { LiveMatch } from '../match/live-match.js';
import {
  createMatchRequestSchema,
  type CreateMatchRequest,
  DEFAULT_LOG_PAGE,
  matchLogQuerySchema,
  type MatchLogAnswer,
  type CreatedMatch,
  type HealthAnswer,
  type HttpErrorBody,
  type MatchStatusAnswer,
  type ServerGames,
} from '../protocol/http-bodies.js';
import { PROTOCOL_VERSION } from '../protocol/protocol-constants.js';
import {
  storageCanList,
  unreadableRowProblem,
  type GameStorage,
  type MatchProblem,
  type StoredMatch,
  type StoredToken,
} from '../storage/game-storage.js';
import type { SeatTokens } from '../tokens/seat-tokens.js';
import { bearerToken } from './bearer-token.js';
import type { RuleloomServerOptions } from './game-server-options.js';
import type { SessionHost } from './socket-session.js';

/** What the HTTP routes need from the server. */
export interface HttpHost {
  readonly games: ReadonlyMap<string, ResolvedGame>;
  /** The variants the operator allows, by `<game>/<name>`. */
  readonly variants: VariantTable;
  readonly storage: GameStorage;
  readonly limits: ServerLimits;
  readonly tokens: SeatTokens;
  readonly options: RuleloomServerOptions;
  readonly botBudget: BotBudget;
  /** The server's secret source (ids, seeds, bot secrets). */
  random(size: number): Uint8Array;
  readonly live: ReadonlyMap<string, LiveMatch>;
  now(): number;
  open(
    id: string,
  ): Promise<
    { ok: true; live: LiveMatch } | { ok: false; code: string; message: string; close: number }
  >;
  revoke(token: string): Promise<boolean>;
  /** Closes this process's connections that joined with a revoked token (by its hash). */
  closeRevoked(hash: string): void;
  /** The server's one seat-token check (the WebSocket `join` uses it too). */
  readonly authorize: SessionHost['authorize'];
  /** Drops a loaded match from memory when nobody is connected and nothing runs by itself. */
  unloadIfIdle(id: string): void;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/**
 * What is wrong with a creation's held seats (the match config's `held`), or null: only a listed
 * match holds seats, each a human seat named once, and at least one human seat stays free.
 */
function heldSeatsProblem(
  body: Pick<CreateMatchRequest, 'players' | 'listed' | 'held'>,
  botSeats: ReadonlySet<number>,
): string | null {
  const held = body.held ?? [];
  if (held.length === 0) return null;
  if (body.listed !== true) return 'held: only a listed match holds seats (add "listed": true)';
  const seen = new Set<number>();
  for (const seat of held) {
    if (seat >= body.players || botSeats.has(seat))
      return `held: seat ${String(seat)} is not a human seat of ${String(body.players)}`;
    if (seen.has(seat)) return `held: seat ${String(seat)} is named twice`;
    seen.add(seat);
  }
  const humans = body.players - botSeats.size;
  if (held.length >= humans)
    return `held: a listed match needs a free seat; hold fewer than its ${String(humans)} human seats`;
  return null;
}

/** Sends an HTTP error body (a stable code and a human message). */
export function fail(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  const body: HttpErrorBody = { error: { code, message } };
  return reply.code(status).send(body);
}

/** Client addresses whose request buckets are kept at once (the oldest go first past it). */
const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * A request rate per client (`clientKey` of `request.ip`, the real client behind a trusted
 * proxy):
 * a token bucket each, at the WebSocket message rate (`limits.messagesPerSecond`, burst
 * `limits.messageBurst`). At most {@link MAX_TRACKED_ADDRESSES} buckets are kept.
 */
export function perAddressRate(limits: ServerLimits, now: () => number): (ip: string) => boolean {
  const buckets = new Map<string, RateLimiter>();
  return (ip) => {
    let bucket = buckets.get(ip);
    if (bucket === undefined) {
      if (buckets.size >= MAX_TRACKED_ADDRESSES) {
        const oldest = buckets.keys().next();
        if (oldest.done !== true) buckets.delete(oldest.value);
      }
      bucket = new RateLimiter(limits.messagesPerSecond, limits.messageBurst, now());
      buckets.set(ip, bucket);
    }
    return bucket.take(now());
  };
}

/** The first schema issue as `path: message`, bounded. */
export function issueMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key).slice(0, 40)).join('.') ?? '';
  return `${path === '' ? 'body' : path}: ${(issue?.message ?? 'invalid').slice(0, 200)}`;
}

/** The HTTP side: create and inspect matches, list games, revoke tokens, health. */
export function registerHttpRoutes(app: FastifyInstance, host: HttpHost): void {
  const { games, storage, limits, live } = host;
  /** The client a per-client limit counts: an IPv4 address, an IPv6 network (see clientKey). */
  const clientOf = (ip: string): string => clientKey(ip, limits.ipv6ClientPrefix);

  app.get('/health', (): HealthAnswer => ({ ok: true, protocol: PROTOCOL_VERSION }));

  app.get('/games', (): ServerGames => ({
    protocol: PROTOCOL_VERSION,
    bots: SERVER_BOT_KINDS,
    games: [...games.values()].map((g) => ({
      id: g.id,
      players: (g.game as { players: unknown }).players,
      bots: g.module !== undefined,
      variants: variantNames(host.variants, g.id),
    })),
  }));

  app.post('/matches', async (request, reply) => {
    const parsed = v.safeParse(createMatchRequestSchema, request.body);
    if (!parsed.success) return fail(reply, 400, 'malformed_message', issueMessage(parsed.issues));
    const body = parsed.output;
    const base = games.get(body.game);
    if (base === undefined)
      return fail(reply, 400, 'unknown_game', `this server hosts ${[...games.keys()].join(', ')}`);
    const picked = pickVariant(host.variants, base, body.variant);
    if (!picked.ok) return fail(reply, 400, picked.code, picked.message);
    const hosted = picked.hosted;
    const decision = host.options.authorizeCreate
      ? await host.options.authorizeCreate({
          ip: request.ip,
          headers: request.headers,
          game: hosted.id,
        })
      : ({ ok: true } as const);
    if (!decision.ok)
      return fail(reply, decision.status ?? 403, 'create_refused', decision.message.slice(0, 200));
    const creator = decision.creator ?? clientOf(request.ip);
    if ((body.names?.length ?? 0) > body.players)
      return fail(
        reply,
        400,
        'invalid_setup',
        `names: at most one per seat (${String(body.players)})`,
      );
    const clientOptions = body.options ?? {};
    // Checked on the raw keys too: the schema drops keys such as `__proto__` silently.
    const rawOptions = (request.body as { options?: Record<string, unknown> }).options ?? {};
    const problems = checkClientOptions(hosted, {
      ...clientOptions,
      ...Object.fromEntries(Object.keys(rawOptions).map((k) => [k, true])),
    });
    if (problems.length > 0)
      return fail(reply, 400, 'option_not_allowed', problems.slice(0, 5).join('; '));
    const bots = body.bots ?? [];
    const botSeats = new Set<number>();
    for (const b of bots) {
      if (!isServerBotKind(b.bot))
        return fail(reply, 400, 'invalid_setup', `bots: ${unknownBotMessage(b.bot)}`);
      if (b.seat >= body.players || botSeats.has(b.seat))
        return fail(
          reply,
          400,
          'invalid_setup',
          `bots: seat ${String(b.seat)} is not a free seat of ${String(body.players)}`,
        );
      botSeats.add(b.seat);
    }
    if (body.listed === true && !storageCanList(storage))
      return fail(reply, 501, 'not_supported', 'this server’s storage cannot list matches');
    const held = heldSeatsProblem(body, botSeats);
    if (held !== null) return fail(reply, 400, 'invalid_setup', held);
    if (bots.length > 0 && hosted.module === undefined)
      return fail(reply, 400, 'bots_unavailable', `this server has no bots for '${hosted.id}'`);
    let turnTimer: StoredMatch['config']['turnTimer'] = null;
    if (body.turnTimer !== undefined) {
      const { min, max } = limits.turnTimerSeconds;
      if (body.turnTimer.seconds < min || body.turnTimer.seconds > max)
        return fail(
          reply,
          400,
          'invalid_setup',
          `turnTimer.seconds must be from ${String(min)} to ${String(max)}`,
        );
      turnTimer = {
        seconds: body.turnTimer.seconds,
        onTimeout: body.turnTimer.onTimeout ?? 'default',
      };
    }
    // The seed is the server's: a seed chosen by a client would tell it the hidden deck.
    const setup = {
      seed: hex(host.random(16)),
      players: body.players,
      options: { ...clientOptions, ...hosted.options },
    };
    const checked = validateSetup(hosted.game, setup);
    if (!checked.ok)
      return fail(
        reply,
        400,
        'invalid_setup',
        checked.errors
          .slice(0, 5)
          .map((e) => `${e.path.slice(0, 60)}: ${e.message.slice(0, 160)}`)
          .join('; '),
      );
    const bounds = checkLegalActionBounds(hosted.game, setup, limits);
    if (!bounds.ok) return fail(reply, 400, bounds.code, bounds.message);
    if (host.live.size >= limits.maxLiveMatches)
      return fail(
        reply,
        429,
        'server_full',
        `this server holds ${String(limits.maxLiveMatches)} matches already; try again later`,
      );
    const botBudget = checkBotSeats(live.values(), creator, bots.length, host.botBudget);
    if (!botBudget.ok) return fail(reply, 429, botBudget.code, botBudget.message);
    if ((await storage.countActiveMatches(creator)) >= limits.matchesPerCreator)
      return fail(
        reply,
        429,
        'too_many_matches',
        `at most ${String(limits.matchesPerCreator)} unfinished matches per creator`,
      );
    const id = Buffer.from(host.random(12)).toString('base64url');
    const now = host.now();
    const seats: { seat: number; token: string; expiresAt: number }[] = [];
    const stored: StoredToken[] = [];
    for (let seat = 0; seat < body.players; seat++) {
      if (botSeats.has(seat)) continue;
      const t = host.tokens.issue(id, seat, limits.tokenTtlMs, now);
      seats.push({ seat, token: t.token, expiresAt: t.expiresAt });
      stored.push({ hash: t.hash, match: id, seat, expiresAt: t.expiresAt });
    }
    const match: StoredMatch = {
      id,
      game: hosted.id,
      rulesVersion: String((hosted.game as { rulesVersion: number }).rulesVersion),
      setup,
      config: {
        bots: bots.map((b) => ({ seat: b.seat, bot: b.bot })),
        turnTimer,
        ...picked.config,
        names: Array.from({ length: body.players }, (_, s) => body.names?.[s] ?? null),
        ...(body.listed === true ? { listed: true } : {}),
        ...(body.held !== undefined && body.held.length > 0
          ? { held: [...body.held].sort((a, b) => a - b) }
          : {}),
      },
      creator,
      createdAt: now,
      status: 'active',
      problem: null,
      // The bots' randomness: server-side only, stored so a replay reproduces their moves.
      botSecret: hex(host.random(32)),
    };
    await storage.createMatch(match, stored);
    const opened = await host.open(id);
    const created: CreatedMatch = {
      protocol: PROTOCOL_VERSION,
      match: id,
      game: hosted.id,
      variant: body.variant ?? null,
      players: body.players,
      version: opened.ok ? opened.live.version : 0,
      seats,
      bots: [...botSeats].sort((a, b) => a - b),
    };
    return reply.code(201).send(created);
  });

  app.get('/matches/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const opened = await host.open(id);
    if (!opened.ok) {
      if (opened.code !== 'match_quarantined') return fail(reply, 404, opened.code, opened.message);
      // A match row that does not parse itself: its problem is that (as the load found).
      let stored: StoredMatch | undefined;
      let problem: MatchProblem | null;
      try {
        stored = await storage.getMatch(id);
        problem = stored?.problem ?? null;
      } catch (error) {
        problem = unreadableRowProblem(error) ?? null;
        if (problem === null) throw error;
      }
      const quarantined: MatchStatusAnswer = {
        match: id,
        game: stored?.game ?? null,
        status: 'quarantined',
        problem,
      };
      return reply.code(200).send(quarantined);
    }
    const m = opened.live;
    await m.enqueue(() => m.refresh());
    const answer: MatchStatusAnswer = {
      match: id,
      game: m.stored.game,
      variant: m.stored.config.variant?.name ?? null,
      status: m.match.isOver ? 'over' : 'active',
      players: m.stored.setup.players,
      version: m.version,
      toAct: m.match.toAct,
      isOver: m.match.isOver,
      result: m.match.result,
      // The state hash only once over: before that it could confirm guesses about hidden cards.
      hash: m.match.isOver ? m.match.hash() : null,
      deadline: m.deadline,
      names: m.names,
    };
    if (m.sessions.size === 0 && m.isQuiet()) host.unloadIfIdle(id);
    return answer;
  });

  // Older log entries, page by page (a `welcome` carries the newest ones only).
  const logRate = perAddressRate(limits, () => host.now());
  app.get('/matches/:id/log', async (request, reply) => {
    if (!logRate(clientOf(request.ip)))
      return fail(reply, 429, 'rate_limited', 'too many requests from this address; slow down');
    const id = (request.params as { id: string }).id;
    const query = v.safeParse(matchLogQuerySchema, request.query);
    if (!query.success)
      return fail(
        reply,
        400,
        'invalid_query',
        issueMessage(query.issues).replace(/^body/, 'query'),
      );
    // With a seat token: that seat's view (the same check as a WebSocket join); without one
    // the spectator's, which anyone may see (as `spectate` and `GET /matches/:id`).
    const auth = request.headers.authorization;
    let seat: number | null = null;
    if (auth !== undefined) {
      const token = bearerToken(auth) ?? '';
      const checked = await host.authorize(token, id);
      if (!checked.ok) return fail(reply, 401, checked.code, checked.message);
      seat = checked.claim.seat;
    }
    const opened = await host.open(id);
    if (!opened.ok)
      return fail(
        reply,
        opened.code === 'match_quarantined' ? 409 : 404,
        opened.code,
        opened.message,
      );
    const m = opened.live;
    // Inside the queue: the match is at its stored version (no entry not yet committed).
    const answer = await m.enqueue(async (): Promise<MatchLogAnswer | undefined> => {
      await m.refresh();
      const version = m.version;
      const before = Math.min(query.output.before ?? version + 1, version + 1);
      const from = Math.max(1, before - (query.output.limit ?? DEFAULT_LOG_PAGE));
      const read = await m.logEntries(seat, from, before - 1);
      if (read === undefined) return undefined;
      return { match: id, version, entries: read.entries, more: read.complete ? from > 1 : false };
    });
    if (answer === undefined)
      return fail(
        reply,
        409,
        'match_quarantined',
        'this match is quarantined: its stored history is damaged',
      );
    if (m.sessions.size === 0 && m.isQuiet()) host.unloadIfIdle(id);
    return answer;
  });

  // The caller's own matches: scoped to the creator identity `POST /matches` would give it.
  app.get('/matches', async (request, reply) => {
    const decision = host.options.authorizeCreate
      ? await host.options.authorizeCreate({ ip: request.ip, headers: request.headers, game: '' })
      : ({ ok: true } as const);
    if (!decision.ok)
      return fail(reply, decision.status ?? 403, 'list_refused', decision.message.slice(0, 200));
    if (storage.listMatches === undefined)
      return fail(reply, 501, 'not_supported', 'this server’s storage cannot list matches');
    const rows = await storage.listMatches(decision.creator ?? clientOf(request.ip), 50);
    return {
      matches: rows.map((m) => ({
        match: m.id,
        game: m.game,
        players: m.setup.players,
        status: m.status,
        createdAt: m.createdAt,
        names: m.config.names ?? Array<null>(m.setup.players).fill(null),
        bots: m.config.bots,
      })),
    };
  });

  app.post('/tokens/revoke', async (request, reply) => {
    const auth = request.headers.authorization;
    const token = bearerToken(auth) ?? '';
    if (!(await host.revoke(token)))
      return fail(reply, 401, 'unauthorized', 'no valid seat token in the Authorization header');
    return reply.code(204).send();
  });
}
