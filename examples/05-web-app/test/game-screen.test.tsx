import { createClient, createInlineBotRunner, type LocalClient } from '@ruleloom/client';
import { createMatch } from '@ruleloom/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { actionLabel, GameScreen } from '../src/game-screen.js';
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
    expect(html).toContain('Seat 0 to play');
    for (const a of first.legalActions.filter((x) => x.type !== 'bid'))
      expect(html).toContain(actionLabel(a).replaceAll('"', '&quot;'));
    if (first.legalActions.some((x) => x.type === 'bid'))
      expect(html).toContain('aria-label="auction"');
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
