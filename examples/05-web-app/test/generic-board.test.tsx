import { createClient, createInlineBotRunner, type LocalClient } from '@ruleloom/client';
import { createMatch } from '@ruleloom/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import liarsDiceKit from '../../06-liars-dice/src/kit.js';
import { BOARDS } from '../src/boards.js';
import { makeBots } from '../src/bots.js';
import { GameScreen } from '../src/game-screen.js';
import { GAMES } from '../src/games.js';
import { KITS } from '../src/kits.js';
import { seatLabel } from '../src/presenters.js';

const game = liarsDiceKit.game;

describe('the games come from kits', () => {
  it('one lobby game per kit, with the kit’s default setup and bots from its presets', () => {
    expect(GAMES.map((g) => g.id)).toEqual(KITS.map((k) => k.kit.game.id));
    expect(GAMES.map((g) => g.id)).toContain('liars-dice');
    const dice = GAMES.find((g) => g.id === 'liars-dice')!;
    expect(dice.game).toBe(game);
    expect(dice.players).toBe(liarsDiceKit.defaultSetup.players);
    expect(dice.name).toBe("Liar's Dice");
    // No heuristic in this kit: no greedy bot; the easy opponent plays at random.
    expect(dice.difficulties).toEqual({
      easy: 'random',
      normal: 'ismcts-fast-liars-dice',
      hard: 'ismcts-liars-dice',
    });
    const bots = makeBots();
    for (const g of GAMES)
      for (const kind of [...g.botKinds, ...Object.values(g.difficulties)])
        expect(bots[kind], `${g.id}: ${kind}`).toBeDefined();
    expect(BOARDS['liars-dice']).toBeUndefined();
  });
});

describe('the generic board of a kit without a board of its own', () => {
  it('shows the presenter’s board, the seat’s own dice only, the controls; plays to the end', async () => {
    const client = createClient({
      type: 'local',
      game,
      setup: { seed: 5, players: 3, options: { dice: 2 } },
      bots: { 1: 'random', 2: 'ismcts-fast-liars-dice' },
      // A fixed bot secret: the same game on every run (a fresh one is drawn by default).
      botSeed: 'generic-board-test',
      botRunner: createInlineBotRunner({ games: [game], bots: makeBots() }),
    }) as LocalClient;
    await client.whenIdle();
    const s = client.getSnapshot();
    const html = renderToString(<GameScreen client={client} />);
    expect(html).toContain(`${seatLabel('liars-dice', 0)} to play`);
    expect(html).toContain('data-testid="board-text"');
    expect(html).toContain('Round 1');
    // The seat's own cup as faces; every other cup hidden.
    const view = s.view as unknown as { players: { cup?: number[] }[] };
    const faces = view.players[0]!.cup!.join(' ');
    expect(html).toContain(`Player 1: 2 dice · cup ${faces}`);
    expect(html).toContain('Player 2: 2 dice · cup 2 hidden');
    expect(html).toContain('Player 3: 2 dice · cup 2 hidden');
    // The bids as a form (quantity and face selects) with the legal bid it makes.
    expect(html).toContain('id="action-bid-quantity"');
    expect(html).toContain('id="action-bid-face"');
    expect(html).toMatch(/<button[^>]*>Bid<\/button>/);
    expect(html).toContain('Bids 1 × 1');
    while (!client.getSnapshot().isOver) {
      await client.whenIdle();
      const now = client.getSnapshot();
      if (!now.isOver) {
        const liar = now.legalActions.find((a) => a.type === 'liar');
        expect((await client.act(liar ?? now.legalActions[0]!)).ok).toBe(true);
      }
    }
    const end = renderToString(<GameScreen client={client} />);
    const save = client.save();
    const replay = createMatch(game, save.setup);
    for (const a of save.actions) replay.applyInput(a.seat, a.action);
    for (const [seat, score] of replay.result!.scores.entries())
      expect(end).toMatch(new RegExp(`data-seat="${String(seat)}" data-score="${String(score)}"`));
    expect(end).toMatch(/\d (die|dice)<\/td>/);
    client.close();
  });
});
