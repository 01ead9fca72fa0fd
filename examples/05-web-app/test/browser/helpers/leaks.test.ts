import { stAugustine } from '@ruleloom/st-augustine';
import type { AnyGame } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { hiddenFrom, leaksIn } from './leaks.js';
import { truthOf } from './ruleloom-serve.js';

// The leak check of the online browser test must be able to fail: frames built here from
// the truth itself are flagged exactly when they carry what the seat may not know.
describe('the frame leak check', () => {
  const truth = truthOf(stAugustine as AnyGame, { seed: 'leak-check-seed-77', players: 2 }, []);
  const hidden = hiddenFrom(truth, 0);
  const deck = (truth.match.state.game as { deck: string[] }).deck;
  const frame = (extra: object) =>
    JSON.stringify({ type: 'update', version: 0, view: truth.match.view(0), ...extra });

  it('passes the seat’s own view', () => {
    expect(leaksIn(frame({}), truth, hidden)).toEqual([]);
  });

  it('flags a card still in the deck, the seed, and the full state', () => {
    expect(leaksIn(frame({ hint: deck[0] }), truth, hidden)).toEqual([
      `hidden ${JSON.stringify(deck[0])} at version 0`,
    ]);
    expect(leaksIn(frame({ note: 'leak-check-seed-77' }), truth, hidden)).toContain('the seed');
    expect(leaksIn(frame({ state: truth.match.state }), truth, hidden).length).toBeGreaterThan(10);
  });
});
