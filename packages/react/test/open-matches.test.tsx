import type { ClaimedSeat, OpenMatch } from '@ruleloom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLobbyApi,
  OpenMatches,
  openMatchesErrorSentence,
  useLobby,
  useOpenMatches,
  type LobbyState,
  type OpenMatchesState,
} from '../src/index.js';
import { nodeFetch, startLiveServer, type LiveServer } from './live-server.js';
import { button, mount, settle, type Mounted } from './setup-dom.js';

let live: LiveServer;
let url: string;
beforeAll(async () => {
  live = await startLiveServer('open-matches', { limits: { messageBurst: 200 } });
  url = live.url;
});
afterAll(() => live.stop());

let mounted: Mounted | null = null;
afterEach(async () => {
  await mounted?.unmount();
  mounted = null;
});

describe('useOpenMatches and <OpenMatches>', () => {
  it('lists a match created with listed: true (never a private one) and joins a free seat with a name', async () => {
    let lobby: LobbyState | undefined;
    let open: OpenMatchesState | undefined;
    const joined: [OpenMatch, ClaimedSeat][] = [];
    function Page() {
      lobby = useLobby({ server: url, fetch: nodeFetch });
      open = useOpenMatches({ server: url, game: 'st-augustine', fetch: nodeFetch });
      return (
        <OpenMatches
          openMatches={open}
          playerName=" Ben "
          gameName={(g) => (g === 'st-augustine' ? 'St. Augustine' : g)}
          onJoin={(m, s) => joined.push([m, s])}
        />
      );
    }
    mounted = await mount(<Page />);
    await settle();
    const c = mounted.container;
    expect(c.textContent).toContain('No open matches right now.');
    let listedId = '';
    let privateId = '';
    await settle(async () => {
      const listed = await lobby!.create({
        game: 'st-augustine',
        players: 3,
        names: ['Ana', null, null],
        bots: [{ seat: 2, bot: 'random' }],
        listed: true,
      });
      const hidden = await lobby!.create({ game: 'st-augustine', players: 2, listed: false });
      listedId = listed.ok ? listed.value.match : '';
      privateId = hidden.ok ? hidden.value.match : '';
    });
    await settle(() => open!.refresh());
    expect(open!.matches.map((m) => m.match)).toEqual([listedId]);
    expect(c.querySelector(`[data-match="${privateId}"]`)).toBeNull();
    const item = c.querySelector(`[data-match="${listedId}"]`)!;
    expect(item.textContent).toContain('St. Augustine · 2 free seats of 3');
    expect(item.textContent).toContain('Seat 0: Ana (free)');
    expect(item.textContent).toContain('Seat 2 (server bot)');
    expect([...item.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Join as Seat 0',
      'Join as Seat 1',
    ]);

    await settle(() => button(c, 'Join as Seat 1').click());
    await settle();
    expect(joined.map(([m, s]) => [m.match, s.seat])).toEqual([[listedId, 1]]);
    expect(joined[0]![1].token.length).toBeGreaterThan(20);
    // Read again: seat 1 is taken, under the joiner's name.
    const seats = open!.matches.find((m) => m.match === listedId)?.seats;
    expect(seats?.[1]).toEqual({ seat: 1, state: 'taken', name: 'Ben' });
    expect(c.querySelector(`[data-match="${listedId}"]`)?.textContent).toContain(
      'Seat 1: Ben (taken)',
    );
  });

  it('says so in a sentence when someone took the seat first, and drops the full match', async () => {
    let open: OpenMatchesState | undefined;
    function Page() {
      open = useOpenMatches({ server: url, fetch: nodeFetch });
      return <OpenMatches openMatches={open} onJoin={() => undefined} />;
    }
    const api = createLobbyApi({ server: url, fetch: nodeFetch });
    const made = await api.create({ game: 'st-augustine', players: 2, listed: true });
    if (!made.ok) throw new Error(made.error.message);
    const bots = await api.create({
      game: 'st-augustine',
      players: 2,
      listed: true,
      bots: [{ seat: 1, bot: 'random' }],
    });
    if (!bots.ok) throw new Error(bots.error.message);
    mounted = await mount(<Page />);
    await settle();
    const c = mounted.container;
    const row = () => c.querySelector(`[data-match="${made.value.match}"]`);
    expect(row()).not.toBeNull();
    // Someone else takes seat 0 while this list still offers it.
    await settle(() => open!.claim(made.value.match, 0));
    await settle(() => open!.refresh());
    const stale = [...row()!.querySelectorAll('button')].find(
      (b) => b.textContent === 'Join as Seat 1',
    )!;
    await settle(async () => {
      await open!.claim(bots.value.match, 0);
      await open!.claim(made.value.match, 1);
    });
    expect(row()).toBeNull();
    expect(stale.isConnected).toBe(false);
    const r = await open!.claim(made.value.match, 1);
    await settle();
    expect(r.ok ? null : r.error.code).toBe('seat_not_free');
    expect(c.querySelector('[role="alert"]')?.textContent).toBe(
      'That seat is no longer free (someone took it, or the match ended): pick another one.',
    );
    expect(openMatchesErrorSentence({ code: 'match_not_listed', message: 'x' }, url)).toBe(
      'That match is no longer listed.',
    );
  });

  it('reads the list again by itself with refreshEveryMs', async () => {
    let open: OpenMatchesState | undefined;
    function Page() {
      open = useOpenMatches({ server: url, refreshEveryMs: 1000, fetch: nodeFetch });
      return <OpenMatches openMatches={open} onJoin={() => undefined} />;
    }
    mounted = await mount(<Page />);
    await settle();
    const api = createLobbyApi({ server: url, fetch: nodeFetch });
    const made = await api.create({ game: 'st-augustine', players: 2, listed: true });
    if (!made.ok) throw new Error(made.error.message);
    // No refresh called: the interval's read brings it (waited for, with a safety deadline).
    for (let i = 0; i < 400 && !open!.matches.some((m) => m.match === made.value.match); i++)
      await settle(() => new Promise((r) => setTimeout(r, 25)));
    expect(open!.matches.map((m) => m.match)).toContain(made.value.match);
  });

  it('pages with loadMore', async () => {
    const api = createLobbyApi({ server: url, fetch: nodeFetch });
    for (let i = 0; i < 3; i++)
      await api.create({ game: 'st-augustine', players: 2, listed: true });
    let open: OpenMatchesState | undefined;
    function Page() {
      open = useOpenMatches({ server: url, pageSize: 2, fetch: nodeFetch });
      return <OpenMatches openMatches={open} onJoin={() => undefined} />;
    }
    mounted = await mount(<Page />);
    await settle();
    expect(open!.matches).toHaveLength(2);
    expect(open!.more).toBe(true);
    const firstTwo = open!.matches.map((m) => m.match);
    await settle(() => button(mounted!.container, 'More open matches').click());
    await settle();
    expect(open!.matches.length).toBeGreaterThan(2);
    expect(open!.matches.slice(0, 2).map((m) => m.match)).toEqual(firstTwo);
    expect(new Set(open!.matches.map((m) => m.match)).size).toBe(open!.matches.length);
  });
});
