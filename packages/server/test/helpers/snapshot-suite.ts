import { createMatch, type Match } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { resolveGames } from '../../src/games/hosted-game.js';
import type { GameStorage, StoredMatch } from '../../src/index.js';
import { loadStoredMatch } from '../../src/match/restore-live-match.js';

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

      const loaded = await loadStoredMatch(s, hosted, stored);
      if (!loaded.ok) throw new Error(`${loaded.problem.code}: ${loaded.problem.message}`);
      expect(loaded.from).toBe('snapshot');
      expect(loaded.match.hash()).toBe(match.hash());
      expect(loaded.match.log).toEqual(match.log);
      expect(loaded.match.toJSON()).toEqual(match.toJSON());
      expect(loaded.rows).toHaveLength(35);

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
      expect(again.match.toJSON()).toEqual(match.toJSON());

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

    it('an edited action before the snapshot breaks the stored chain (never replayed, still found)', async () => {
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
      const r = await loadStoredMatch(s, hosted, stored);
      expect(r.ok ? 'ok' : r.problem).toEqual({
        code: 'chain_mismatch',
        message: 'the hash chain breaks at action 5',
      });
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
    });

    it('snapshotEvery must be a whole number >= 1', () => {
      expect(() => open(0)).toThrow(RangeError);
      expect(() => open(1.5)).toThrow(/snapshotEvery/);
    });
  });
}
