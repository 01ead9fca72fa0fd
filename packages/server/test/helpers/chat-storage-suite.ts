import { describe, expect, it } from 'vitest';
import type { GameStorage, StoredMatch } from '../../src/index.js';

function aMatch(id: string): StoredMatch {
  return {
    id,
    game: 'st-augustine',
    rulesVersion: '1',
    setup: { seed: 'abc', players: 2, options: { turns: 3 } },
    config: { bots: [], turnTimer: null },
    creator: 'c1',
    createdAt: 1_700_000_000_000,
    status: 'active',
    problem: null,
    botSecret: null,
  };
}

/** The chat part of the storage contract; run against SQLite and PostgreSQL. */
export function describeChatStorageSuite(
  name: string,
  open: () => Promise<GameStorage>,
  { handles }: { handles: 1 | 2 },
): void {
  describe(`chat storage: ${name}`, () => {
    it('stores lines with the next seq per match and reads them back exactly, oldest first', async () => {
      const s = await open();
      try {
        await s.init();
        await s.createMatch(aMatch('c1'), []);
        await s.createMatch(aMatch('c2'), []);
        const texts = [
          'hello',
          '<script>alert(1)</script>',
          '__proto__',
          "Robert'); DROP TABLE ruleloom_chat;--",
          '😀 👨‍👩‍👧 é',
        ];
        const stored = [];
        for (const [i, text] of texts.entries())
          stored.push(
            await s.appendChat!(
              'c1',
              { seat: i % 2, name: i === 0 ? null : 'Ana', text, at: 1_000 + i },
              200,
            ),
          );
        expect(stored.map((l) => l.seq)).toEqual([1, 2, 3, 4, 5]);
        // Another match counts from 1.
        expect(await s.appendChat!('c2', { seat: 1, name: 'Bo', text: 'x', at: 5 }, 200)).toEqual({
          seq: 1,
          seat: 1,
          name: 'Bo',
          text: 'x',
          at: 5,
        });
        expect(await s.listChat!('c1', 0, 200)).toEqual(stored);
        // After a seq; the newest `limit` of them.
        expect(await s.listChat!('c1', 3, 200)).toEqual(stored.slice(3));
        expect(await s.listChat!('c1', 0, 2)).toEqual(stored.slice(3));
        expect(await s.listChat!('nothing', 0, 10)).toEqual([]);
        // The tables are still there.
        expect(await s.getMatch('c1')).toMatchObject({ id: 'c1' });
      } finally {
        await s.close();
      }
    });

    it('keeps only the newest `keep` lines of a match; seqs keep counting', async () => {
      const s = await open();
      try {
        await s.init();
        await s.createMatch(aMatch('c3'), []);
        for (let i = 1; i <= 205; i++)
          await s.appendChat!('c3', { seat: 0, name: null, text: `n${String(i)}`, at: i }, 200);
        const kept = await s.listChat!('c3', 0, 1_000);
        expect(kept).toHaveLength(200);
        expect(kept[0]).toMatchObject({ seq: 6, text: 'n6' });
        expect(kept.at(-1)).toMatchObject({ seq: 205, text: 'n205' });
      } finally {
        await s.close();
      }
    });

    it('lines stored at once through two handles get distinct seqs, none lost', async () => {
      const a = await open();
      const b = handles === 2 ? await open() : a;
      try {
        await a.init();
        await b.init();
        await a.createMatch(aMatch('c4'), []);
        const lines = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 === 0 ? a : b).appendChat!(
              'c4',
              { seat: i % 2, name: null, text: `t${String(i)}`, at: i },
              200,
            ),
          ),
        );
        expect(lines.map((l) => l.seq).sort((x, y) => x - y)).toEqual(
          Array.from({ length: 40 }, (_, i) => i + 1),
        );
        const listed = await b.listChat!('c4', 0, 200);
        expect(listed.map((l) => l.text).sort()).toEqual(
          Array.from({ length: 40 }, (_, i) => `t${String(i)}`).sort(),
        );
      } finally {
        await a.close();
        if (b !== a) await b.close();
      }
    });
  });
}
