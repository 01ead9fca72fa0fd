import { stAugustine } from '@ruleloom/st-augustine';
import { stAugustineKit } from '@ruleloom/st-augustine/kit';
import { describe, expect, it } from 'vitest';
import { resolveGames } from '../src/games/hosted-game.js';
import { hostedForStored, pickVariant, resolveVariants } from '../src/games/hosted-variants.js';
import type { StoredMatch } from '../src/storage/game-storage.js';

const games = resolveGames([stAugustineKit]);
const short = { game: 'st-augustine', id: 'short', options: { turns: 2 } };

function stored(variant?: StoredMatch['config']['variant']): StoredMatch {
  return {
    id: 'm',
    game: 'st-augustine',
    rulesVersion: String(stAugustine.rulesVersion),
    setup: { seed: 1, players: 3, options: {} },
    config: { bots: [], turnTimer: null, ...(variant === undefined ? {} : { variant }) },
    creator: 'c',
    createdAt: 0,
    status: 'active',
    problem: null,
    botSecret: null,
  };
}

describe('hosted variants (the operator allow-list)', () => {
  it('builds each allowed variant on its base game, and picks it by name', () => {
    const table = resolveVariants(games, [{ game: 'st-augustine', data: short }]);
    const base = games.get('st-augustine')!;
    const picked = pickVariant(table, base, 'short');
    expect(picked.ok).toBe(true);
    if (!picked.ok) return;
    expect(picked.hosted.id).toBe('st-augustine');
    expect(picked.hosted.game.options.turns?.default).toBe(2);
    expect(picked.config).toEqual({ variant: { name: 'short', data: short } });
    expect(pickVariant(table, base, undefined)).toMatchObject({ ok: true, hosted: base });
    expect(pickVariant(table, base, 'long')).toMatchObject({ ok: false, code: 'unknown_variant' });
  });

  it('refuses a variant of a game not hosted, an invalid one, and a repeated name', () => {
    expect(() =>
      resolveVariants(games, [{ game: 'pig', data: { ...short, game: 'pig' } }]),
    ).toThrow(/does not host/);
    expect(() =>
      resolveVariants(games, [
        { game: 'st-augustine', data: { ...short, options: { turns: 'x' } } },
      ]),
    ).toThrow(/not a valid variant of 'st-augustine': options\.turns/);
    expect(() =>
      resolveVariants(games, [
        { game: 'st-augustine', data: short },
        { game: 'st-augustine', data: short },
      ]),
    ).toThrow(/two hosted variants/);
  });

  it('replays a stored match with the variant it embeds, allowed or not', () => {
    const none = resolveVariants(games, []);
    expect(hostedForStored(games, none, stored())).toBe(games.get('st-augustine'));
    const rebuilt = hostedForStored(games, none, stored({ name: 'short', data: short }));
    expect(rebuilt?.game.options.turns?.default).toBe(2);
    expect(rebuilt?.module).toBeUndefined();
  });
});
