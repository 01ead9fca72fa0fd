import { describe, expect, it } from 'vitest';
import { drawAndPlay } from '../games/draw-and-play.js';
import { pig } from '../games/pig.js';
import type { Game } from '../define/game.js';
import type { ActionBase } from '../model/action.js';
import { createMatch, type Match } from './match.js';
import { restoreMatch } from './restore-match.js';
import { resumeMatch, type ResumeInput } from './resume-match.js';

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
});
