import { createMatch } from '@ruleloom/core';
import { pathToFileURL } from 'node:url';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import liarsDiceKit from '../../06-liars-dice/src/kit.js';

const game = liarsDiceKit.game;

/** The global the server's boot module fills (see src/served-kits.ts). */
const KEY = Symbol.for('ruleloom.web-app.served-kits');
const KIT_URL = pathToFileURL(
  new URL('./browser/fixtures/stone-pile-kit.mjs', import.meta.url).pathname,
).href;

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[KEY];
  vi.resetModules();
});

describe('the generic board of a served kit with a form', () => {
  it('offers the form by its title instead of the field controls; other kits keep their labels', async () => {
    const kit = (
      (await import(KIT_URL)) as { default: { game: Parameters<typeof createMatch>[0] } }
    ).default;
    (globalThis as Record<symbol, unknown>)[KEY] = [{ id: 'stone-pile', url: KIT_URL, kit }];
    const { GenericBoard } = await import('../src/generic/generic-board.js');
    const match = createMatch(kit.game, { seed: 1, players: 2, options: { pile: 9 } });
    const html = renderToString(
      <GenericBoard
        game="stone-pile"
        players={2}
        view={match.view(0)}
        seat={0}
        legalActions={match.legalActions(0)}
        toAct={[0]}
        log={[]}
        disabled={false}
        act={() => undefined}
      />,
    );
    expect(html).toMatch(/<button[^>]*>Gather stones…<\/button>/);
    expect(html).not.toContain('Gather 1 stone');
    expect(html).toContain('Pile: 9 stones left');
    expect(html).not.toContain('view-json');
    // A kit without forms: its legal actions under its own labels (Liar's Dice: `Calls liar`).
    const dice = createMatch(game, { seed: 3, players: 2, options: { dice: 1 } });
    const first = dice.toAct[0]!;
    const bid = dice.legalActions(first)[0]!;
    expect(dice.apply(first, bid).ok).toBe(true);
    const second = dice.toAct[0]!;
    const diceHtml = renderToString(
      <GenericBoard
        game="liars-dice"
        players={2}
        view={dice.view(second)}
        seat={second}
        legalActions={dice.legalActions(second)}
        toAct={[second]}
        log={[]}
        disabled={false}
        act={() => undefined}
      />,
    );
    expect(diceHtml).toMatch(/<button[^>]*>Calls liar<\/button>/);
    expect(diceHtml).not.toMatch(/liar:|\{"type"/);
  });
});
