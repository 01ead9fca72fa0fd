import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLobbyApi,
  Lobby,
  storageLobbyMemory,
  useLobby,
  type LobbyMatch,
  type LobbySeat,
  type LobbyState,
} from '../src/index.js';
import { nodeFetch, startLiveServer, type LiveServer } from './live-server.js';
import { button, mount, settle, type Mounted } from './setup-dom.js';

let live: LiveServer;
let url: string;
beforeAll(async () => {
  live = await startLiveServer('lobby', {
    authorizeCreate: ({ headers }) => ({ ok: true, creator: String(headers['x-creator']) }),
  });
  url = live.url;
});
afterAll(() => live.stop());

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
});

describe('createLobbyApi against a real server', () => {
  it('creates with names, lists only the creator’s matches, and revokes a seat', async () => {
    const api = createLobbyApi({ server: url, headers: { 'x-creator': 'api' }, fetch: nodeFetch });
    const made = await api.create({ game: 'st-augustine', players: 2, names: ['Ana', 'Ben'] });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const listed = await api.list();
    expect(listed).toEqual({
      ok: true,
      value: [
        {
          match: made.value.match,
          game: 'st-augustine',
          players: 2,
          status: 'active',
          names: ['Ana', 'Ben'],
          createdAt: expect.any(Number) as number,
        },
      ],
    });
    const other = createLobbyApi({ server: url, headers: { 'x-creator': 'x' }, fetch: nodeFetch });
    expect(await other.list()).toEqual({ ok: true, value: [] });
    expect(await api.revoke(made.value.seats[0]!.token)).toEqual({ ok: true, value: null });
    const again = await api.revoke(made.value.seats[0]!.token);
    expect(again.ok ? null : again.error.code).toBe('unauthorized');
    const refused = await api.create({ game: 'st-augustine', players: 2, names: ['\u0007'] });
    expect(refused.ok ? null : refused.error.code).toBe('malformed_message');
    const nowhere = createLobbyApi({ server: 'http://127.0.0.1:9', fetch: nodeFetch });
    const none = await nowhere.list();
    expect(none.ok ? null : none.error.code).toBe('network_error');
  });
});

describe('useLobby and <Lobby>', () => {
  it('creates with names, lists, joins, leaves a seat and plays again; seat tokens survive a reload', async () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    let lobby: LobbyState | undefined;
    const joined: [LobbyMatch, LobbySeat][] = [];
    const again: LobbyMatch[] = [];
    function Page() {
      lobby = useLobby({
        server: url,
        headers: { 'x-creator': 'hook' },
        fetch: nodeFetch,
        memory: storageLobbyMemory('lobby', storage),
      });
      return (
        <Lobby
          lobby={lobby}
          onJoin={(m, s) => joined.push([m, s])}
          onPlayAgain={(m) => again.push(m)}
          joinUrl={(m, s) => `https://app.example/#${m.match}/${String(s.seat)}`}
        />
      );
    }
    mounted = await mount(<Page />);
    await settle();
    expect(mounted.container.textContent).toContain('No matches yet.');
    let created: LobbyMatch | undefined;
    await settle(async () => {
      const r = await lobby!.create({
        game: 'st-augustine',
        players: 3,
        options: { turns: 2, trading: 'off' },
        names: ['Ana', 'Ben', null],
        bots: [{ seat: 2, bot: 'random' }],
      });
      if (r.ok) created = r.value;
    });
    expect(created?.seats.map((s) => s.seat)).toEqual([0, 1]);
    await settle();
    const c = mounted.container;
    expect(lobby!.matches.map((m) => [m.match, m.status, m.names])).toEqual([
      [created!.match, 'active', ['Ana', 'Ben', null]],
    ]);
    expect(c.textContent).toContain('Seat 0: Ana');
    expect(c.textContent).toContain('Seat 2 (server bot: random)');
    const link = c.querySelector<HTMLInputElement>('input[aria-label="seat link of Seat 1"]');
    expect(link?.value).toBe(`https://app.example/#${created!.match}/1`);
    await settle(() => button(c, 'Play as Ana').click());
    expect(joined.map(([m, s]) => [m.match, s.seat])).toEqual([[created!.match, 0]]);
    expect(joined[0]![1].token).toBe(created!.seats[0]!.token);

    // Leave seat 1: its token stops working on the server and the lobby forgets it.
    await settle(() => button(c, 'Leave Seat 1').click());
    await settle();
    expect(lobby!.matches[0]!.seats.map((s) => s.seat)).toEqual([0]);
    const revoked = await nodeFetch(`${url}/tokens/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created!.seats[1]!.token}` },
    });
    expect(revoked.status).toBe(401);

    // Play again: a new match, same names, options and bots.
    await settle(() => button(c, 'Play again').click());
    await settle();
    expect(again).toHaveLength(1);
    expect(again[0]!.match).not.toBe(created!.match);
    expect(again[0]!.request).toEqual(created!.request);
    expect(lobby!.matches.map((m) => m.match)).toEqual([again[0]!.match, created!.match]);
    expect(lobby!.matches[0]!.names).toEqual(['Ana', 'Ben', null]);

    // A new page with the same storage holds the same seats.
    await mounted.unmount();
    mounted = await mount(<Page />);
    await settle();
    expect(lobby!.matches.map((m) => [m.match, m.seats.map((s) => s.seat)])).toEqual([
      [again[0]!.match, [0, 1]],
      [created!.match, [0]],
    ]);
  });

  it('returns a refused create as a value and shows a refused play again', async () => {
    let lobby: LobbyState | undefined;
    function Page() {
      lobby = useLobby({ server: url, headers: { 'x-creator': 'bad' }, fetch: nodeFetch });
      return <Lobby lobby={lobby} onJoin={() => undefined} />;
    }
    mounted = await mount(<Page />);
    await settle();
    let refused = '';
    await settle(async () => {
      const r = await lobby!.create({ game: 'st-augustine', players: 2, names: ['x'.repeat(40)] });
      refused = r.ok ? '' : r.error.message;
    });
    expect(refused).toMatch(/at most 32 characters/);
    // Playing again a match this lobby did not create is refused, as a sentence on screen.
    await settle(() => lobby!.playAgain('not-mine'));
    expect(mounted.container.querySelector('[role="alert"]')?.textContent).toBe(
      'This lobby did not create that match, so it cannot start it again.',
    );
  });
});
