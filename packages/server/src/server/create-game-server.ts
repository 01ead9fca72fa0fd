import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import type { GameServer, GameServerOptions } from './game-server-options.js';
import { ruleloomServer } from './ruleloom-server.js';

/**
 * Creates a multiplayer server for Ruleloom games: a Fastify app of its own with the
 * {@link ruleloomServer} plugin registered at its root, plus the app-wide answers in the
 * documented shape (`{ error: { code, message } }`) for unknown routes and malformed URLs.
 *
 * @example
 * ```ts
 * const server = await createGameServer({
 *   games: [{ game: stAugustine, module: { module: '@ruleloom/st-augustine', export: 'stAugustine' } }],
 *   storage: createSqliteStorage({ file: 'matches.sqlite' }),
 *   secret: process.env.RULELOOM_SECRET,
 * });
 * console.log(await server.listen({ port: 8080, host: '127.0.0.1' }));
 * ```
 * @public
 */
export async function createGameServer(options: GameServerOptions): Promise<GameServer> {
  const trust = options.trustProxy ?? false;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: typeof trust === 'boolean' || typeof trust === 'string' ? trust : [...trust],
    forceCloseConnections: true,
    genReqId: () => randomUUID(),
    // A URL the router cannot even decode: the documented shape, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .code(400)
        .send({ error: { code: 'malformed_message', message: error.message.slice(0, 200) } });
    },
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: { code: 'not_found', message: 'no such route' } }),
  );
  try {
    await app.register(ruleloomServer, options);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    app,
    async listen(opts) {
      await app.listen({ port: opts?.port ?? 0, host: opts?.host ?? '127.0.0.1' });
      const address = app.server.address();
      const port =
        typeof address === 'object' && address !== null ? address.port : (opts?.port ?? 0);
      const host = opts?.host ?? '127.0.0.1';
      return `http://${host.includes(':') ? `[${host}]` : host}:${String(port)}`;
    },
    issueSeatToken: (match, seat) => app.ruleloom.issueSeatToken(match, seat),
    revokeSeatToken: (token) => app.ruleloom.revokeSeatToken(token),
    close() {
      closing ??= app.close();
      return closing;
    },
  };
}
