import { describe, expect, it } from 'vitest';
import type { GameStorage, StoredMatch } from '../../src/index.js';

function aMatch(id: string, creator = 'c1'): StoredMatch {
  return {
    id,
    game: 'st-augustine',
    rulesVersion: '1',
    setup: { seed: 'abc', players: 2, options: { turns: 3 } },
    config: { bots: [{ seat: 1, bot: 'random' }], turnTimer: null },
    creator,
    createdAt: 1_700_000_000_000,
    status: 'active',
    problem: null,
    botSecret: 'ab'.repeat(32),
  };
}

/** The contract every storage adapter keeps; run against SQLite and PostgreSQL. */
export function describeStorageSuite(
  name: string,
  open: () => Promise<GameStorage>,
  { handles }: { handles: 1 | 2 },
): void {
  describe(`storage contract: ${name}`, () => {
    it('stores a match with its tokens and reads it back exactly', async () => {
      const s = await open();
      try {
        await s.init();
        const m = aMatch('m1');
        await s.createMatch(m, [{ hash: 'h1', match: 'm1', seat: 0, expiresAt: 9e12 }]);
        expect(await s.getMatch('m1')).toEqual(m);
        expect(await s.getMatch('constructor')).toBeUndefined();
        expect(await s.isTokenLive('h1')).toBe(true);
        expect(await s.isTokenLive('nope')).toBe(false);
        await s.revokeToken('h1');
        expect(await s.isTokenLive('h1')).toBe(false);
        await s.addToken({ hash: 'h2', match: 'm1', seat: 0, expiresAt: 9e12 });
        expect(await s.isTokenLive('h2')).toBe(true);
        // Names: each given name replaces its seat's, a null keeps the stored one.
        await s.setNames?.('m1', ['Ann', null]);
        await s.setNames?.('m1', [null, 'Bo']);
        await s.setNames?.('m1', ['Al', null]);
        await s.setNames?.('nothing', ['x', null]);
        expect((await s.getMatch('m1'))?.config).toEqual({ ...m.config, names: ['Al', 'Bo'] });
      } finally {
        await s.close();
      }
    });

    it('appends each action as its own row; a taken version is a conflict and changes nothing', async () => {
      const s = await open();
      try {
        await s.init();
        await s.createMatch(aMatch('m2'), []);
        const row = (version: number, action: unknown) => ({
          version,
          seat: version % 2,
          action,
          hash: `h${String(version)}`,
          chain: version === 1 ? null : `c${String(version)}`,
          clientSeq: version === 2 ? null : version * 10,
        });
        expect(await s.appendAction('m2', row(1, { type: 'bid', amount: 5000 }))).toEqual({
          status: 'ok',
        });
        expect(await s.appendAction('m2', row(2, { type: 'pass', note: '__proto__' }))).toEqual({
          status: 'ok',
        });
        expect(await s.appendAction('m2', row(2, { type: 'other' }))).toEqual({
          status: 'conflict',
        });
        // Not at version - 1 (a gap): refused.
        expect(await s.appendAction('m2', row(4, { type: 'gap' }))).toEqual({
          status: 'conflict',
        });
        // The same seat's client seq again, even at the next version: a duplicate.
        expect(
          await s.appendAction('m2', { ...row(3, { type: 'again' }), clientSeq: 10, seat: 1 }),
        ).toEqual({
          status: 'duplicate',
          version: 1,
        });
        const all = await s.listActions('m2', 0);
        expect(all).toEqual([
          row(1, { type: 'bid', amount: 5000 }),
          row(2, { type: 'pass', note: '__proto__' }),
        ]);
        expect(await s.listActions('m2', 1)).toEqual([all[1]]);
        expect(await s.listActions('other', 0)).toEqual([]);
        // Each seat's client seqs, looked up one at a time (what a load needs, not the rows).
        expect(await s.lastClientSeq('m2', 1)).toBe(10);
        expect(await s.lastClientSeq('m2', 0)).toBe(0);
        expect(await s.lastClientSeq('other', 1)).toBe(0);
        expect(await s.clientSeqVersion('m2', 1, 10)).toBe(1);
        expect(await s.clientSeqVersion('m2', 0, 10)).toBeUndefined();
        expect(await s.clientSeqVersion('m2', 1, 11)).toBeUndefined();
      } finally {
        await s.close();
      }
    });

    it('two concurrent appends at one version: exactly one wins', async () => {
      const a = await open();
      const b = handles === 2 ? await open() : a;
      try {
        await a.init();
        await b.init();
        await a.createMatch(aMatch('m3'), []);
        for (let v = 1; v <= 20; v++) {
          const results = await Promise.all([
            a.appendAction('m3', {
              version: v,
              seat: 0,
              action: { from: 'a' },
              hash: 'x',
              chain: null,
              clientSeq: null,
            }),
            b.appendAction('m3', {
              version: v,
              seat: 0,
              action: { from: 'b' },
              hash: 'x',
              chain: null,
              clientSeq: null,
            }),
          ]);
          expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
        }
        expect(await a.listActions('m3', 0)).toHaveLength(20);
        // One seat's seq sent at once through both handles (a resend): one row, and the
        // other append is told it is a duplicate, with the stored version.
        for (let seq = 1; seq <= 20; seq++) {
          const v = 20 + seq;
          const act = { version: v, seat: 1, action: {}, hash: 'x', chain: null, clientSeq: seq };
          const results = await Promise.all([a.appendAction('m3', act), b.appendAction('m3', act)]);
          expect(results.filter((r) => r.status === 'ok')).toHaveLength(1);
          expect(results.filter((r) => r.status !== 'ok')).toEqual([
            { status: 'duplicate', version: v },
          ]);
        }
        const rows = await a.listActions('m3', 20);
        expect(rows.map((r) => r.version)).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
      } finally {
        await a.close();
        if (b !== a) await b.close();
      }
    });

    it('counts unfinished matches per creator and keeps quarantined matches with their problem', async () => {
      const s = await open();
      try {
        await s.init();
        await s.createMatch(aMatch('m4', 'q'), []);
        await s.createMatch(aMatch('m5', 'q'), []);
        expect(await s.countActiveMatches('q')).toBe(2);
        await s.setStatus('m4', 'over', null);
        await s.setStatus('m5', 'quarantined', { code: 'hash_mismatch', message: 'changed' });
        expect(await s.countActiveMatches('q')).toBe(0);
        expect(await s.getMatch('m5')).toMatchObject({
          status: 'quarantined',
          problem: { code: 'hash_mismatch', message: 'changed' },
        });
      } finally {
        await s.close();
      }
    });
  });
}
