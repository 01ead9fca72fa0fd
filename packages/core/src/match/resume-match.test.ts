import { describe, expect, it } from 'vitest';
import { drawAndPlay } from '../games/draw-and-play.js';
import { pig } from '../games/pig.js';
import type { Game } from '../define/game.js';
import type { ActionBase } from '../model/action.js';
import { createMatch, type Match } from './match.js';
import { restoreMatch } from './restore-match.js';
import { resumeMatch, type ResumeEarlier, type ResumeInput } from './resume-match.js';
import { takeBack } from './take-back.js';
import { sessionOf } from '../session/session.js';

type AnyGame = Game<unknown, ActionBase, unknown>;

function play(game: AnyGame, seed: number, n: number): Match {
  const match = createMatch(game, { seed, players: 2 });
  for (let i = 0; i < n && !match.isOver; i++) {
    const seat = match.toAct[0] ?? 0;
    const legal = match.legalActions(seat);
    match.applyInput(seat, legal[(i * 7) % legal.length]);
  }
  return match;
}

/** What a store keeps: the history with events, a snapshot (as JSON) at `at`, the tail. */
function stored(match: Match, at: number): ResumeInput {
  // The snapshot is the state after `at` actions: rebuild it the slow way for the test.
  const replay = createMatch(match.engine.game, match.setup);
  const saved = match.toJSON();
  for (const a of saved.actions.slice(0, at)) replay.applyInput(a.seat, a.action);
  return {
    setup: JSON.parse(JSON.stringify(match.setup)) as ResumeInput['setup'],
    history: saved.actions.slice(0, at).map((a, i) => ({
      seat: a.seat,
      action: JSON.parse(JSON.stringify(a.action)) as unknown,
      chain: a.chain,
      events: JSON.parse(JSON.stringify(match.log[i + 1]?.events)) as [],
    })),
    snapshot: { state: JSON.parse(JSON.stringify(replay.state)) as unknown, hash: replay.hash() },
    tail: saved.actions.slice(at).map((a) => ({ seat: a.seat, action: a.action, chain: a.chain })),
  };
}

