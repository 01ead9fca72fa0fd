import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  claimedSeatSchema,
  createGameServer,
  openMatchesAnswerSchema,
  parseHttpBody,
  type GameServer,
  type GameStorage,
  type OpenMatchesAnswer,
  type WelcomeMessage,
} from '../../src/index.js';
import { createMatchOver, HOSTED_GAMES, post, SECRET } from './start-server.js';
import { isType, TestClient } from './test-client.js';

/** Two servers (or one, twice) on one storage, and a storage handle of the test's own. */
export interface OpenMatchesRig {
  /** Where matches are created and listed. */
  readonly urlA: string;
  /** Where seats are claimed and joined (another process of the deployment when shared). */
  readonly urlB: string;
  /** The storage, to end a match as the server does at its last action (`setStatus`). */
  readonly storage: GameStorage;
  stop(): Promise<void>;
}

/** A clock that moves 1 ms per reading: creation times are distinct and in creation order. */
export function steppingClock(): () => number {
  let t = 1_800_000_000_000;
  return () => t++;
}

/** A game server on `storage` with the test games, a stepping clock and a roomy rate limit. */
export async function openMatchesServer(
  storage: GameStorage,
  now: () => number,
  limits: { messageBurst?: number; messagesPerSecond?: number } = {},
): Promise<{ server: GameServer; url: string }> {
  const server = await createGameServer({
    games: HOSTED_GAMES,
    secret: SECRET,
    storage,
    now,
    limits: { messageBurst: 1000, matchesPerCreator: 100, ...limits },
  });
  return { server, url: await server.listen({ port: 0, host: '127.0.0.1' }) };
}

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(url);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** `GET /matches/open` (checked against the protocol schema). */
async function listOpen(url: string, query = ''): Promise<OpenMatchesAnswer> {
  const r = await getJson(`${url}/matches/open${query}`);
  expect(r.status).toBe(200);
  const answer = parseHttpBody(openMatchesAnswerSchema, r.body);
  if (answer === null) throw new Error(`not an open-match list: ${JSON.stringify(r.body)}`);
  // Nothing beyond the schema's fields: a field added later must be added there on purpose.
  expect(
    v.safeParse(v.strictObject({ matches: v.array(v.unknown()), next: v.unknown() }), r.body)
      .success,
  ).toBe(true);
  for (const m of r.body.matches as Record<string, unknown>[])
    expect(Object.keys(m).sort()).toEqual(
      ['createdAt', 'game', 'match', 'players', 'seats', 'turnSeconds', 'variant'].sort(),
    );
  return answer;
}

const ids = (a: OpenMatchesAnswer): string[] => a.matches.map((m) => m.match);

