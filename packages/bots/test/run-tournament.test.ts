import { restoreMatch, type ActionBase, type Game } from '@ruleloom/core';
import { pig } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import type { Bot } from '../src/bot.js';
import { mctsBot } from '../src/mcts-bot.js';
import { randomBot } from '../src/random-bot.js';
import { runTournament } from '../src/tournament/run-tournament.js';
import type { BotSpec } from '../src/tournament/specs.js';
import type { TournamentActivity, TournamentResult } from '../src/tournament/tournament-types.js';

const pigGame = pig as unknown as Game<unknown, ActionBase, unknown>;
const pigRef = { module: '@ruleloom/core/testing', export: 'pig' } as const;
const crashRef = {
  kind: 'module',
  module: new URL('./fixtures/crash-bot.js', import.meta.url).href,
  export: 'crashingBot',
  params: { crashProbability: 0.2 },
} as const;

/** Everything but the measured decision times, which are the only non-reproducible output. */
function reproducible(result: TournamentResult): unknown {
  return {
    ...result,
    bots: result.bots.map(({ meanDecisionMs: _ms, ...rest }) => rest),
    games: result.games.map(({ decisionMs: _ms, ...rest }) => rest),
  };
}

describe('runTournament', () => {
  it('plays every deal once per seat rotation, so every bot sits in every seat equally often with the same seed', async () => {
    const result = await runTournament({
      game: pigGame,
      bots: [randomBot('a'), randomBot('b'), randomBot('c')],
      games: 7,
      seed: 'rotation',
      options: { target: 20 },
    });
    expect(result.gamesPlayed).toBe(9);
    const seatCounts = [0, 1, 2].map(() => [0, 0, 0]);
    for (const game of result.games)
      game.seats.forEach((entry, seat) => (seatCounts[entry]![seat]! += 1));
    expect(seatCounts).toEqual([
      [3, 3, 3],
      [3, 3, 3],
      [3, 3, 3],
    ]);
    for (let deal = 0; deal < 3; deal++) {
      const games = result.games.filter((g) => g.deal === deal);
      expect(new Set(games.map((g) => g.seed)).size).toBe(1);
      expect(new Set(games.map((g) => g.seats.join())).size).toBe(3);
    }
    expect(result.games.map((g) => g.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives the same results for the same seed, and different ones for another seed', async () => {
    const options = {
      game: pigGame,
      bots: [mctsBot({ iterations: 20 }), randomBot()],
      games: 6,
      seed: 5,
      options: { target: 20 },
    };
    const a = await runTournament(options);
    const b = await runTournament(options);
    expect(reproducible(b)).toEqual(reproducible(a));
    const c = await runTournament({ ...options, seed: 6 });
    expect(c.games.map((g) => g.scores)).not.toEqual(a.games.map((g) => g.scores));
  });

  it('saves every game so that it replays to the same final state', async () => {
    const result = await runTournament({
      game: pigGame,
      bots: [randomBot(), randomBot()],
      games: 4,
      seed: 1,
      options: { target: 20 },
    });
    for (const game of result.games) {
      const restored = restoreMatch(pig, JSON.parse(JSON.stringify(game.saved)));
      expect(restored.ok).toBe(true);
      if (restored.ok) expect(restored.match.result?.scores).toEqual(game.scores);
    }
  });

  it('reports a bot that throws, or returns an illegal action, for that game only and goes on', async () => {
    let calls = 0;
    const flaky: Bot = {
      name: 'flaky',
      act: ({ legalActions }) => {
        calls++;
        if (calls === 5) throw new Error('boom');
        if (calls === 40) return { type: 'fly' };
        return legalActions[0]!;
      },
    };
    const progress: number[] = [];
    const result = await runTournament({
      game: pigGame,
      bots: [flaky, randomBot()],
      games: 10,
      seed: 3,
      options: { target: 20 },
      onProgress: (p) => progress.push(p.completed),
    });
    expect(result.gamesPlayed).toBe(10);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const failed = result.games.filter((g) => g.error !== undefined);
    expect(failed).toHaveLength(2);
    expect(failed[0]!.error!.message).toContain("bot 'flaky' threw: Error: boom");
    expect(failed[1]!.error!.message).toContain('illegal action');
    expect(result.failed).toBe(2);
    expect(result.bots[0]!.errorsCaused).toBe(2);
    expect(result.bots[1]!.errorsCaused).toBe(0);
    expect(result.bots[0]!.games + result.failed).toBe(10);
  });

  it('rejects a bot list that does not match the seats, and objects when workers need references', async () => {
    await expect(
      runTournament({ game: pigGame, bots: [randomBot()], games: 2, seed: 1, players: 2 }),
    ).rejects.toThrow(/one bot entry per seat/);
    await expect(
      runTournament({
        game: pigGame,
        bots: [randomBot(), randomBot()],
        games: 2,
        seed: 1,
        workers: 1,
      }),
    ).rejects.toThrow(/reference/);
  });
});

describe('runTournament on worker threads', () => {
  const bots: BotSpec[] = [
    { kind: 'mcts', params: { iterations: 25 } },
    { kind: 'random' },
    crashRef,
  ];
  const base = { game: pigRef, bots, games: 12, seed: 'workers', options: { target: 25 } };

  it('gives identical results with 0, 1 and 2 workers, crashed games included', async () => {
    const inProcess = await runTournament({ ...base, workers: 0 });
    const one = await runTournament({ ...base, workers: 1 });
    const two = await runTournament({ ...base, workers: 2 });
    expect(reproducible(one)).toEqual(reproducible(inProcess));
    expect(reproducible(two)).toEqual(reproducible(inProcess));
    expect(inProcess.failed).toBeGreaterThan(0);
    expect(inProcess.failed).toBeLessThan(inProcess.gamesPlayed);
    for (const g of inProcess.games.filter((x) => x.error !== undefined))
      expect(g.error!.message).toContain('crash on purpose');
  }, 60_000);
});

describe('runTournament activity', () => {
  it.each([0, 1])(
    'reports decisions of unfinished games while they run (workers: %i)',
    async (workers) => {
      const seen: TournamentActivity[] = [];
      const result = await runTournament({
        game: pigRef,
        bots: [{ kind: 'mcts', params: { iterations: 400 } }, { kind: 'random' }],
        games: 4,
        seed: 'activity',
        options: { target: 40 },
        workers,
        onActivity: (a) => seen.push(a),
      });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.some((a) => a.decisionsInProgress > 0)).toBe(true);
      for (const a of seen) {
        expect(a.total).toBe(4);
        expect(a.completed).toBeLessThanOrEqual(4);
      }
      const total = result.games.reduce((n, g) => n + g.decisions, 0);
      for (const a of seen) expect(a.decisionsInProgress).toBeLessThanOrEqual(total);
    },
    60_000,
  );
});
