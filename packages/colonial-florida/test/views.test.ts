import { createMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../src/index.js';

describe('views', () => {
  it('hide the deck order from everybody and show the rest', () => {
    const match = createMatch(colonialFlorida, { seed: 11, players: 3 });
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const view = match.view(viewer);
      expect(view).not.toHaveProperty('deck');
      expect(view.deckSize).toBe(67);
      expect(Object.keys(view).sort()).toEqual(
        [
          'actionSeat',
          'deckSize',
          'discard',
          'goldToWin',
          'markers',
          'pending',
          'phase',
          'players',
          'settlements',
          'turn',
        ].sort(),
      );
      expect(view.phase).toBe('action');
      expect(view.pending).toMatchObject({ type: 'move', seat: 0 });
      expect((view.players as unknown[])[0]).toEqual({
        nation: 'Spanish',
        gold: 0,
        pawn: 1,
        markersLeft: 12,
      });
      expect((view.settlements as unknown[])[0]).toMatchObject({
        space: 3,
        name: 'St Augustine',
        controller: null,
        cards: [],
      });
    }
    expect(match.view(0)).toEqual(match.view('spectator'));
  });
});