/** The open-match list and seat claims, against one storage adapter. */
export function describeOpenMatches(name: string, start: () => Promise<OpenMatchesRig>): void {
  describe(`open matches: ${name}`, () => {
    let rig: OpenMatchesRig;
    beforeAll(async () => {
      rig = await start();
    });
    afterAll(() => rig.stop());

    it('lists a listed match with its seats and names, never a private one, and no secret', async () => {
      const secret = await createMatchOver(rig.urlA, {
        game: 'st-augustine',
        players: 2,
        names: ['Hidden', null],
      });
      const explicit = await createMatchOver(rig.urlA, {
        game: 'st-augustine',
        players: 2,
        listed: false,
      });
      const listed = await createMatchOver(rig.urlA, {
        game: 'st-augustine',
        players: 3,
        listed: true,
        names: ['Ana', null, null],
        bots: [{ seat: 2, bot: 'random' }],
        turnTimer: { seconds: 60 },
      });
      const answer = await listOpen(rig.urlA, '?game=st-augustine');
      expect(ids(answer)).toContain(listed.match);
      expect(ids(answer)).not.toContain(secret.match);
      expect(ids(answer)).not.toContain(explicit.match);
      const m = answer.matches.find((x) => x.match === listed.match);
      expect(m).toMatchObject({
        game: 'st-augustine',
        variant: null,
        players: 3,
        turnSeconds: 60,
        seats: [
          { seat: 0, state: 'free', name: 'Ana' },
          { seat: 1, state: 'free', name: null },
          { seat: 2, state: 'bot', name: null },
        ],
      });
      // No seat token, seed, bot secret or creator in the whole answer.
      const text = JSON.stringify(answer);
      for (const s of [...listed.seats, ...secret.seats, ...explicit.seats])
        expect(text).not.toContain(s.token);
      const stored = await rig.storage.getMatch(listed.match);
      expect(text).not.toContain(stored?.setup.seed);
      expect(text).not.toContain(stored?.botSecret);
      expect(text).not.toContain('"creator"');
      expect(text).not.toContain('Hidden');
      // A private match cannot be claimed; it answers as a missing one.
      for (const id of [secret.match, explicit.match, 'no-such-match']) {
        const r = await post(rig.urlB, `/matches/${id}/claim`, { seat: 1 });
        expect(r.status).toBe(404);
        expect(r.body).toEqual({
          error: { code: 'match_not_listed', message: 'no listed match has this id' },
        });
      }
    });

    it('a claimed seat is taken once (its token plays it), a joined seat is taken, a full match drops out', async () => {
      const m = await createMatchOver(rig.urlA, {
        game: 'st-augustine',
        players: 2,
        listed: true,
        names: ['Ana', null],
      });
      // The creator's seat-0 token joins: seat 0 is taken.
      const ana = await TestClient.connect(rig.urlA);
      const w0 = await ana.reply(
        ana.send({ type: 'join', match: m.match, token: m.seats[0]!.token }),
      );
      expect(w0.type).toBe('welcome');
      const seen = (await listOpen(rig.urlA)).matches.find((x) => x.match === m.match);
      expect(seen?.seats.map((s) => s.state)).toEqual(['taken', 'free']);
      // Seat 0 cannot be claimed; seat 1 can, once (another process may answer).
      const again = await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 0 });
      expect(again.status).toBe(409);
      expect((again.body.error as { code: string }).code).toBe('seat_not_free');
      const claims = await Promise.all([
        post(rig.urlB, `/matches/${m.match}/claim`, { seat: 1, name: '  Ben ' }),
        post(rig.urlA, `/matches/${m.match}/claim`, { seat: 1, name: 'Cy' }),
      ]);
      expect(claims.map((c) => c.status).sort()).toEqual([201, 409]);
      const won = claims.find((c) => c.status === 201)!;
      const claimed = parseHttpBody(claimedSeatSchema, won.body);
      expect(claimed).toMatchObject({ match: m.match, seat: 1 });
      const winnerName = won === claims[0] ? 'Ben' : 'Cy';
      // The claimed token plays seat 1 (on the other process), with the claimer's name.
      const ben = await TestClient.connect(rig.urlB);
      const w1 = (await ben.reply(
        ben.send({ type: 'join', match: m.match, token: claimed!.token }),
      )) as WelcomeMessage;
      expect(w1.type).toBe('welcome');
      expect(w1.seat).toBe(1);
      expect(w1.names).toEqual(['Ana', winnerName]);
      // Both seats taken: the match is no longer listed.
      expect(ids(await listOpen(rig.urlA))).not.toContain(m.match);
      expect(ids(await listOpen(rig.urlB))).not.toContain(m.match);
      const late = await post(rig.urlA, `/matches/${m.match}/claim`, { seat: 1 });
      expect(late.status).toBe(409);
      expect(ana.messages.filter(isType('error'))).toEqual([]);
      ana.close();
      ben.close();
    });

    it("a claim ends the creator's seat token for that seat, on every process, and no other", async () => {
      const m = await createMatchOver(rig.urlA, { game: 'st-augustine', players: 3, listed: true });
      const [creator0, creator1, creator2] = m.seats.map((s) => s.token);
      const r = await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 1 });
      expect(r.status).toBe(201);
      const claimed = parseHttpBody(claimedSeatSchema, r.body)!;
      // The creator's seat-1 link no longer joins, on either process: the seat is the claimer's.
      for (const url of [rig.urlA, rig.urlB]) {
        const c = await TestClient.connect(url);
        const refused = await c.reply(c.send({ type: 'join', match: m.match, token: creator1! }));
        expect(refused).toMatchObject({
          type: 'error',
          code: 'token_revoked',
          message: 'the seat token was revoked',
        });
        c.close();
      }
      // The claimer's token plays seat 1; the creator's other seats are untouched.
      const ben = await TestClient.connect(rig.urlA);
      const w1 = (await ben.reply(
        ben.send({ type: 'join', match: m.match, token: claimed.token }),
      )) as WelcomeMessage;
      expect(w1).toMatchObject({ type: 'welcome', seat: 1 });
      const ana = await TestClient.connect(rig.urlB);
      const w0 = (await ana.reply(
        ana.send({ type: 'join', match: m.match, token: creator0! }),
      )) as WelcomeMessage;
      expect(w0).toMatchObject({ type: 'welcome', seat: 0 });
      ana.close();
      ben.close();
      // A later claim of seat 2 revokes only seat 2's creator token.
      expect((await post(rig.urlA, `/matches/${m.match}/claim`, { seat: 2 })).status).toBe(201);
      const c = await TestClient.connect(rig.urlB);
      const refused2 = await c.reply(c.send({ type: 'join', match: m.match, token: creator2! }));
      expect(refused2).toMatchObject({ type: 'error', code: 'token_revoked' });
      c.close();
    });

    it('storage: revokeSeatTokens revokes the live tokens of one seat of one match but the kept one', async () => {
      const st = rig.storage;
      const token = (hash: string, match: string, seat: number) =>
        st.addToken({ hash, match, seat, expiresAt: 9_000_000_000_000 });
      await token('rst-a0', 'rst-a', 0);
      await token('rst-a1-old', 'rst-a', 1);
      await token('rst-a1-older', 'rst-a', 1);
      await token('rst-a1-new', 'rst-a', 1);
      await token('rst-b1', 'rst-b', 1);
      await st.revokeToken('rst-a1-older');
      // Only live tokens are revoked (and reported): an already revoked one is not told twice.
      expect(await st.revokeSeatTokens!('rst-a', 1, 'rst-a1-new')).toEqual(['rst-a1-old']);
      const live = async (hash: string) => st.isTokenLive(hash);
      expect(await live('rst-a1-old')).toBe(false);
      expect(await live('rst-a1-older')).toBe(false);
      expect(await live('rst-a1-new')).toBe(true);
      expect(await live('rst-a0')).toBe(true);
      expect(await live('rst-b1')).toBe(true);
      expect(await st.revokeSeatTokens!('rst-a', 1, 'rst-a1-new')).toEqual([]);
      expect(await st.revokeSeatTokens!('rst-none', 0, 'x')).toEqual([]);
    });

    it('a seat its player left (its token revoked) is offered again, unless a live token still holds it', async () => {
      const m = await createMatchOver(rig.urlA, { game: 'st-augustine', players: 2, listed: true });
      const states = async () =>
        (await listOpen(rig.urlA)).matches
          .find((x) => x.match === m.match)
          ?.seats.map((s) => s.state);
      const revoke = (url: string, token: string) =>
        post(url, '/tokens/revoke', {}, { authorization: `Bearer ${token}` });
      const first = parseHttpBody(
        claimedSeatSchema,
        (await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 1 })).body,
      )!;
      expect(await states()).toEqual(['free', 'taken']);
      // The claimer leaves (on the other process): seat 1 is free again, and claimed anew.
      expect((await revoke(rig.urlA, first.token)).status).toBe(204);
      expect(await states()).toEqual(['free', 'free']);
      const second = await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 1 });
      expect(second.status).toBe(201);
      const c = await TestClient.connect(rig.urlB);
      const welcome = await c.reply(
        c.send({
          type: 'join',
          match: m.match,
          token: parseHttpBody(claimedSeatSchema, second.body)!.token,
        }),
      );
      expect(welcome).toMatchObject({ type: 'welcome', seat: 1 });
      c.close();
      expect(await states()).toEqual(['free', 'taken']);
      // Seat 0, joined by the creator's token, has another live token (an app issued one):
      // revoking the creator's keeps the seat taken, revoking the last one frees it.
      const ana = await TestClient.connect(rig.urlA);
      await ana.reply(ana.send({ type: 'join', match: m.match, token: m.seats[0]!.token }));
      ana.close();
      expect(await states()).toBeUndefined();
      await rig.storage.addToken({
        hash: `other-${m.match}`,
        match: m.match,
        seat: 0,
        expiresAt: 9_000_000_000_000,
      });
      expect((await revoke(rig.urlB, m.seats[0]!.token)).status).toBe(204);
      expect(await states()).toBeUndefined();
      await rig.storage.revokeToken(`other-${m.match}`);
      expect(await rig.storage.releaseSeat!(m.match, 0, Date.now())).toBe(true);
      expect(await states()).toEqual(['free', 'taken']);
    });

    it('a listed match holds the seats its creator names in `held`: taken from the start, refused to strangers, offered again when their player leaves', async () => {
      const m = await createMatchOver(rig.urlA, {
        game: 'st-augustine',
        players: 3,
        names: ['Ana', null, null],
        listed: true,
        held: [0],
      });
      const states = async () =>
        (await listOpen(rig.urlB)).matches
          .find((x) => x.match === m.match)
          ?.seats.map((s) => `${s.state}${s.name === null ? '' : ` ${s.name}`}`);
      // Listed at once with seat 0 taken, before Ana has joined.
      expect(await states()).toEqual(['taken Ana', 'free', 'free']);
      const early = await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 0 });
      expect(early).toEqual({
        status: 409,
        body: { error: { code: 'seat_not_free', message: 'seat 0 is taken already' } },
      });
      // Ana's link still plays seat 0, on either process.
      const ana = await TestClient.connect(rig.urlB);
      const w0 = await ana.reply(
        ana.send({ type: 'join', match: m.match, token: m.seats[0]!.token }),
      );
      expect(w0).toMatchObject({ type: 'welcome', seat: 0 });
      ana.close();
      expect((await rig.storage.getMatch(m.match))?.config.held).toEqual([0]);
      // Strangers take the two seats offered; the match is full and leaves the list.
      for (const seat of [1, 2])
        expect((await post(rig.urlA, `/matches/${m.match}/claim`, { seat })).status).toBe(201);
      expect(await states()).toBeUndefined();
      // Ana leaves: her held seat is offered like any other.
      const left = await post(
        rig.urlA,
        '/tokens/revoke',
        {},
        { authorization: `Bearer ${m.seats[0]!.token}` },
      );
      expect(left.status).toBe(204);
      expect(await states()).toEqual(['free Ana', 'taken', 'taken']);
      expect((await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 0 })).status).toBe(201);
    });

    it.each([
      [{ players: 2, held: [0] }, 'held: only a listed match holds seats (add "listed": true)'],
      [{ players: 2, listed: true, held: [2] }, 'held: seat 2 is not a human seat of 2'],
      [
        { players: 3, listed: true, bots: [{ seat: 1, bot: 'random' }], held: [1] },
        'held: seat 1 is not a human seat of 3',
      ],
      [{ players: 3, listed: true, held: [2, 2] }, 'held: seat 2 is named twice'],
      [
        { players: 3, listed: true, bots: [{ seat: 2, bot: 'random' }], held: [1, 0] },
        'held: a listed match needs a free seat; hold fewer than its 2 human seats',
      ],
    ])('refuses held seats %j: %s, and lists nothing new', async (body, message) => {
      const before = await listOpen(rig.urlA);
      const r = await post(rig.urlA, '/matches', { game: 'st-augustine', ...body });
      expect(r).toEqual({ status: 400, body: { error: { code: 'invalid_setup', message } } });
      expect(await listOpen(rig.urlA)).toEqual(before);
    });

    it('storage: releaseSeat frees a claimed seat of a listed match once, only without a live token', async () => {
      const st = rig.storage;
      const match = (id: string, listed: boolean) =>
        st.createMatch(
          {
            id,
            game: 'release',
            rulesVersion: '1',
            setup: { seed: 'x', players: 2, options: {} },
            config: { bots: [], turnTimer: null, ...(listed ? { listed: true } : {}) },
            creator: 'release',
            createdAt: 1_700_000_000_000,
            status: 'active',
            problem: null,
            botSecret: null,
          },
          [],
        );
      const seatsOf = async (id: string) =>
        (await st.listOpenMatches!({ game: 'release', limit: 50, before: null })).find(
          (r) => r.match.id === id,
        )?.claimed;
      await match('rel-a', true);
      await match('rel-private', false);
      expect(await st.claimSeat!('rel-a', 0)).toBe(true);
      expect(await st.claimSeat!('rel-a', 1)).toBe(true);
      expect(await seatsOf('rel-a')).toBeUndefined();
      await st.addToken({ hash: 'rel-a0-live', match: 'rel-a', seat: 0, expiresAt: 2_000 });
      await st.addToken({ hash: 'rel-a1-gone', match: 'rel-a', seat: 1, expiresAt: 2_000 });
      await st.revokeToken('rel-a1-gone');
      // Seat 0's token is live at 1999 and expired at 2000; seat 1's is revoked.
      expect(await st.releaseSeat!('rel-a', 0, 1_999)).toBe(false);
      expect(await st.releaseSeat!('rel-a', 1, 1_999)).toBe(true);
      expect(await seatsOf('rel-a')).toEqual([0]);
      expect(await st.releaseSeat!('rel-a', 1, 1_999)).toBe(false);
      expect(await st.releaseSeat!('rel-a', 0, 2_000)).toBe(true);
      expect(await seatsOf('rel-a')).toEqual([]);
      // Freed seats are claimed again, each once; nothing happens in a private match.
      expect(await st.claimSeat!('rel-a', 1)).toBe(true);
      expect(await st.claimSeat!('rel-a', 1)).toBe(false);
      expect(await seatsOf('rel-a')).toEqual([1]);
      expect(await st.releaseSeat!('rel-private', 0, 0)).toBe(false);
      expect(await st.releaseSeat!('no-such-match', 0, 0)).toBe(false);
    });

    it('a finished match drops out of the list and refuses claims', async () => {
      const m = await createMatchOver(rig.urlA, {
        game: 'colonial-florida',
        players: 2,
        listed: true,
      });
      expect(ids(await listOpen(rig.urlA, '?game=colonial-florida'))).toContain(m.match);
      // What the server stores at a match's last action.
      await rig.storage.setStatus(m.match, 'over', null);
      expect(ids(await listOpen(rig.urlA, '?game=colonial-florida'))).not.toContain(m.match);
      const r = await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 0 });
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
        error: { code: 'seat_not_free', message: 'this match is over: no seat is free' },
      });
    });

    it('filters by game and pages newest first, at most 50 a page', async () => {
      const made: string[] = [];
      for (let i = 0; i < 5; i++)
        made.push(
          (await createMatchOver(rig.urlA, { game: 'colonial-florida', players: 2, listed: true }))
            .match,
        );
      made.reverse();
      const all = await listOpen(rig.urlB, '?game=colonial-florida&limit=50');
      expect(all.matches.every((m) => m.game === 'colonial-florida')).toBe(true);
      expect(ids(all).slice(0, 5)).toEqual(made);
      expect(all.next).toBeNull();
      const first = await listOpen(rig.urlB, '?game=colonial-florida&limit=2');
      expect(ids(first)).toEqual(made.slice(0, 2));
      expect(first.next).not.toBeNull();
      const second = await listOpen(
        rig.urlA,
        `?game=colonial-florida&limit=2&before=${first.next!}`,
      );
      expect(ids(second)).toEqual(made.slice(2, 4));
      const third = await listOpen(
        rig.urlA,
        `?game=colonial-florida&limit=2&before=${second.next!}`,
      );
      expect(ids(third)[0]).toBe(made[4]);
      // The default page is 20, the largest 50 (more listed matches than that exist now).
      for (let i = 0; i < 50; i++)
        await createMatchOver(rig.urlA, { game: 'colonial-florida', players: 2, listed: true });
      expect((await listOpen(rig.urlA)).matches).toHaveLength(20);
      const big = await listOpen(rig.urlA, '?limit=50');
      expect(big.matches).toHaveLength(50);
      expect(big.next).not.toBeNull();
    });

    it('storage: lists exactly the listed, active matches with a free seat, every shape, page by page (ties in time included)', async () => {
      const st = rig.storage;
      const expected = new Map<string, number[]>();
      let n = 0;
      // Every shape up to 3 seats: bot seats, claimed seats, listed or not, active or over.
      for (let players = 1; players <= 3; players++)
        for (let botMask = 0; botMask < 1 << players; botMask++)
          for (let claimMask = 0; claimMask < 1 << players; claimMask++) {
            if ((claimMask & botMask) !== 0) continue;
            for (const listed of [true, false])
              for (const status of ['active', 'over'] as const) {
                const id = `shape-${String(n++).padStart(4, '0')}`;
                const seats = Array.from({ length: players }, (_, s) => s);
                const bots = seats.filter((s) => (botMask >> s) & 1);
                const claims = seats.filter((s) => (claimMask >> s) & 1);
                await st.createMatch(
                  {
                    id,
                    game: 'shapes',
                    rulesVersion: '1',
                    setup: { seed: 'x', players, options: {} },
                    config: {
                      bots: bots.map((seat) => ({ seat, bot: 'random' })),
                      turnTimer: null,
                      ...(listed ? { listed: true } : {}),
                    },
                    creator: 'shapes',
                    // Four matches share each millisecond: the cursor must break ties by id.
                    createdAt: 1_700_000_000_000 + Math.floor(n / 4),
                    status: 'active',
                    problem: null,
                    botSecret: null,
                  },
                  [],
                );
                for (const seat of claims) expect(await st.claimSeat!(id, seat)).toBe(listed);
                for (const seat of claims) expect(await st.claimSeat!(id, seat)).toBe(false);
                if (status === 'over') await st.setStatus(id, 'over', null);
                const free = players - bots.length - claims.length;
                if (listed && status === 'active' && free > 0) expected.set(id, claims);
              }
          }
      const seen: { id: string; at: number; claimed: readonly number[] }[] = [];
      let before: { createdAt: number; id: string } | null = null;
      for (let page = 0; page < 1000; page++) {
        const rows = await st.listOpenMatches!({ game: 'shapes', limit: 7, before });
        for (const r of rows)
          seen.push({ id: r.match.id, at: r.match.createdAt, claimed: r.claimed });
        if (rows.length < 7) break;
        const last = rows.at(-1)!.match;
        before = { createdAt: last.createdAt, id: last.id };
      }
      expect(new Map(seen.map((r) => [r.id, [...r.claimed]]))).toEqual(expected);
      expect(seen).toHaveLength(expected.size);
      // Newest first; within one millisecond, by id descending.
      const order = [...seen].sort((x, y) => y.at - x.at || (y.id < x.id ? -1 : 1));
      expect(seen.map((r) => r.id)).toEqual(order.map((r) => r.id));
      expect(await st.listOpenMatches!({ game: 'no-such-game', limit: 50, before: null })).toEqual(
        [],
      );
    });

    it.each([
      ['limit 0', '?limit=0'],
      ['limit 51', '?limit=51'],
      ['limit in words', '?limit=ten'],
      ['limit in exponent form', '?limit=1e3'],
      ['a negative limit', '?limit=-1'],
      ['two limits', '?limit=1&limit=2'],
      ['a game with markup', '?game=%3Cscript%3E'],
      ['a game as a list', '?game[]=st-augustine'],
      ['a game of 65 characters', `?game=${'g'.repeat(65)}`],
      ['an SQL cursor', "?before=1'%20OR%201=1--"],
      ['a cursor without an id', '?before=123.'],
      ['a huge cursor', `?before=${'9'.repeat(40)}.x`],
    ])('refuses a query with %s as invalid_query', async (_, query) => {
      const r = await getJson(`${rig.urlA}/matches/open${query}`);
      expect(r.status).toBe(400);
      const error = r.body.error as { code: string; message: string };
      expect(error.code).toBe('invalid_query');
      expect(error.message).toMatch(/^[a-z[\]]{1,40}: .{1,200}$/);
    });

    it.each([
      ['no seat', {}],
      ['a negative seat', { seat: -1 }],
      ['a seat in words', { seat: 'one' }],
      ['a fractional seat', { seat: 0.5 }],
      ['seat 64', { seat: 64 }],
      ['a name with a control character', { seat: 0, name: 'A\u0000' }],
      ['a name of 40 characters', { seat: 0, name: 'n'.repeat(40) }],
      ['a seat beyond the match', { seat: 5 }],
    ])('refuses a claim with %s as malformed_message, taking nothing', async (_, body) => {
      const m = await createMatchOver(rig.urlA, { game: 'st-augustine', players: 2, listed: true });
      const r = await post(rig.urlB, `/matches/${m.match}/claim`, body);
      expect(r.status).toBe(400);
      expect((r.body.error as { code: string }).code).toBe('malformed_message');
      const listed = (await listOpen(rig.urlA)).matches.find((x) => x.match === m.match);
      expect(listed?.seats.map((s) => s.state)).toEqual(['free', 'free']);
    });

    it('refuses a claim body that is not JSON, and a bot seat', async () => {
      const m = await createMatchOver(rig.urlA, {
        game: 'st-augustine',
        players: 2,
        listed: true,
        bots: [{ seat: 1, bot: 'random' }],
      });
      const notJson = await post(rig.urlB, `/matches/${m.match}/claim`, '{"seat": 0');
      expect(notJson.status).toBe(400);
      const bot = await post(rig.urlB, `/matches/${m.match}/claim`, { seat: 1 });
      expect(bot.status).toBe(409);
      expect(bot.body).toEqual({
        error: { code: 'seat_not_free', message: 'seat 1 is played by a server bot' },
      });
      const bad = await post(rig.urlB, '/matches/..%2F..%2Fetc/claim', { seat: 0 });
      expect(bad.status).toBe(404);
    });
  });
}

/** The listing's rate limit: a client past its burst gets 429 `rate_limited`. */
export function describeOpenMatchesRate(start: () => Promise<OpenMatchesRig>): void {
  it('rate-limits the list and the claims per client', async () => {
    const rig = await start();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${rig.urlA}/matches/open`)).status);
      const claim = await post(rig.urlA, '/matches/x/claim', { seat: 0 });
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(claim.status).toBe(429);
      expect((claim.body.error as { code: string }).code).toBe('rate_limited');
    } finally {
      await rig.stop();
    }
  });
}