describe('resumeMatch', () => {
  for (const [name, game] of [
    ['pig', pig],
    ['draw-and-play', drawAndPlay],
  ] as const) {
    it(`gives the same match as a full replay (${name}): log, actions, save, hash`, () => {
      const match = play(game as AnyGame, 11, 60);
      for (const at of [0, 1, 17, match.actions.length]) {
        const r = resumeMatch(game as AnyGame, stored(match, at));
        if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
        expect(r.match.hash()).toBe(match.hash());
        expect(r.match.log).toEqual(match.log);
        expect(r.match.toJSON()).toEqual(match.toJSON());
        expect(r.match.toAct).toEqual(match.toAct);
        // It restores (every link checked again) and plays on like the original.
        expect(restoreMatch(game as AnyGame, r.match.toJSON()).ok).toBe(true);
        if (!match.isOver) {
          const seat = match.toAct[0] ?? 0;
          const next = match.legalActions(seat)[0];
          const copy = restoreMatch(game as AnyGame, match.toJSON());
          if (!copy.ok) throw new Error('restore failed');
          copy.match.applyInput(seat, next);
          r.match.applyInput(seat, next);
          expect(r.match.toJSON()).toEqual(copy.match.toJSON());
        }
      }
    });
  }

  it('refuses a damaged snapshot (snapshot_mismatch)', () => {
    const match = play(pig as AnyGame, 3, 40);
    const input = stored(match, 20);
    const state = input.snapshot.state as { game: Record<string, unknown> };
    const damaged = { ...input, snapshot: { ...input.snapshot, state: { ...state, phase: 'x' } } };
    const r = resumeMatch(pig as AnyGame, damaged);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('snapshot_mismatch');
    // A consistent state under a recorded hash that is not the chain's is refused too.
    const other = stored(match, 19);
    const swapped = { ...input, snapshot: other.snapshot };
    const s = resumeMatch(pig as AnyGame, swapped);
    expect(s.ok ? 'ok' : s.error.code).toBe('snapshot_mismatch');
    expect(resumeMatch(pig as AnyGame, { ...input, snapshot: { state: 5, hash: 'x' } })).toEqual(
      expect.objectContaining({ ok: false }),
    );
  });

  it('refuses an edited history action at the snapshot, a bad tail and bad entries', () => {
    const match = play(pig as AnyGame, 5, 40);
    const input = stored(match, 20);
    const history = [...input.history];
    const lastEntry = history[19];
    if (lastEntry === undefined) throw new Error('no entry');
    history[19] = { ...lastEntry, seat: lastEntry.seat === 0 ? 1 : 0 };
    const edited = resumeMatch(pig as AnyGame, { ...input, history });
    expect(edited.ok ? 'ok' : edited.error.code).toBe('snapshot_mismatch');
    const tail = input.tail.map((t, i) => (i === 3 ? { ...t, chain: '0'.repeat(32) } : t));
    const badTail = resumeMatch(pig as AnyGame, { ...input, tail });
    expect(badTail.ok ? 'ok' : badTail.error.code).toBe('chain_mismatch');
    const bad = resumeMatch(pig as AnyGame, {
      ...input,
      history: [{ seat: 9, action: {}, chain: 'x', events: [] }],
    });
    expect(bad.ok ? 'ok' : bad.error.code).toBe('invalid_history');
    const badSetup = resumeMatch(pig as AnyGame, { ...input, setup: { seed: 1.5, players: 2 } });
    expect(badSetup.ok ? 'ok' : badSetup.error.code).toBe('invalid_setup');
  });

  /** The stored input with only the newest `keep` history entries handed over (`earlier`). */
  function windowed(input: ResumeInput, keep: number): ResumeInput {
    const count = input.history.length - keep;
    const last = input.history[count - 1];
    if (last === undefined) throw new Error('nothing before the window');
    return {
      ...input,
      history: input.history.slice(count),
      earlier: { count, chain: last.chain },
    };
  }

  for (const [name, game] of [
    ['pig', pig],
    ['draw-and-play', drawAndPlay],
  ] as const) {
    it(`holds only the newest actions with earlier (${name}) and plays on like the full match`, () => {
      const match = play(game as AnyGame, 23, 80);
      const at = Math.min(50, match.actions.length);
      expect(at).toBeGreaterThan(2);
      for (const keep of [1, 2, 7].filter((k) => k < at)) {
        const r = resumeMatch(game as AnyGame, windowed(stored(match, at), keep));
        if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
        const start = at - keep + 1;
        expect(r.match.logStart).toBe(start);
        expect(r.match.hash()).toBe(match.hash());
        // The log is the full log's newest entries, with their seqs.
        expect(r.match.log).toEqual(match.log.slice(start));
        expect(r.match.actions).toEqual(match.actions.slice(start - 1));
        expect(r.match.logFor(0)).toEqual(match.logFor(0).slice(start));
        expect(() => r.match.toJSON()).toThrow(RangeError);
        const back = takeBack(r.match, 1);
        expect(back.ok ? 'ok' : back.error.code).toBe('history_not_held');
        if (!match.isOver) {
          // It plays on: the same chain values and seqs as the full match.
          const copy = restoreMatch(game as AnyGame, match.toJSON());
          if (!copy.ok) throw new Error('restore failed');
          for (let i = 0; i < 5 && !copy.match.isOver; i++) {
            const seat = copy.match.toAct[0] ?? 0;
            const next = copy.match.legalActions(seat)[i % copy.match.legalActions(seat).length];
            expect(copy.match.applyInput(seat, next).ok).toBe(true);
            expect(r.match.applyInput(seat, next).ok).toBe(true);
          }
          expect(r.match.actions).toEqual(copy.match.actions.slice(start - 1));
          expect(r.match.log).toEqual(copy.match.log.slice(start));
          expect(r.match.hash()).toBe(copy.match.hash());
          // A session counts the versions it does not hold.
          const session = sessionOf(r.match);
          expect(session.getSnapshot().version).toBe(copy.match.actions.length);
          session.close();
        }
      }
    });
  }

  it('refuses a bad earlier and an earlier chain that does not lead to the snapshot', () => {
    const match = play(pig as AnyGame, 9, 60);
    const input = windowed(stored(match, 30), 1);
    const earlier = input.earlier;
    if (earlier === undefined) throw new Error('no earlier');
    const codeOf = (i: ResumeInput): string => {
      const r = resumeMatch(pig as AnyGame, i);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(codeOf(input)).toBe('ok');
    // An edited earlier chain value (a changed older action) no longer links the snapshot.
    const other = earlier.chain.startsWith('0')
      ? `1${earlier.chain.slice(1)}`
      : `0${earlier.chain.slice(1)}`;
    expect(codeOf({ ...input, earlier: { ...earlier, chain: other } })).toBe('snapshot_mismatch');
    for (const bad of [
      { count: 0, chain: earlier.chain },
      { count: -1, chain: earlier.chain },
      { count: 1.5, chain: earlier.chain },
      { count: Number.MAX_SAFE_INTEGER + 2, chain: earlier.chain },
      { count: 29, chain: 'X'.repeat(32) },
      null,
    ])
      expect(codeOf({ ...input, earlier: bad as unknown as ResumeEarlier })).toBe(
        'invalid_history',
      );
    expect(codeOf({ ...input, history: [] })).toBe('invalid_history');
    // A session whose port needs the save refuses such a match at once.
    const r = resumeMatch(pig as AnyGame, input);
    if (!r.ok) throw new Error('resume failed');
    expect(() =>
      sessionOf(r.match, {
        ports: { 0: { needs: 'save', decide: () => Promise.resolve({ type: 'roll' }) } },
      }),
    ).toThrow(/needs the save/);
  });
});
