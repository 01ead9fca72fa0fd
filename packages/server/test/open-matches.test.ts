import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteStorage, type GameStorage } from '../src/index.js';
import {
  describeOpenMatches,
  describeOpenMatchesRate,
  openMatchesServer,
  steppingClock,
  type OpenMatchesRig,
} from './helpers/open-matches-suite.js';
import { createMatchOver, post } from './helpers/start-server.js';

/** One server on a SQLite file (or SQLite in memory); both URLs are the same process. */
async function sqliteRig(
  file: 'file' | ':memory:',
  limits: Parameters<typeof openMatchesServer>[2] = {},
): Promise<OpenMatchesRig> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-open-matches-'));
  const storage = createSqliteStorage({
    file: file === 'file' ? join(dir, 'matches.sqlite') : ':memory:',
  });
  const { server, url } = await openMatchesServer(storage, steppingClock(), limits);
  return {
    urlA: url,
    urlB: url,
    storage,
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describeOpenMatches('SQLite file', () => sqliteRig('file'));
describeOpenMatches('SQLite in memory', () => sqliteRig(':memory:'));

describe('open matches: rate limit (SQLite)', () => {
  describeOpenMatchesRate(() => sqliteRig('file', { messageBurst: 3, messagesPerSecond: 1 }));
});

describe('open matches: a custom storage without part of the listing', () => {
  /** SQLite in memory without the named methods, as a custom adapter might be. */
  async function without(...methods: (keyof GameStorage)[]): Promise<OpenMatchesRig> {
    const sqlite = createSqliteStorage({ file: ':memory:' });
    const storage = new Proxy(sqlite, {
      get: (target, key, receiver) =>
        methods.includes(key as keyof GameStorage)
          ? undefined
          : (Reflect.get(target, key, receiver) as unknown),
    });
    const { server, url } = await openMatchesServer(storage, steppingClock());
    return { urlA: url, urlB: url, storage, stop: () => server.close() };
  }

  it.each([['listOpenMatches'], ['claimSeat'], ['revokeSeatTokens']] as const)(
    'without %s: the list, a claim and a listed creation answer 501, a private match is made',
    async (method) => {
      const rig = await without(method);
      try {
        const notSupported = {
          error: { code: 'not_supported', message: 'this server’s storage cannot list matches' },
        };
        const list = await fetch(`${rig.urlA}/matches/open`);
        expect(list.status).toBe(501);
        expect(await list.json()).toEqual(notSupported);
        const listed = await post(rig.urlA, '/matches', {
          game: 'st-augustine',
          players: 2,
          listed: true,
        });
        expect(listed).toEqual({ status: 501, body: notSupported });
        const m = await createMatchOver(rig.urlA, { game: 'st-augustine', players: 2 });
        const claim = await post(rig.urlA, `/matches/${m.match}/claim`, { seat: 1 });
        expect(claim).toEqual({ status: 501, body: notSupported });
      } finally {
        await rig.stop();
      }
    },
  );

  it('without releaseSeat: a seat its player left stays taken (nothing fails)', async () => {
    const rig = await without('releaseSeat');
    try {
      const m = await createMatchOver(rig.urlA, { game: 'st-augustine', players: 2, listed: true });
      const claim = await post(rig.urlA, `/matches/${m.match}/claim`, { seat: 1 });
      expect(claim.status).toBe(201);
      const token = claim.body.token as string;
      const left = await post(rig.urlA, '/tokens/revoke', {}, { authorization: `Bearer ${token}` });
      expect(left.status).toBe(204);
      const open = (await (await fetch(`${rig.urlA}/matches/open`)).json()) as {
        matches: { match: string; seats: { state: string }[] }[];
      };
      const seats = open.matches.find((x) => x.match === m.match)?.seats.map((x) => x.state);
      expect(seats).toEqual(['free', 'taken']);
    } finally {
      await rig.stop();
    }
  });
});
