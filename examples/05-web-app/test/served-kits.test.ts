import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The global the server's boot module fills (see src/served-kits.ts). */
const KEY = Symbol.for('ruleloom.web-app.served-kits');
const KIT_URL = pathToFileURL(
  new URL('./browser/fixtures/stone-pile-kit.mjs', import.meta.url).pathname,
).href;

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[KEY];
  vi.resetModules();
});

describe('the kits served beside the app', () => {
  it('go first in every list of the app, validated, each problem said in a sentence', async () => {
    const kit = ((await import(KIT_URL)) as { default: unknown }).default;
    (globalThis as Record<symbol, unknown>)[KEY] = [
      { id: 'stone-pile', url: KIT_URL, kit },
      { id: 'not-a-kit', url: KIT_URL, kit: { game: {} } },
      { id: 'liars-dice', url: KIT_URL, kit },
      { id: '../odd id', url: KIT_URL, kit },
    ];
    const served = await import('../src/served-kits.js');
    expect(served.servedKits().map((k) => k.game.id)).toEqual(['stone-pile']);
    expect(served.servedKitEntries()).toEqual([{ id: 'stone-pile', url: KIT_URL }]);
    expect(served.servedKitProblems()).toEqual([
      "The served game 'not-a-kit' is not a game kit: its module's default export must be a kit made by defineKit.",
      "The served game 'liars-dice' is a kit of another game ('stone-pile').",
      'A served game has no plain id or module URL.',
    ]);
    const { GAMES } = await import('../src/games.js');
    expect(GAMES.map((g) => g.id)).toEqual([
      'stone-pile',
      'st-augustine',
      'colonial-florida',
      'liars-dice',
    ]);
    const { presenterOf } = await import('../src/presenters.js');
    expect(presenterOf('stone-pile')?.seatLabel(0)).toBe('Gatherer 1');
    const { makeBots } = await import('../src/bots.js');
    expect(Object.keys(makeBots())).toContain('ismcts-fast-stone-pile');
  });

  it('are none without the boot module (a static server, vite dev): the app’s own kits only', async () => {
    const served = await import('../src/served-kits.js');
    expect(served.servedKits()).toEqual([]);
    expect(served.servedKitProblems()).toEqual([]);
    const { GAMES } = await import('../src/games.js');
    expect(GAMES.map((g) => g.id)).toEqual(['st-augustine', 'colonial-florida', 'liars-dice']);
  });

  it('load in the bot worker from their URLs; a module that fails is a sentence', async () => {
    const served = await import('../src/served-kits.js');
    await served.loadServedKits([
      { id: 'stone-pile', url: KIT_URL },
      { id: 'missing', url: `${KIT_URL.replace(/stone-pile-kit\.mjs$/, '')}missing-kit.mjs` },
    ]);
    expect(served.servedKits().map((k) => k.game.id)).toEqual(['stone-pile']);
    expect(served.servedKitProblems()).toHaveLength(1);
    expect(served.servedKitProblems()[0]).toMatch(
      /^The served game 'missing' could not be loaded: /,
    );
  });
});
