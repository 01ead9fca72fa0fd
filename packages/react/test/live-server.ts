import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createGameServer,
  createSqliteStorage,
  type GameServer,
  type GameServerOptions,
} from '@ruleloom/server';
import { stAugustine } from '@ruleloom/st-augustine';
import { settle } from './setup-dom.js';

/**
 * fetch over node:http: happy-dom's own fetch applies a page's CORS rules, and the test
 * page's origin is not the server's. The server and the requests are real.
 */
export const nodeFetch = ((input: string, init: RequestInit = {}) =>
  new Promise<Response>((resolve, reject) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const req = request(input, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve(
          new Response(res.statusCode === 204 ? null : body, { status: res.statusCode ?? 500 }),
        );
      });
    });
    req.on('error', reject);
    if (typeof init.body === 'string') req.write(init.body);
    req.end();
  })) as unknown as typeof fetch;

/** A real game server for one test file: St. Augustine with its bots, on a fresh SQLite file. */
export interface LiveServer {
  readonly server: GameServer;
  /** Its `http://127.0.0.1:<port>` address. */
  readonly url: string;
  /** `POST /matches` with a JSON body: the status and the parsed answer. */
  createMatch(body: unknown): Promise<{ status: number; json: unknown }>;
  /** Closes the server and removes its database. */
  stop(): Promise<void>;
}

/**
 * Starts a {@link LiveServer} on a free loopback port; `options` add to (or replace) the
 * defaults: the game, the storage and a secret named after `name`.
 */
export async function startLiveServer(
  name: string,
  options: Partial<GameServerOptions> = {},
): Promise<LiveServer> {
  const dir = mkdtempSync(join(tmpdir(), `ruleloom-react-${name}-`));
  const server = await createGameServer({
    games: [
      {
        game: stAugustine,
        module: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
        heuristic: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
      },
    ],
    storage: createSqliteStorage({ file: join(dir, 'matches.sqlite') }),
    secret: `react-${name}-test-secret-0123456789`,
    ...options,
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    url,
    async createMatch(body) {
      const r = await nodeFetch(`${url}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: r.status, json: (await r.json()) as unknown };
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls (inside act) until `until` holds, or fails after `ms`. */
export async function eventually(until: () => boolean, ms = 5_000): Promise<void> {
  const end = performance.now() + ms;
  while (!until()) {
    if (performance.now() > end) throw new Error('timed out');
    await settle(() => new Promise((r) => setTimeout(r, 20)));
  }
}
