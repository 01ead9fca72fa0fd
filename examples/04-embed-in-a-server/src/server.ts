/**
 * A small game server: HTTP to create and inspect matches, one WebSocket per seat to play.
 *
 * The three rules of embedding Ruleloom in a server:
 * 1. every client action goes through `match.apply(seat, action)`, with the seat taken from
 *    the connection (its secret token), never from the message;
 * 2. each client receives only `match.view(seat)`, its legal actions and `match.logFor(seat)`:
 *    never `match.state`, the seed or a save of a running match;
 * 3. after every accepted action the save (`match.toJSON()`) is stored, so a match survives a
 *    restart: `restoreMatch` replays it and checks its hash.
 */
import { randomInt, randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  createMatch,
  publicOptions,
  redactLog,
  restoreMatch,
  validateSetup,
  type AnyGame,
  type Match,
} from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ActionMessage, CreatedMatch, ServerMessage, UpdateMessage } from './protocol.js';
import { SaveStore } from './store.js';

/** The games this server hosts, by id. */
export const GAMES: Readonly<Record<string, AnyGame>> = { [stAugustine.id]: stAugustine };

/** Settings of {@link startGameServer}. */
export interface GameServerOptions {
  /** SQLite file for the saves (`':memory:'` keeps nothing). */
  readonly database: string;
  /** Loopback by default. */
  readonly host?: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Where match seeds come from (default: a cryptographic random integer). */
  readonly newSeed?: () => number;
}

/** A running server. */
export interface GameServer {
  /** `http://host:port` */
  readonly url: string;
  /** The hosted match (trusted, server-side code only: tests use it to check for leaks). */
  hosted(id: string): Match | undefined;
  close(): Promise<void>;
}

/** What the server needs of a client socket. */
interface ClientSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  terminate(): void;
}

interface Hosted {
  readonly id: string;
  readonly game: AnyGame;
  readonly match: Match;
  readonly tokens: readonly string[];
  readonly sockets: Set<{ readonly seat: number; readonly socket: ClientSocket }>;
}

const MAX_MESSAGE_BYTES = 64 * 1024;

