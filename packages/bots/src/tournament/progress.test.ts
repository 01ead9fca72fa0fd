import { describe, expect, it } from 'vitest';
import { runTournament } from './run-tournament.js';

const pigRef = { module: '@ruleloom/core/testing', export: 'pig' } as const;

describe('tournament progress', () => {
  it.each([0, 2])(
    'reports activity before the first game ends and every game exactly once (workers: %i)',
    async (workers) => {
      const timeline: { kind: 'activity' | 'progress'; completed: number; index?: number }[] = [];
      const result = await runTournament({
        game: pigRef,
        // The first decision of a tournament is reported at once (later ones are throttled),
        // so activity precedes the first finished game whatever the machine's speed.
        bots: [{ kind: 'mcts', params: { iterations: 50 } }, { kind: 'random' }],
        games: 6,
        seed: 'progress',
        options: { target: 40 },
        workers,
        onActivity: (a) => timeline.push({ kind: 'activity', completed: a.completed }),
        onProgress: (p) =>
          timeline.push({ kind: 'progress', completed: p.completed, index: p.game.index }),
      });
      const firstEnd = timeline.findIndex((e) => e.kind === 'progress');
      expect(firstEnd).toBeGreaterThan(0);
      // Something moved before any game had finished.
      expect(timeline.slice(0, firstEnd).some((e) => e.kind === 'activity')).toBe(true);
      const progress = timeline.filter((e) => e.kind === 'progress');
      expect(progress.map((e) => e.completed)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(progress.map((e) => e.index).sort()).toEqual(result.games.map((g) => g.index).sort());
      expect(new Set(progress.map((e) => e.index)).size).toBe(result.gamesPlayed);
    },
    120_000,
  );
});
