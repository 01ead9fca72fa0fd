import { colonialFlorida } from '@ruleloom/colonial-florida';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { defaultAction } from '../src/index.js';

describe('the timeout default reads the game’s declared traits', () => {
  it('rejects a trade offer (rejectTrade declares decline) and passes where a pass is legal', () => {
    expect(defaultAction([{ type: 'acceptTrade' }, { type: 'rejectTrade' }], stAugustine)).toEqual({
      type: 'rejectTrade',
    });
    expect(defaultAction([{ type: 'bid', amount: 5000 }, { type: 'pass' }], stAugustine)).toEqual({
      type: 'pass',
    });
    expect(
      defaultAction(
        [{ type: 'attack', commit: ['fortress#1'] }, { type: 'declineAttack' }],
        colonialFlorida,
      ),
    ).toEqual({ type: 'declineAttack' });
  });

  it('plays the first legal action when nothing is declared as a pass or decline', () => {
    expect(
      defaultAction(
        [
          { type: 'move', die: 0 },
          { type: 'move', die: 1 },
        ],
        colonialFlorida,
      ),
    ).toEqual({ type: 'move', die: 0 });
    expect(defaultAction([], stAugustine)).toBeUndefined();
  });
});
