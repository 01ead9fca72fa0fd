import { createMatch, plainText } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { narrateEntry } from '../src/narration.js';
import { presentContext } from '../src/presenters.js';

describe('the narration names the players as the log does', () => {
  it('a match with names narrates "Ben …", never "Seat 1 …"; without names, the seat labels', () => {
    const match = createMatch(stAugustine, { seed: 5, players: 3, options: { turns: 3 } });
    for (let i = 0; i < 40 && !match.isOver; i++) {
      const seat = match.toAct[0]!;
      match.apply(seat, match.legalActions(seat).at(-1)!);
    }
    const log = match.logFor('spectator');
    const lines = (names?: readonly (string | null)[]) => {
      const ctx = presentContext('st-augustine', { players: 3, names });
      return log.flatMap((e) => narrateEntry('st-augustine', ctx, e).map((l) => plainText(l)));
    };
    const plain = lines();
    expect(plain.some((l) => l.includes('Seat 1'))).toBe(true);
    const named = lines([null, 'Ben', null]);
    expect(named.some((l) => l.includes('Ben'))).toBe(true);
    expect(named.filter((l) => l.includes('Seat 1'))).toEqual([]);
    // The seats without a name keep their label.
    expect(named.some((l) => l.includes('Seat 0'))).toBe(plain.some((l) => l.includes('Seat 0')));
  });
});
