import { createClient, createInlineBotRunner, type LocalClient } from '@ruleloom/client';
import { createMatch } from '@ruleloom/core';
import { pig } from '@ruleloom/core/games';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { EarlierMoves } from '../src/game-log.js';
import { GameScreen } from '../src/game-screen.js';
import { seatLabel } from '../src/presenters.js';
import { makeBots } from '../src/bots.js';
import { BOARDS } from '../src/boards.js';
import { GAMES } from '../src/games.js';

/**
 * The HTML of a screen once every lazy part has loaded (each game's board is its own chunk,
 * behind a Suspense boundary that `renderToString` would leave at its fallback).
 */
async function rendered(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/** Short games for the test (the lobby's defaults are the real, long games). */
const SHORT: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'st-augustine': { turns: 6, trading: 'on' },
  'colonial-florida': { goldToWin: 50, maxTurns: 8 },
};

describe('the lobby’s defaults', () => {
  it('are the real games: 40 turns with trading on, and 50 gold with a turn limit', () => {
    const byId = Object.fromEntries(GAMES.map((g) => [g.id, g]));
    expect(byId['st-augustine']!.options).toEqual({ turns: 40, trading: 'on' });
    expect(byId['colonial-florida']!.options).toMatchObject({ goldToWin: 50 });
    expect(byId['colonial-florida']!.options.maxTurns).toBeGreaterThanOrEqual(50);
    for (const g of GAMES) expect(g.difficulties.normal).toMatch(/^ismcts-fast-/);
  });
});

// The games with a board of their own (the generic board has its own test).
const BOARDED = GAMES.filter((g) => BOARDS[g.id] !== undefined);

describe.each(BOARDED)('the game screen of $name', ({ game, players, id }) => {
  const options = SHORT[id]!;
  it('shows the seat’s legal actions as controls, then the engine’s final scores', async () => {
    const client = createClient({
      type: 'local',
      game,
      setup: { seed: 4, players, options },
      bots: {
        1: 'random',
        2: id === 'st-augustine' ? 'greedy-st-augustine' : 'greedy-colonial-florida',
      },
      // A fixed bot secret: the same game on every run (a fresh one is drawn by default).
      botSeed: 'game-screen-test',
      botRunner: createInlineBotRunner({ games: [game], bots: makeBots() }),
    }) as LocalClient;
    await client.whenIdle();
    const first = client.getSnapshot();
    const html = await rendered(<GameScreen client={client} />);
    expect(html).toContain(`${seatLabel(id, 0)} to play`);
    // Each game's board draws its own controls for the first decision.
    if (id === 'st-augustine') {
      const bids = first.legalActions.filter((x) => x.type === 'bid') as unknown as {
        amount: number;
      }[];
      expect(html).toContain('aria-label="auction"');
      expect(html).toContain(`min="${String(Math.min(...bids.map((b) => b.amount)))}"`);
      expect(html).toContain('>Pass</button>');
    } else {
      const view = first.view as unknown as {
        pending: { dice: number[] };
        players: { pawn: number }[];
      };
      // Each move says how far and where the pawn lands (spaces 1..36, clockwise).
      for (const a of first.legalActions as unknown as { type: string; die: number }[]) {
        const steps = view.pending.dice[a.die]!;
        const to = ((view.players[0]!.pawn - 1 + steps) % 36) + 1;
        expect(html).toMatch(new RegExp(`Move ${String(steps)} to [^<]+ \\(${String(to)}\\)`));
      }
    }
    while (!client.getSnapshot().isOver) {
      await client.whenIdle();
      const s = client.getSnapshot();
      if (!s.isOver) expect((await client.act(s.legalActions[0]!)).ok).toBe(true);
    }
    const save = client.save();
    const match = createMatch(game, save.setup);
    for (const a of save.actions) match.apply(a.seat, a.action);
    const end = await rendered(<GameScreen client={client} />);
    const winners = match.result!.winners.map((w) => seatLabel(id, w));
    expect(end).toContain(`Game over: ${winners.join(' and ')}`);
    // The end screen lists every seat with its engine score.
    for (const [seat, score] of match.result!.scores.entries())
      expect(end).toMatch(new RegExp(`data-seat="${String(seat)}" data-score="${String(score)}"`));
  });
});

describe('the “earlier moves” control', () => {
  it('shows only when the log starts after version 1 (a long online match)', async () => {
    // A local client holds the whole log: no control.
    const local = createClient({
      type: 'local',
      game: pig,
      setup: { seed: 1, players: 2, options: {} },
    });
    expect(local.getSnapshot().logStart).toBe(1);
    expect(renderToString(<EarlierMoves client={local} logStart={1} />)).toBe('');
    expect(await rendered(<GameScreen client={local} />)).not.toContain('earlier moves');
    // A log from seq 401 on: one button for the moves before it.
    const html = renderToString(<EarlierMoves client={local} logStart={401} />);
    expect(html).toContain('<button>Show earlier moves (1–400)</button>');
    local.close();
  });
});
