import { createClient, createInlineBotRunner, type LocalClient } from '@ruleloom/client';
import { createMatch } from '@ruleloom/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GameScreen } from '../src/game-screen.js';
import { seatLabel } from '../src/presenters.js';
import { makeBots } from '../src/bots.js';
import { GAMES } from '../src/games.js';

describe.each(GAMES)('the game screen of $name', ({ game, players, options, id }) => {
  it('shows the seat’s legal actions as controls, then the engine’s final scores', async () => {
    const client = createClient({
      type: 'local',
      game,
      setup: { seed: 4, players, options },
      bots: {
        1: 'random',
        2: id === 'st-augustine' ? 'greedy-st-augustine' : 'greedy-colonial-florida',
      },
      botRunner: createInlineBotRunner({ games: [game], bots: makeBots() }),
    }) as LocalClient;
    await client.whenIdle();
    const first = client.getSnapshot();
    const html = renderToString(<GameScreen client={client} />);
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
      const dice = (first.view as unknown as { pending: { dice: number[] } }).pending.dice;
      for (const a of first.legalActions as unknown as { type: string; die: number }[])
        expect(html).toContain(`Move ${String(dice[a.die])} (die ${String(a.die + 1)})`);
    }
    while (!client.getSnapshot().isOver) {
      await client.whenIdle();
      const s = client.getSnapshot();
      if (!s.isOver) expect((await client.act(s.legalActions[0]!)).ok).toBe(true);
    }
    const save = client.save();
    const match = createMatch(game, save.setup);
    for (const a of save.actions) match.apply(a.seat, a.action);
    expect(renderToString(<GameScreen client={client} />)).toContain(
      `Game over. Scores: ${match.result!.scores.join(', ')}`,
    );
  });
});
