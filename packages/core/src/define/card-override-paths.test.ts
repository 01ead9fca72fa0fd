import { describe, expect, it } from 'vitest';
import { drawAndPlay } from '../games/draw-and-play.js';
import { validateSetup } from '../match/match.js';

const paths = (options: Record<string, unknown>): string[] => {
  const checked = validateSetup(drawAndPlay, { seed: 1, players: 2, options });
  return checked.ok ? [] : checked.errors.map((e) => e.path);
};

describe('problems in card overrides name the override that holds them', () => {
  it('a bad added card is at options.cards.add[i], not at its place in the merged table', () => {
    expect(
      paths({
        cards: {
          add: [
            { id: 'card-9', copies: 1, value: 9 },
            { id: 'Bad Id', copies: 1, value: 1 },
          ],
        },
      }),
    ).toEqual(['options.cards.add[1].id']);
  });

  it('a replacing card with an unknown effect is at options.cards.replace[i].effect', () => {
    const replace = [{ id: 'card-2', copies: 2, value: 2, effect: { type: 'noSuchEffect' } }];
    const found = paths({ cards: { replace } });
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(p).toMatch(/^options\.cards\.replace\[0\]\.effect/);
  });
});
