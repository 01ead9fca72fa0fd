import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { ENGINES_KEPT, engineFor } from '../src/bots/bot-worker.js';

const ref = { module: '@ruleloom/st-augustine', export: 'stAugustine' };

describe('the bot worker keeps its engines', () => {
  it('reuses one engine per game, player count and options, and keeps a bounded number', () => {
    const a = engineFor(ref, stAugustine, 3, { trading: 'off', turns: 5 });
    // The same options in another key order are the same setup.
    expect(engineFor(ref, stAugustine, 3, { turns: 5, trading: 'off' })).toBe(a);
    expect(engineFor(ref, stAugustine, 4, { trading: 'off', turns: 5 })).not.toBe(a);
    expect(engineFor(ref, stAugustine, 3, { trading: 'on', turns: 5 })).not.toBe(a);
    for (let turns = 1; turns <= ENGINES_KEPT; turns++)
      engineFor(ref, stAugustine, 2, { trading: 'off', turns });
    // Pushed out by newer setups: built again.
    expect(engineFor(ref, stAugustine, 3, { trading: 'off', turns: 5 })).not.toBe(a);
  });
});
