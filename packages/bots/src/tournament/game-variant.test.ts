import { describe, expect, it } from 'vitest';
import { loadTournamentGame, variantHash } from './game-variant.js';

const pigRef = { module: '@ruleloom/core/testing', export: 'pig' } as const;

describe('a variant rebuilt from its data in a worker', () => {
  it('is rebuilt once per (module, variant data): key order does not matter, other data does', async () => {
    const a = await loadTournamentGame(pigRef, {
      game: 'pig',
      id: 'pig-12',
      options: { target: 12 },
    });
    const b = await loadTournamentGame(pigRef, {
      options: { target: 12 },
      id: 'pig-12',
      game: 'pig',
    });
    const c = await loadTournamentGame(pigRef, {
      game: 'pig',
      id: 'pig-13',
      options: { target: 13 },
    });
    const base = await loadTournamentGame(pigRef);
    expect(a).toBe(b);
    expect(a.id).toBe('pig-12');
    expect(c).not.toBe(a);
    expect(c.id).toBe('pig-13');
    expect(base.id).toBe('pig');
    expect(variantHash({ b: 1, a: 2 })).toBe(variantHash({ a: 2, b: 1 }));
    expect(variantHash({ a: 1 })).not.toBe(variantHash({ a: 2 }));
  });

  it('fails with every problem of data that does not fit the game, by path', async () => {
    await expect(
      loadTournamentGame(pigRef, {
        game: 'pig',
        id: 'bad-pig',
        options: { target: 1, colour: 'red' },
      }),
    ).rejects.toThrow(
      /^the variant 'bad-pig' is not a valid variant of 'pig': options\.target: .*; options\.colour: /,
    );
  });

  it('fails readably when the game of a variant cannot be imported', async () => {
    await expect(
      loadTournamentGame(
        { module: '@ruleloom/not-installed', export: 'game' },
        { game: 'pig', id: 'orphan' },
      ),
    ).rejects.toThrow(
      /^cannot load the game 'game' of '@ruleloom\/not-installed' for the variant 'orphan': .*not-installed/,
    );
  });
});
