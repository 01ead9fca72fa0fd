import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { BotScheduler, resolveBotBudget } from '../bots/bot-budget.js';
import { BotRunner } from '../bots/bot-runner.js';
import { storedBotKind, unknownBotMessage } from '../bots/server-bot-kinds.js';
import { resolveGames } from '../games/hosted-game.js';
import { hostedForStored, resolveVariants } from '../games/hosted-variants.js';
import { parseJsonWithLimits } from '../limits/parse-json.js';
import { clientKey } from '../limits/client-key.js';
import { resolveLimits } from '../limits/server-limits.js';
import { LiveMatch } from '../match/live-match.js';
import { loadStoredMatch } from '../match/restore-live-match.js';
import { CLOSE_CODES } from '../protocol/protocol-constants.js';
import {
  unreadableRowProblem,
  type MatchProblem,
  type StorageEvent,
} from '../storage/game-storage.js';
import { SeatTokens } from '../tokens/seat-tokens.js';
import { bearerToken } from './bearer-token.js';
import type { RuleloomServerHandle, RuleloomServerOptions } from './game-server-options.js';
import { registerHttpRoutes, type HttpHost } from './http-routes.js';
import { registerOpenMatchRoutes, takeJoinedSeat } from './open-match-routes.js';
import { SocketSession, type SessionHost } from './socket-session.js';

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Ruleloom server registered on this app (see `ruleloomServer`). */
    ruleloom: RuleloomServerHandle;
  }
}

type Opened = LiveMatch | { code: string; message: string; close: number };

