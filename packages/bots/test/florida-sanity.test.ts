/**
 * A CI-cheap sanity check of the Colonial Florida `ismcts` preset: over a handful of seeded,
 * seat-rotated games it wins well above the fair share against two random bots. Deterministic
 * (an iteration budget and fixed seeds), so it does not depend on the machine's speed; the
 * strength figures themselves come from bench/strength.ts.
 */
import { colonialFlorida, colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import { describe, expect, it } from 'vitest';
import { ismctsPreset, mctsBot, randomBot, runTournament } from '../src/index.js';

describe('Colonial Florida ismcts preset', () => {
  it('beats two random bots over 12 seeded games', async () => {
    const result = await runTournament({
      game: colonialFlorida,
      bots: [
        mctsBot({ ...ismctsPreset('colonial-florida'), heuristic: colonialFloridaHeuristic }),
        randomBot(),
        randomBot(),
      ],
      games: 12,
      seed: 'florida-sanity',
      players: 3,
      workers: 0,
    });
    expect(result.failed).toBe(0);
    const [bot, a, b] = result.bots;
    // Fair share is 1/3; the random entries share what is left.
    expect(bot!.winRate).toBeGreaterThanOrEqual(0.5);
    expect(bot!.wins).toBeGreaterThan(a!.wins + b!.wins);
  }, 120_000);
});
