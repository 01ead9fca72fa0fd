import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clientKey,
  CLOSE_CODES,
  createGameServer,
  createSqliteStorage,
  type GameServer,
  type ServerLimits,
} from '../src/index.js';
import { HOSTED_GAMES, post, SECRET } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-client-identity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 45 addresses of one /64 (2001:db8:1:2::/64), each its own host part. */
const ONE_NETWORK = Array.from(
  { length: 45 },
  (_, i) =>
    `2001:db8:1:2:${(0x1000 + i * 37).toString(16)}:${(i * 977).toString(16)}::${(i + 1).toString(16)}`,
);

let servers = 0;

/** A server behind a trusted proxy (this host): the client address is X-Forwarded-For. */
async function behindProxy(
  limits: Partial<ServerLimits>,
): Promise<{ server: GameServer; url: string }> {
  servers += 1;
  const server = await createGameServer({
    games: HOSTED_GAMES,
    secret: SECRET,
    storage: createSqliteStorage({ file: join(dir, `s${String(servers)}.sqlite`) }),
    trustProxy: '127.0.0.1',
    limits,
  });
  return { server, url: await server.listen() };
}

const body = { game: 'st-augustine', players: 2 };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('clientKey: who a per-client limit counts', () => {
  it('an IPv4 address by itself, an IPv6 address by its network (default /64)', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8:1:2:aaaa::1', 48)).toBe('2001:db8:1::/48');
    expect(clientKey('2001:db8:1:2:aaaa::1', 128)).toBe('2001:db8:1:2:aaaa::1/128');
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('not an address')).toBe('not an address');
    expect(new Set(ONE_NETWORK.map((ip) => clientKey(ip)))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(new Set(ONE_NETWORK).size).toBe(45);
  });
});

describe('45 addresses of one /64 through a trusted proxy get the limits of one client', () => {
  it('matches per creator: 2 matches for the whole /64; another /64 and an IPv4 client get their own', async () => {
    const { server, url } = await behindProxy({ matchesPerCreator: 2 });
    try {
      const statuses: number[] = [];
      for (const ip of ONE_NETWORK)
        statuses.push((await post(url, '/matches', body, from(ip))).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
      expect((await post(url, '/matches', body, from('2001:db8:1:3::1'))).status).toBe(201);
      expect((await post(url, '/matches', body, from('203.0.113.1'))).status).toBe(201);
      // The listing of "your matches" is scoped to the same client.
      const listed = (await (
        await fetch(`${url}/matches`, { headers: from(ONE_NETWORK[44]!) })
      ).json()) as { matches: unknown[] };
      expect(listed.matches).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('connections per address: 3 open for the whole /64 (the rest closed 4009); another /64 still connects', async () => {
    const { server, url } = await behindProxy({ connectionsPerIp: 3 });
    const clients: TestClient[] = [];
    try {
      const match = (await post(url, '/matches', body, from('203.0.113.9'))).body.match as string;
      for (const ip of ONE_NETWORK) clients.push(await TestClient.connectWith(url, from(ip)));
      const closes = await Promise.all(clients.slice(3).map((c) => c.waitClose()));
      expect(closes.every((c) => c.code === CLOSE_CODES.tooManyConnections)).toBe(true);
      for (const c of clients.slice(0, 3))
        expect((await c.reply(c.send({ type: 'spectate', match }))).type).toBe('welcome');
      const other = await TestClient.connectWith(url, from('2001:db8:1:3::1'));
      clients.push(other);
      expect((await other.reply(other.send({ type: 'spectate', match }))).type).toBe('welcome');
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });

  it('log requests per address: one bucket for the whole /64', async () => {
    // A rate that refills nothing during the test: exactly the burst is answered.
    const { server, url } = await behindProxy({ messagesPerSecond: 0.0001, messageBurst: 5 });
    try {
      const match = (await post(url, '/matches', body, from('203.0.113.9'))).body.match as string;
      const statuses: number[] = [];
      for (const ip of ONE_NETWORK)
        statuses.push((await fetch(`${url}/matches/${match}/log`, { headers: from(ip) })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      const other = await fetch(`${url}/matches/${match}/log`, {
        headers: from('2001:db8:1:3::1'),
      });
      expect(other.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('ipv6ClientPrefix 128 counts every IPv6 address on its own', async () => {
    const { server, url } = await behindProxy({ matchesPerCreator: 1, ipv6ClientPrefix: 128 });
    try {
      for (const ip of ONE_NETWORK.slice(0, 3))
        expect((await post(url, '/matches', body, from(ip))).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('refuses an ipv6ClientPrefix that is not a whole number from 1 to 128', async () => {
    for (const ipv6ClientPrefix of [0, 129, 64.5])
      await expect(behindProxy({ ipv6ClientPrefix })).rejects.toThrow(/ipv6ClientPrefix/);
  });
});
