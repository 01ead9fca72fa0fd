import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type RulesClient } from '@ruleloom/client';
import { createGameServer, createSqliteStorage, type GameServer } from '@ruleloom/server';
import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMatch } from '../src/index.js';
import { mount, settle } from './setup-dom.js';

let server: GameServer;
let url: string;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ruleloom-react-names-'));
  server = await createGameServer({
    games: [
      {
        game: stAugustine,
        module: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
        heuristic: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
      },
    ],
    storage: createSqliteStorage({ file: join(dir, 'matches.sqlite') }),
    secret: 'react-names-test-secret-0123456789',
  });
  url = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** POST /matches over node:http (happy-dom's fetch applies the test page's CORS rules). */
function createMatch(body: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/matches`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Polls (inside act) until `until` holds, or fails after `ms`. */
async function eventually(until: () => boolean, ms = 5_000): Promise<void> {
  const end = performance.now() + ms;
  while (!until()) {
    if (performance.now() > end) throw new Error('timed out');
    await settle(() => new Promise((r) => setTimeout(r, 20)));
  }
}

function Names({ client }: { client: RulesClient }) {
  const s = useMatch(client);
  return <p>{s.names.map((n, seat) => n ?? `Seat ${String(seat + 1)}`).join(', ')}</p>;
}

describe('player names in a React board over a remote client', () => {
  it('a board shows the name another player gave at join at once, with no action played', async () => {
    // Anonymous creation is allowed from loopback; the server and both sockets are real.
    const answer = await createMatch({ game: 'st-augustine', players: 2, names: ['Ana', null] });
    expect(answer.status).toBe(201);
    const created = answer.json as { match: string; seats: { seat: number; token: string }[] };
    const ana = createClient({
      type: 'remote',
      url,
      match: created.match,
      token: created.seats[0]!.token,
    });
    let ben: RulesClient | undefined;
    const mounted = await mount(<Names client={ana} />);
    try {
      await eventually(() => ana.getSnapshot().status === 'open');
      expect(mounted.container.textContent).toBe('Ana, Seat 2');
      // Ben joins only now: Ana's welcome could not have carried his name.
      ben = createClient({
        type: 'remote',
        url,
        match: created.match,
        token: created.seats[1]!.token,
        name: 'Ben',
      });
      await eventually(() => mounted.container.textContent === 'Ana, Ben');
      expect(ana.getSnapshot().version).toBe(0);
    } finally {
      await mounted.unmount();
      ana.close();
      ben?.close();
    }
  });
});
