import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { stAugustine } from '@ruleloom/st-augustine';
import {
  createdMatchSchema,
  createGameServer,
  createSqliteStorage,
  parseHttpBody,
  type CreatedMatch,
  type GameServer,
  type GameServerOptions,
  type GameStorage,
  type HostedGame,
} from '../../src/index.js';

/** Both shipped games, with module references so bots can run in worker threads. */
export const HOSTED_GAMES: readonly HostedGame[] = [
  {
    game: stAugustine,
    module: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
    heuristic: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
  },
  {
    game: colonialFlorida,
    module: { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' },
    heuristic: { module: '@ruleloom/colonial-florida', export: 'colonialFloridaHeuristic' },
  },
];

export const SECRET = 'test-secret-0123456789abcdef';

/** A started server on 127.0.0.1 with a fresh SQLite file; `stop` removes everything. */
export interface Started {
  readonly server: GameServer;
  readonly url: string;
  readonly dir: string;
  /** The server's storage (usable while it runs: same process). */
  readonly storage: GameStorage;
  stop(): Promise<void>;
}

export async function startServer(
  overrides: Partial<GameServerOptions> & { storage?: GameStorage } = {},
): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-server-test-'));
  const storage = overrides.storage ?? createSqliteStorage({ file: join(dir, 'matches.sqlite') });
  const server = await createGameServer({
    games: HOSTED_GAMES,
    secret: SECRET,
    ...overrides,
    storage,
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    url,
    dir,
    storage,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** POST /matches; returns status and JSON body. */
export async function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/** A created match: id and seat tokens (the protocol's `201` body). */
export type Created = CreatedMatch;

export async function createMatchOver(
  url: string,
  body: Record<string, unknown>,
): Promise<Created> {
  const r = await post(url, '/matches', body);
  if (r.status !== 201)
    throw new Error(`create failed ${String(r.status)} ${JSON.stringify(r.body)}`);
  const created = parseHttpBody(createdMatchSchema, r.body);
  if (created === null) throw new Error(`not a created match: ${JSON.stringify(r.body)}`);
  return created;
}
