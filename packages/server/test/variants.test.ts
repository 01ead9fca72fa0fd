import { instanceIdsOf } from '@ruleloom/core';
import { stAugustine, stAugustineCards } from '@ruleloom/st-augustine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WelcomeMessage } from '../src/index.js';
import {
  createMatchOver,
  HOSTED_GAMES,
  post,
  startServer,
  type Started,
} from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

// A server-registered variant: the deck order is fixed by the server (a secret option).
const deckOrder = stAugustineCards.flatMap((card) => instanceIdsOf(card)).reverse();
let started: Started;
beforeAll(async () => {
  started = await startServer({
    games: [
      ...HOSTED_GAMES,
      {
        id: 'st-augustine-fixed-deck',
        game: stAugustine,
        options: { deckOrder, trading: 'off' },
        module: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
      },
    ],
  });
});
afterAll(async () => {
  await started.stop();
});

describe('variants registered on the server', () => {
  it('fix secret options that clients cannot set, and never send them to anyone', async () => {
    const refused = await post(started.url, '/matches', {
      game: 'st-augustine-fixed-deck',
      players: 2,
      options: { trading: 'on' },
    });
    expect(refused.status).toBe(400);
    expect((refused.body.error as { code: string }).code).toBe('option_not_allowed');

    const m = await createMatchOver(started.url, {
      game: 'st-augustine-fixed-deck',
      players: 2,
      options: { turns: 4 },
      bots: [{ seat: 1, bot: 'greedy' }],
    });
    const seat = await TestClient.connect(started.url, m.seats[0]!.token);
    const welcome = (await seat.reply(
      seat.send({ type: 'join', match: m.match }),
    )) as WelcomeMessage;
    // The deck is the server's order, not a shuffle of the (random) server seed: another
    // match of the variant opens with the same flipped card and discard pile.
    const other = await createMatchOver(started.url, {
      game: 'st-augustine-fixed-deck',
      players: 2,
      options: { turns: 4 },
    });
    const watcher = await TestClient.connect(started.url);
    const w2 = (await watcher.reply(
      watcher.send({ type: 'spectate', match: other.match }),
    )) as WelcomeMessage;
    const opening = (v: WelcomeMessage) => {
      const view = v.view as unknown as { flipped: string | null; discard: string[] };
      return { flipped: view.flipped, discard: view.discard };
    };
    expect(welcome.version).toBe(0);
    expect(opening(w2)).toEqual(opening(welcome));
    expect(deckOrder).toContain(opening(welcome).flipped);
    watcher.close();
    const status = await (await fetch(`${started.url}/matches/${m.match}`)).text();
    for (const text of [JSON.stringify(seat.messages), status]) {
      expect(text).not.toContain('deckOrder');
      // No message lists the deck: the bottom cards, not yet flipped, never appear.
      for (const card of deckOrder.slice(-6)) expect(text).not.toContain(`"${card}"`);
    }
    seat.close();
  });
});
