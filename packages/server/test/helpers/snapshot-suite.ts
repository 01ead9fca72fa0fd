import { createMatch, type Match } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { resolveGames } from '../../src/games/hosted-game.js';
import type { GameStorage, StoredMatch } from '../../src/index.js';
import { loadStoredMatch, readLogEntries } from '../../src/match/restore-live-match.js';

const hosted = resolveGames([stAugustine]).get('st-augustine');

export function aStAugustineMatch(id: string): StoredMatch {
  return {
    id,
    game: 'st-augustine',
    rulesVersion: String(stAugustine.rulesVersion),
    setup: { seed: `seed-${id}`, players: 3, options: { trading: 'off' } },
    config: { bots: [], turnTimer: null },
    creator: 'c',
    createdAt: 1_700_000_000_000,
    status: 'active',
    problem: null,
    botSecret: null,
  };
}

/**
 * Plays `count` actions (or to the end) on `match`, appending each as the live match does:
 * its row with events, and the state offered as a snapshot.
 */
export async function playAndStore(
  storage: GameStorage,
  id: string,
  match: Match,
  count: number,
  choose: (legal: readonly unknown[], version: number) => unknown = (legal, v) =>
    legal[(v * 7 + 3) % legal.length],
): Promise<void> {
  for (let i = 0; i < count && !match.isOver; i++) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    const v = match.actions.length;
    const r = match.applyInput(seat, choose(legal, v));
    if (!r.ok) throw new Error(r.error.message);
    const last = match.actions[v];
    if (last === undefined) throw new Error('no action');
    const stored = await storage.appendAction(
      id,
      {
        version: v + 1,
        seat,
        action: last.action,
        hash: match.hash(),
        chain: last.chain,
        clientSeq: null,
        events: match.log[v + 1]?.events ?? [],
      },
      { state: match.state, over: match.isOver },
    );
    expect(stored).toEqual({ status: 'ok' });
  }
}

/** Raw SQL on the store behind the adapter, with `?` placeholders (closed storage for SQLite). */
export type Tamper = (sql: string, params: readonly unknown[]) => Promise<void>;