/** The plugin body: everything of the server, its routes in an encapsulated child scope. */
const plugin: FastifyPluginAsync<RuleloomServerOptions> = async (fastify, options) => {
  const limits = resolveLimits(options.limits);
  const games = resolveGames(options.games);
  const variants = resolveVariants(games, options.variants ?? []);
  const storage = options.storage;
  const random = options.randomBytes ?? ((n: number) => cryptoRandomBytes(n));
  try {
    await storage.init();
  } catch (error) {
    await storage.close().catch(() => undefined);
    throw error;
  }
  const tokens = new SeatTokens(options.secret ?? cryptoRandomBytes(32));
  const botThreads = Math.max(1, options.botThreads ?? 1);
  const botBudget = resolveBotBudget(options.botBudget);
  const now = options.now ?? ((): number => Date.now());
  const bots = new BotScheduler(
    new BotRunner(botThreads, games.values(), limits.botDecisionMs),
    botThreads,
    botBudget,
    now,
  );
  const log = fastify.log;

  const live = new Map<string, LiveMatch>();
  const loading = new Map<string, Promise<Opened>>();
  const byToken = new Map<string, Set<SocketSession>>();
  const tokenOf = new Map<SocketSession, string>();
  const counted = new Set<SocketSession>();
  const perIp = new Map<string, number>();
  const deps = {
    storage,
    bots,
    limits,
    log,
    now,
    onQuarantine: (id: string) => live.delete(id),
    // A match nobody is connected to leaves memory; the next join or GET reloads it.
    onIdle: (id: string) => unloadIfIdle(id),
  };

  function unloadIfIdle(id: string): void {
    const m = live.get(id);
    if (m !== undefined && m.sessions.size === 0 && m.isQuiet()) {
      live.delete(id);
      m.shutdown(CLOSE_CODES.goingAway, 'unloaded');
    }
  }

  /**
   * Loads a match; a stored row of it that does not parse (its match row included) quarantines
   * it with the problem `row_unreadable`, as a broken hash chain does.
   */
  async function load(id: string): Promise<Opened> {
    try {
      return await loadStored(id);
    } catch (error) {
      const problem = unreadableRowProblem(error);
      if (problem === undefined) throw error;
      return quarantine(id, problem);
    }
  }

  /** Marks a match quarantined with its problem (logged) and answers the join with it. */
  async function quarantine(id: string, problem: MatchProblem): Promise<Opened> {
    log.warn({ match: id, code: problem.code }, `match quarantined: ${problem.message}`);
    await storage.setStatus(id, 'quarantined', problem);
    return {
      code: 'match_quarantined',
      message: `this match is quarantined: ${problem.message}`,
      close: CLOSE_CODES.matchQuarantined,
    };
  }

  async function loadStored(id: string): Promise<Opened> {
    const stored = await storage.getMatch(id);
    if (stored === undefined)
      return {
        code: 'match_not_found',
        message: 'no such match',
        close: CLOSE_CODES.matchNotFound,
      };
    if (stored.status === 'quarantined')
      return {
        code: 'match_quarantined',
        message: `this match is quarantined: ${stored.problem?.message ?? 'its history does not restore'}`,
        close: CLOSE_CODES.matchQuarantined,
      };
    const hosted = hostedForStored(games, variants, stored);
    // A bot name no server ever had (a former name maps to its catalog bot) is not guessed.
    const badBot = stored.config.bots.find((b) => storedBotKind(b.bot) === undefined);
    // The newest snapshot and the actions after it (see loadStoredMatch).
    const restored =
      badBot === undefined
        ? await loadStoredMatch(storage, hosted, stored)
        : {
            ok: false as const,
            problem: {
              code: 'unknown_bot',
              message: `seat ${String(badBot.seat)}: ${unknownBotMessage(badBot.bot)}`,
            },
          };
    if (!restored.ok || hosted === undefined) {
      return quarantine(
        id,
        restored.ok ? { code: 'unknown_game', message: 'unknown game' } : restored.problem,
      );
    }
    const m = new LiveMatch(stored, hosted, restored.match, restored.rows, deps, restored.lastSeqs);
    live.set(id, m);
    void m
      .start()
      .catch((error: unknown) => log.error({ err: error, match: id }, 'starting a match failed'));
    return m;
  }

  const open: HttpHost['open'] = async (id) => {
    if (!MATCH_ID.test(id))
      return {
        ok: false,
        code: 'match_not_found',
        message: 'no such match',
        close: CLOSE_CODES.matchNotFound,
      };
    const found = live.get(id);
    if (found !== undefined) return { ok: true, live: found };
    let pending = loading.get(id);
    if (pending === undefined) {
      pending = load(id).finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    const r = await pending;
    return r instanceof LiveMatch ? { ok: true, live: r } : { ok: false, ...r };
  };

  /** The one seat-token check (WebSocket `join` and HTTP routes): signature, match, revocation. */
  const authorize: SessionHost['authorize'] = async (token, match) => {
    const checked = tokens.verify(token, now());
    if (!checked.ok) return { ...checked, close: CLOSE_CODES.unauthorized };
    if (checked.claim.match !== match)
      return {
        ok: false,
        code: 'unauthorized',
        message: 'the seat token is for another match',
        close: CLOSE_CODES.unauthorized,
      };
    if (!(await storage.isTokenLive(checked.hash)))
      return {
        ok: false,
        code: 'token_revoked',
        message: 'the seat token was revoked',
        close: CLOSE_CODES.unauthorized,
      };
    return checked;
  };

  const sessionHost: SessionHost = {
    limits,
    log,
    now,
    authorize,
    isTokenLive: (hash) => storage.isTokenLive(hash),
    shared: storage.shared,
    open,
    seatJoined: (stored, seat) => takeJoinedSeat(storage, stored, seat),
    track(session, hash) {
      if (hash === null) return;
      let set = byToken.get(hash);
      if (set === undefined) byToken.set(hash, (set = new Set()));
      set.add(session);
      tokenOf.set(session, hash);
    },
    release(session) {
      const hash = tokenOf.get(session);
      if (hash !== undefined) {
        byToken.get(hash)?.delete(session);
        if (byToken.get(hash)?.size === 0) byToken.delete(hash);
        tokenOf.delete(session);
      }
      if (counted.delete(session)) {
        const n = (perIp.get(session.client) ?? 1) - 1;
        if (n <= 0) perIp.delete(session.client);
        else perIp.set(session.client, n);
      }
    },
  };

  function closeRevoked(hash: string): void {
    for (const s of [...(byToken.get(hash) ?? [])])
      s.closeWhenAnswered(CLOSE_CODES.revoked, 'token_revoked');
  }

  async function revoke(token: string): Promise<boolean> {
    const checked = tokens.verify(token, now());
    if (!checked.ok || !(await storage.isTokenLive(checked.hash))) return false;
    await storage.revokeToken(checked.hash);
    closeRevoked(checked.hash);
    // A listed match offers a seat its player left (no live token holds it) again.
    await storage.releaseSeat?.(checked.claim.match, checked.claim.seat, now());
    return true;
  }

  async function issue(match: string, seat: number): Promise<string> {
    const t = tokens.issue(match, seat, limits.tokenTtlMs, now());
    await storage.addToken({ hash: t.hash, match, seat, expiresAt: t.expiresAt });
    return t.token;
  }

  fastify.decorate('ruleloom', {
    issueSeatToken: issue,
    revokeSeatToken: revoke,
  } satisfies RuleloomServerHandle);

  // Events from every process of the deployment (shared storage only).
  const onEvent = (event: StorageEvent): void => {
    if (event.type === 'revoked') {
      closeRevoked(event.hash);
      return;
    }
    const m = live.get(event.match);
    if (m === undefined) return;
    if (event.type === 'names') {
      void m
        .enqueue(() => m.refreshNames())
        .catch((error: unknown) =>
          log.error({ err: error, match: event.match }, 'taking in new names failed'),
        );
      return;
    }
    if (event.type === 'chat') {
      // A line another process stored: read and sent in the chat's order (each once).
      void m.chat
        .enqueue(() => m.chat.catchUp())
        .catch((error: unknown) =>
          log.error({ err: error, match: event.match }, 'taking in chat lines failed'),
        );
      return;
    }
    if (event.type === 'quarantined') {
      void m
        .enqueue(() => {
          m.quarantinedElsewhere();
          return Promise.resolve();
        })
        .catch((error: unknown) =>
          log.error({ err: error, match: event.match }, 'closing a quarantined match failed'),
        );
      return;
    }
    if (event.version > m.version)
      void m
        .enqueue(() => m.refresh())
        .catch((error: unknown) =>
          log.error({ err: error, match: event.match }, 'catching up failed'),
        );
  };
  const unsubscribe = storage.shared ? await storage.subscribe(onEvent) : undefined;

  // Sockets close before the HTTP server stops waiting for them; the rest after.
  fastify.addHook('preClose', (done) => {
    for (const m of live.values()) m.shutdown(CLOSE_CODES.goingAway, 'server closing');
    live.clear();
    done();
  });
  fastify.addHook('onClose', async () => {
    await unsubscribe?.();
    await bots.close();
    await storage.close();
  });

  // The routes, parser and error handler live in a child scope: the host app's own
  // parser, error handler and not-found handler stay as they are.
  await fastify.register(
    async (scope: FastifyInstance) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: limits.maxBodyBytes },
        (_request, body, done) => {
          const parsed = parseJsonWithLimits(body as string, limits.maxJsonDepth);
          if (parsed.ok) done(null, parsed.value);
          else
            done(
              Object.assign(new Error(parsed.message), { statusCode: 400, code: parsed.code }),
              undefined,
            );
        },
      );
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 400 && status < 500) {
          const code =
            status === 413
              ? 'body_too_large'
              : status === 415
                ? 'unsupported_media_type'
                : /^[a-z_]+$/.test(error.code)
                  ? error.code
                  : 'malformed_message';
          return reply.code(status).send({ error: { code, message: error.message.slice(0, 200) } });
        }
        const id = cryptoRandomBytes(8).toString('hex');
        request.log.error({ err: error, errorId: id }, 'unexpected error in an HTTP handler');
        return reply
          .code(500)
          .send({ error: { code: 'internal_error', message: `internal error (id ${id})` } });
      });
      // A not-found handler of our own only under a prefix of our own (never the app's root).
      const prefix = scope.prefix;
      if (prefix !== '' && prefix !== '/')
        scope.setNotFoundHandler((_request, reply) =>
          reply.code(404).send({ error: { code: 'not_found', message: 'no such route' } }),
        );

      if (!scope.hasDecorator('websocketServer'))
        await scope.register(websocket, { options: { maxPayload: limits.maxFrameBytes } });
      scope.get('/play', { websocket: true }, (socket, request) => {
        const auth = request.headers.authorization;
        const headerToken = bearerToken(auth);
        // Counted per client: an IPv4 address, an IPv6 network (limits.ipv6ClientPrefix).
        const client = clientKey(request.ip, limits.ipv6ClientPrefix);
        const session = new SocketSession(socket, sessionHost, headerToken, client);
        const n = perIp.get(client) ?? 0;
        if (n >= limits.connectionsPerIp) {
          session.close(CLOSE_CODES.tooManyConnections, 'too many connections from this address');
          return;
        }
        perIp.set(client, n + 1);
        counted.add(session);
      });
      const httpHost: HttpHost = {
        games,
        variants,
        storage,
        limits,
        tokens,
        options,
        botBudget,
        random,
        open,
        authorize,
        now,
        live,
        revoke,
        closeRevoked,
        unloadIfIdle,
      };
      registerHttpRoutes(scope, httpHost);
      registerOpenMatchRoutes(scope, httpHost);
    },
    options.prefix === undefined ? {} : { prefix: options.prefix },
  );
};

/**
 * The Ruleloom server as a Fastify plugin: `app.register(ruleloomServer, options)` adds the
 * HTTP routes (`/health`, `/games`, `/matches`, `/tokens/revoke`) and the WebSocket `/play`
 * (under the `prefix` you give), and `app.ruleloom` ({@link RuleloomServerHandle}). Its JSON
 * parser, error handler and (under a prefix) not-found handler apply to its own routes only;
 * it registers `@fastify/websocket` unless the app already has it. When the app closes it
 * closes every game connection (code 1001), stops bots and timers and closes the storage.
 *
 * @example
 * ```ts
 * const app = Fastify();
 * await app.register(ruleloomServer, {
 *   prefix: '/ruleloom',
 *   games: [stAugustine],
 *   storage: createSqliteStorage({ file: 'matches.sqlite' }),
 *   secret: process.env.RULELOOM_SECRET,
 * });
 * await app.listen({ port: 8080, host: '127.0.0.1' });
 * ```
 * @public
 */
export const ruleloomServer: FastifyPluginAsync<RuleloomServerOptions> = fp(plugin, {
  fastify: '5.x',
  name: '@ruleloom/server',
});