/** Starts the server and resumes every unfinished match found in the database. */
export async function startGameServer(options: GameServerOptions): Promise<GameServer> {
  const store = new SaveStore(options.database);
  const matches = new Map<string, Hosted>();
  const newSeed = options.newSeed ?? (() => randomInt(0, 2 ** 47));

  for (const stored of store.unfinished()) {
    const game = GAMES[stored.game];
    const restored = game === undefined ? undefined : restoreMatch(game, stored.save);
    if (game !== undefined && restored?.ok === true) {
      matches.set(stored.id, {
        ...stored,
        game,
        match: restored.match as Match,
        sockets: new Set(),
      });
    }
  }

  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: MAX_MESSAGE_BYTES });
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  const persist = (h: Hosted): void => {
    store.put({
      id: h.id,
      game: h.game.id,
      tokens: h.tokens,
      save: h.match.toJSON(),
      over: h.match.isOver,
    });
  };

  const send = (socket: ClientSocket, message: ServerMessage): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  /** What one seat may know now: its view, its legal actions, and the last entry as it may see it. */
  const updateFor = (h: Hosted, seat: number, withEntry: boolean): UpdateMessage => {
    // Redact only the newest entry (`match.logFor(seat)` would redact the whole log).
    // Events are redacted by audience; the action itself is public in St. Augustine.
    const last = withEntry ? h.match.log.at(-1) : undefined;
    return {
      type: 'update',
      matchId: h.id,
      seat,
      view: h.match.view(seat),
      toAct: h.match.toAct,
      legalActions: h.match.legalActions(seat),
      entry: last === undefined ? null : (redactLog([last], seat)[0] ?? null),
      isOver: h.match.isOver,
      result: h.match.result,
    };
  };

  app.post<{ Body: { game?: unknown; players?: unknown; options?: unknown } }>(
    '/matches',
    async (request, reply) => {
      const body = request.body;
      const game = typeof body.game === 'string' ? GAMES[body.game] : undefined;
      if (game === undefined) {
        return reply
          .code(404)
          .send({ error: `unknown game; this server hosts: ${Object.keys(GAMES).join(', ')}` });
      }
      // The seed is the server's secret: with it and the actions, anyone could rebuild the deck.
      const setup = { seed: newSeed(), players: body.players, options: body.options ?? {} };
      const checked = validateSetup(game, setup);
      if (!checked.ok) return reply.code(400).send({ errors: checked.errors });
      const match = createMatch(game, setup as Parameters<typeof createMatch>[1]) as Match;
      const tokens = Array.from({ length: match.engine.players }, () => randomUUID());
      const hosted: Hosted = { id: randomUUID(), game, match, tokens, sockets: new Set() };
      matches.set(hosted.id, hosted);
      persist(hosted);
      const created: CreatedMatch = {
        id: hosted.id,
        game: game.id,
        seats: tokens.map((token, seat) => ({ seat, token })),
      };
      return reply.code(201).send(created);
    },
  );

  app.get<{ Params: { id: string } }>('/matches/:id', async (request, reply) => {
    const h = matches.get(request.params.id);
    if (h === undefined) return reply.code(404).send({ error: 'no such match' });
    return {
      id: h.id,
      game: h.game.id,
      players: h.match.engine.players,
      // Secret options (a fixed deck order) are left out.
      options: publicOptions(h.game, h.match.setup.options),
      toAct: h.match.toAct,
      isOver: h.match.isOver,
      result: h.match.result,
      view: h.match.view('spectator'),
    };
  });

  // A save holds the seed: it is served only once the match is over.
  app.get<{ Params: { id: string } }>('/matches/:id/save', async (request, reply) => {
    const h = matches.get(request.params.id);
    const stored = h === undefined ? store.get(request.params.id) : undefined;
    if (h === undefined && stored === undefined)
      return reply.code(404).send({ error: 'no such match' });
    if (h !== undefined ? !h.match.isOver : stored?.over !== true)
      return reply.code(409).send({ error: 'the save is available once the match is over' });
    return h !== undefined ? h.match.toJSON() : stored?.save;
  });

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/matches/:id/play',
    { websocket: true },
    (socket, request) => {
      const h = matches.get(request.params.id);
      const seat = h === undefined ? -1 : h.tokens.indexOf(request.query.token ?? '');
      if (h === undefined || seat < 0) {
        socket.close(1008, 'unknown match or seat token');
        return;
      }
      const client = { seat, socket };
      h.sockets.add(client);
      socket.on('close', () => h.sockets.delete(client));
      socket.on('message', (data: Buffer) => {
        let message: Partial<ActionMessage>;
        try {
          message = JSON.parse(data.toString('utf8')) as Partial<ActionMessage>;
        } catch {
          send(socket, {
            type: 'rejected',
            error: { code: 'malformed_message', message: 'a message must be JSON' },
          });
          return;
        }
        if (typeof message !== 'object' || message === null || message.type !== 'action') {
          send(socket, {
            type: 'rejected',
            error: { code: 'malformed_message', message: "expected { type: 'action', action }" },
          });
          return;
        }
        // The engine checks everything else: shape, turn, legality. Rejected: nothing changed.
        const applied = h.match.apply(seat, message.action);
        if (!applied.ok) {
          send(socket, { type: 'rejected', error: applied.error });
          return;
        }
        persist(h);
        for (const other of h.sockets) send(other.socket, updateFor(h, other.seat, true));
      });
      send(socket, updateFor(h, seat, false));
    },
  );

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  let closed = false;
  return {
    url: `http://${address.address}:${String(address.port)}`,
    hosted: (id) => matches.get(id)?.match,
    async close() {
      if (closed) return;
      closed = true;
      for (const h of matches.values()) for (const c of h.sockets) c.socket.terminate();
      await app.close();
      store.close();
    },
  };
}