/** Snapshots kept by an adapter and loads from them; run against SQLite and PostgreSQL. */
export function describeSnapshotSuite(
  name: string,
  open: (snapshotEvery: number) => GameStorage,
  tamper: Tamper,
): void {
  describe(`state snapshots: ${name}`, () => {
    it('keeps a snapshot every N actions (the two newest) and at the end; a load reads the newest one and the tail', async () => {
      let s = open(10);
      await s.init();
      const id = 'snap1';
      const stored = aStAugustineMatch(id);
      await s.createMatch(stored, []);
      const match = createMatch(stAugustine, stored.setup) as Match;
      await playAndStore(s, id, match, 35);
      expect((await s.latestSnapshot(id))?.version).toBe(30);
      expect((await s.latestSnapshot(id, 29))?.version).toBe(20);
      // Only the two newest are kept.
      expect(await s.latestSnapshot(id, 19)).toBeUndefined();
      expect(await s.latestSnapshot('nothing')).toBeUndefined();

      // The rows a load reads, counted on the real storage.
      let rowsRead = 0;
      const counting: GameStorage = Object.create(s) as GameStorage;
      const list = s.listActions.bind(s);
      Object.assign(counting, {
        listActions: async (...args: Parameters<GameStorage['listActions']>) => {
          const rows = await list(...args);
          rowsRead += rows.length;
          return rows;
        },
      });
      const loaded = await loadStoredMatch(counting, hosted, stored);
      if (!loaded.ok) throw new Error(`${loaded.problem.code}: ${loaded.problem.message}`);
      // Actions 29 and 30 (they chain the snapshot) and 31 to 35: not the 28 before them.
      expect(rowsRead).toBe(7);
      expect(loaded.from).toBe('snapshot');
      expect(loaded.match.hash()).toBe(match.hash());
      // Only the snapshot's action and the ones after it are in memory; it read only the
      // rows after the snapshot (the two that chain it aside).
      expect(loaded.match.logStart).toBe(30);
      expect(loaded.match.log).toEqual(match.log.slice(30));
      expect(loaded.match.actions).toEqual(match.actions.slice(29));
      expect(loaded.rows.map((r) => r.version)).toEqual([31, 32, 33, 34, 35]);
      expect(loaded.lastSeqs).toEqual([0, 0, 0]);
      // The older entries come from the rows, checked link by link: the full log again.
      const older = await readLogEntries(s, hosted as NonNullable<typeof hosted>, stored, 0, 29);
      if (!older.ok) throw new Error(older.problem.message);
      expect([match.log[0], ...older.entries, ...loaded.match.log]).toEqual(match.log);
      // The match at an older version (a resync) loads from the snapshot before it.
      const at25 = await loadStoredMatch(s, hosted, stored, 25);
      if (!at25.ok) throw new Error(at25.problem.message);
      expect(at25.match.logStart).toBe(20);
      expect(at25.match.log).toEqual(match.log.slice(20, 26));

      // Played to the end: the last action leaves a final snapshot, whatever its number.
      await playAndStore(s, id, match, 10_000);
      expect(match.isOver).toBe(true);
      const final = await s.latestSnapshot(id);
      expect(final?.version).toBe(match.actions.length);
      expect(final?.hash).toBe(match.hash());
      const again = await loadStoredMatch(s, hosted, stored);
      if (!again.ok) throw new Error(again.problem.message);
      expect(again.from).toBe('snapshot');
      expect(again.match.isOver).toBe(true);
      expect(again.match.result).toEqual(match.result);
      expect(again.match.hash()).toBe(match.hash());
      expect(again.match.log).toEqual(match.log.slice(again.match.logStart));

      // A damaged snapshot is refused with a clear problem (no silent replay instead).
      await s.close();
      await tamper(
        'UPDATE ruleloom_snapshots SET state = replace(state, \'"phase":\', \'"phase":"x","was":\') WHERE match_id = ? AND version = ?',
        [id, match.actions.length],
      );
      s = open(10);
      await s.init();
      const damaged = await loadStoredMatch(s, hosted, stored);
      expect(damaged.ok ? 'ok' : damaged.problem.code).toBe('snapshot_mismatch');
      await s.close();

      // A snapshot row moved to another version: refused too.
      await tamper('DELETE FROM ruleloom_snapshots WHERE match_id = ? AND version = ?', [
        id,
        match.actions.length,
      ]);
      await tamper('UPDATE ruleloom_snapshots SET version = version + 1 WHERE match_id = ?', [id]);
      s = open(10);
      await s.init();
      const moved = await loadStoredMatch(s, hosted, stored);
      expect(moved.ok ? 'ok' : moved.problem.code).toBe('snapshot_mismatch');
      await s.close();
    });

    it('an edited action before the snapshot breaks the stored chain where its rows are read (never replayed, still found)', async () => {
      let s = open(10);
      await s.init();
      const id = 'snap2';
      const stored = aStAugustineMatch(id);
      await s.createMatch(stored, []);
      const match = createMatch(stAugustine, stored.setup) as Match;
      await playAndStore(s, id, match, 25);
      await s.close();
      const row5 = match.actions[4];
      if (row5 === undefined) throw new Error('no action 5');
      await tamper('UPDATE ruleloom_actions SET seat = ? WHERE match_id = ? AND version = 5', [
        (row5.seat + 1) % 3,
        id,
      ]);
      s = open(10);
      await s.init();
      // The load reads only the snapshot's link and the rows after it (O(1) in the history)...
      const r = await loadStoredMatch(s, hosted, stored);
      expect(r.ok ? r.match.logStart : r.problem).toBe(20);
      // ...and every read of the older entries checks each link: the edit is found there.
      const game = hosted as NonNullable<typeof hosted>;
      for (const [after, limit] of [
        [0, 19],
        [4, 1],
        [3, 10],
      ] as const) {
        const read = await readLogEntries(s, game, stored, after, limit);
        expect(read.ok ? 'ok' : read.problem).toEqual({
          code: 'chain_mismatch',
          message: 'the hash chain breaks at action 5',
        });
      }
      // Entries after it are still read (their links hold).
      const later = await readLogEntries(s, game, stored, 5, 10);
      expect(later.ok ? later.entries.map((e) => e.seq) : later.problem).toEqual([
        6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
      ]);
      await s.close();
    });

    it('rows without events (stored before snapshots) load by a full replay, as before', async () => {
      let s = open(10);
      await s.init();
      const id = 'snap3';
      const stored = aStAugustineMatch(id);
      await s.createMatch(stored, []);
      const match = createMatch(stAugustine, stored.setup) as Match;
      await playAndStore(s, id, match, 25);
      await s.close();
      await tamper('UPDATE ruleloom_actions SET events = NULL WHERE match_id = ?', [id]);
      s = open(10);
      await s.init();
      const r = await loadStoredMatch(s, hosted, stored);
      if (!r.ok) throw new Error(r.problem.message);
      expect(r.from).toBe('replay');
      expect(r.match.toJSON()).toEqual(match.toJSON());
      await s.close();
      // The replay goes through core's restoreMatch: an edited action breaks the chain there.
      await tamper(
        'UPDATE ruleloom_actions SET seat = (seat + 1) % 3 WHERE match_id = ? AND version = 7',
        [id],
      );
      s = open(10);
      await s.init();
      const edited = await loadStoredMatch(s, hosted, stored);
      expect(edited.ok ? 'ok' : edited.problem.code).toMatch(/^(chain_mismatch|replay_rejected)$/);
      if (!edited.ok) expect(edited.problem.message).toContain('actions[6]');
      await s.close();
    });

    it('snapshotEvery must be a whole number >= 1', () => {
      expect(() => open(0)).toThrow(RangeError);
      expect(() => open(1.5)).toThrow(/snapshotEvery/);
    });
  });
}
