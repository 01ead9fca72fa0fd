import { describe, expect, it } from 'vitest';
import { customBotTournament } from './main.js';

describe('example 03: a custom bot', () => {
  it('beats the random bot at Pig, with no failed games', async () => {
    const result = await customBotTournament(20);
    expect(result.failed).toBe(0);
    expect(result.bots[0]!.name).toBe('hold-at-20');
    expect(result.bots[0]!.winRate).toBeGreaterThan(0.7);
  });
});
