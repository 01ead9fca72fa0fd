import { createClient, type RulesClient } from '@ruleloom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMatch } from '../src/index.js';
import { eventually, startLiveServer, type LiveServer } from './live-server.js';
import { mount } from './setup-dom.js';

let live: LiveServer;
let url: string;
beforeAll(async () => {
  live = await startLiveServer('names');
  url = live.url;
});
afterAll(() => live.stop());

function Names({ client }: { client: RulesClient }) {
  const s = useMatch(client);
  return <p>{s.names.map((n, seat) => n ?? `Seat ${String(seat + 1)}`).join(', ')}</p>;
}

describe('player names in a React board over a remote client', () => {
  it('a board shows the name another player gave at join at once, with no action played', async () => {
    // Anonymous creation is allowed from loopback; the server and both sockets are real.
    const answer = await live.createMatch({
      game: 'st-augustine',
      players: 2,
      names: ['Ana', null],
    });
    expect(answer.status).toBe(201);
    const created = answer.json as { match: string; seats: { seat: number; token: string }[] };
    const ana = createClient({
      type: 'remote',
      url,
      match: created.match,
      token: created.seats[0]!.token,
    });
    let ben: RulesClient | undefined;
    const mounted = await mount(<Names client={ana} />);
    try {
      await eventually(() => ana.getSnapshot().status === 'open');
      expect(mounted.container.textContent).toBe('Ana, Seat 2');
      // Ben joins only now: Ana's welcome could not have carried his name.
      ben = createClient({
        type: 'remote',
        url,
        match: created.match,
        token: created.seats[1]!.token,
        name: 'Ben',
      });
      await eventually(() => mounted.container.textContent === 'Ana, Ben');
      expect(ana.getSnapshot().version).toBe(0);
    } finally {
      await mounted.unmount();
      ana.close();
      ben?.close();
    }
  });
});
