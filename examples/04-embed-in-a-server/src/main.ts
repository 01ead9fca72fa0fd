/**
 * Embeds `@ruleloom/server` in a program: both games, SQLite storage, bots on worker threads.
 * `pnpm --filter @ruleloom/example-04-embed-in-a-server run example` starts it on a loopback
 * port, plays one St. Augustine match (a scripted human seat against a bot) over a real
 * WebSocket, prints the result and exits. With `--serve` it keeps running on port 8080 for
 * people to connect to (see README.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import {
  createGameServer,
  createSqliteStorage,
  expandLegalActions,
  serverMessageSchema,
  type ServerMessage,
} from '@ruleloom/server';
import { stAugustine } from '@ruleloom/st-augustine';
import * as v from 'valibot';
import { WebSocket } from 'ws';

const serveForever = process.argv.includes('--serve');
const dir = mkdtempSync(join(tmpdir(), 'ruleloom-example-04-'));
const server = await createGameServer({
  games: [
    { game: stAugustine, module: { module: '@ruleloom/st-augustine', export: 'stAugustine' } },
    {
      game: colonialFlorida,
      module: { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' },
    },
  ],
  storage: createSqliteStorage({
    file: serveForever ? 'example-04.sqlite' : join(dir, 'matches.sqlite'),
  }),
  secret: process.env.RULELOOM_SECRET ?? 'example-04-secret-change-me',
});
const url = await server.listen({ port: serveForever ? 8080 : 0, host: '127.0.0.1' });
console.log(`server listening on ${url}`);
if (serveForever) {
  process.once('SIGINT', () => void server.close());
} else {
  try {
    await playOneMatch(url);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Creates a match (seat 1 a bot) and plays seat 0 by always taking the last legal action. */
async function playOneMatch(base: string): Promise<void> {
  const created = (await (
    await fetch(`${base}/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'st-augustine',
        players: 2,
        options: { turns: 6, trading: 'off' },
        bots: [{ seat: 1, bot: 'random' }],
      }),
    })
  ).json()) as { match: string; seats: { seat: number; token: string }[] };
  console.log(`match ${created.match} created; seat 1 is a bot`);
  const socket = new WebSocket(`${base.replace('http', 'ws')}/play`, {
    headers: { authorization: `Bearer ${created.seats[0]!.token}` },
  });
  let seq = 0;
  let sent = 0;
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'join', seq: ++seq, match: created.match })),
    );
    socket.on('close', (code) => reject(new Error(`closed with ${String(code)}`)));
    socket.on('message', (data: Buffer) => {
      // Clients validate what they receive with the schema the package publishes.
      const parsed = v.safeParse(serverMessageSchema, JSON.parse(data.toString()));
      if (!parsed.success) return reject(new Error('unexpected message from the server'));
      const m: ServerMessage = parsed.output;
      if (m.type === 'error') return reject(new Error(`${m.code}: ${m.message}`));
      if (m.type !== 'welcome' && m.type !== 'update') return;
      if (m.isOver) {
        console.log(
          `game over at version ${String(m.version)}: scores ${m.result?.scores.join(' / ') ?? '?'}, winners ${m.result?.winners.join(', ') ?? '?'}`,
        );
        console.log(`seat 0 sent ${String(sent)} actions`);
        socket.removeAllListeners('close');
        socket.close();
        return resolve();
      }
      const action = expandLegalActions(m.legal).at(-1);
      if (action !== undefined) {
        sent++;
        socket.send(JSON.stringify({ type: 'act', seq: ++seq, action, version: m.version }));
      }
    });
  });
}
