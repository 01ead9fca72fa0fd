import { describe, expect, it } from 'vitest';
import { runTournament } from '../src/tournament/run-tournament.js';

// A TypeScript module: this thread (vitest) can import it, plain Node worker threads cannot.
const tsGame = {
  module: new URL('./fixtures/worker-game.ts', import.meta.url).href,
  export: 'pig',
} as const;

describe('a worker tournament whose game module cannot load in a worker', () => {
  it('fails fast with a clear error, before any game is played', async () => {
    let played = 0;
    const run = runTournament({
      game: tsGame,
      bots: [{ kind: 'random' }, { kind: 'random' }],
      games: 40,
      seed: 1,
      workers: 1,
      onProgress: () => {
        played++;
      },
    });
    await expect(run).rejects.toThrow(
      /game 'pig' from '.*worker-game\.ts' .* cannot be loaded in a worker thread: .*Workers run plain Node\.js/,
    );
    expect(played).toBe(0);
  });

  it('plays the same module in this thread (workers: 0), where it loads', async () => {
    const result = await runTournament({
      game: tsGame,
      bots: [{ kind: 'random' }, { kind: 'random' }],
      games: 2,
      seed: 1,
      workers: 0,
    });
    expect(result.failed).toBe(0);
    expect(result.gamesPlayed).toBe(2);
  });
});
