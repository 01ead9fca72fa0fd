import { createMatch, type AnyGame, type GameEvent, type LogEntry } from '@ruleloom/core';
import { liarsDice, liarsDiceKit, type LiarsDiceState } from '@ruleloom/core/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandLegalActions, type ServerMessage } from '../src/index.js';
import { playSeat, type Chooser } from './helpers/play-seat.js';
import { createMatchOver, startServer, type Started } from './helpers/start-server.js';
import { TestClient } from './helpers/test-client.js';

/**
 * Issue #26 on the server: Liar's Dice, whose cups are private to their seat (a private field
 * and a roll with an audience), served from its kit to real WebSocket clients and server bots.
 * Every frame a seat or a spectator receives is checked against the true dice, read from the
 * server's stored history after the game.
 */
let started: Started;
beforeAll(async () => {
  started = await startServer({
    games: [
      {
        game: liarsDiceKit.game,
        // The workers import the kit: bots get its settings and its determinization hook.
        module: { module: '@ruleloom/core/games', export: 'liarsDiceKit' },
      },
    ],
    limits: { botDecisionMs: 400 },
  });
});
afterAll(() => started.stop());

type Viewer = number | 'spectator';

/** Bids low, challenges once the bid is high, starts each next round. */
const chooser: Chooser = (s, seat) => {
  const legal = expandLegalActions(s.legal) as { type: string; quantity?: number }[];
  const challenge = legal.find((a) => a.type === 'challenge');
  const bids = legal.filter((a) => a.type === 'bid');
  if (challenge !== undefined && (bids.length < 8 || (s.version + seat) % 3 === 0))
    return challenge;
  return bids[(s.version * 7 + seat) % Math.min(6, bids.length)] ?? legal[0];
};

/** The true states and log of a stored match, replayed from the server's storage. */
async function truthOf(id: string) {
  const stored = (await started.storage.getMatch(id))!;
  const rows = await started.storage.listActions(id, 0);
  const local = createMatch(liarsDice as AnyGame, stored.setup);
  const states: LiarsDiceState[] = [structuredClone(local.state.game as LiarsDiceState)];
  for (const row of rows) {
    expect(local.applyInput(row.seat, row.action).ok).toBe(true);
    states.push(structuredClone(local.state.game as LiarsDiceState));
  }
  expect(local.isOver).toBe(true);
  return { states, log: local.log, players: stored.setup.players };
}

/** Every key path of a value whose key is one of `keys`. */
function keysIn(value: unknown, keys: readonly string[], path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const at = `${path}.${k}`;
    if (keys.includes(k)) found.push(at);
    found.push(...keysIn(v, keys, at));
  }
  return found;
}

function mayLearn(event: GameEvent, viewer: Viewer): boolean {
  return (
    event.audience === undefined || (viewer !== 'spectator' && event.audience.includes(viewer))
  );
}

/** Checks one log entry a viewer received against the true entry. */
function checkEntry(entry: LogEntry, truth: readonly LogEntry[], viewer: Viewer): void {
  const real = truth[entry.seq]!;
  expect(entry.events.length).toBe(real.events.length);
  real.events.forEach((event, i) => {
    const got = entry.events[i]!;
    if (mayLearn(event, viewer)) expect(got).toEqual(event);
    // Another seat's roll: its type only, never its faces or total.
    else expect(got).toEqual({ type: event.type, hidden: true });
  });
}

interface Counts {
  frames: number;
  hiddenChecked: number;
  revealedSeen: number;
  ownSeen: number;
}

/** Checks every frame a viewer received; returns what was checked. */
function checkFrames(
  messages: readonly ServerMessage[],
  viewer: Viewer,
  truth: Awaited<ReturnType<typeof truthOf>>,
): Counts {
  const counts: Counts = { frames: 0, hiddenChecked: 0, revealedSeen: 0, ownSeen: 0 };
  for (const m of messages) {
    counts.frames++;
    if (m.type === 'update' || m.type === 'welcome') {
      const entries = m.type === 'update' ? [m.entry] : m.missed;
      for (const e of entries) checkEntry(e as LogEntry, truth.log, viewer);
      const state = truth.states[m.version]!;
      const players = (m.view as unknown as { players: { dice?: number[]; cup: number }[] })
        .players;
      for (let seat = 0; seat < truth.players; seat++) {
        const got = players[seat]!;
        const real = state.players[seat]!;
        expect(got.cup).toBe(real.cup);
        if (seat === viewer) {
          expect(got.dice).toEqual(real.dice);
          counts.ownSeen++;
        } else if (state.stage === 'reveal') {
          // Cups lifted: everyone sees them (the check below would see dice if they leaked).
          expect(got.dice).toEqual(real.dice);
          counts.revealedSeen++;
        } else {
          expect(got.dice).toBeUndefined();
          expect(keysIn(got, ['dice', 'values', 'total'])).toEqual([]);
          counts.hiddenChecked++;
        }
      }
    } else {
      // Acks, errors and pongs carry no view and no log: nothing about any cup.
      expect(keysIn(m, ['dice', 'values', 'total', 'view', 'players', 'events'])).toEqual([]);
    }
  }
  return counts;
}

describe("Liar's Dice served from its kit: no frame shows another seat's hidden dice", () => {
  it.each([
    { name: 'a random bot', bot: 'random' },
    { name: 'an ISMCTS bot (searching on determinized cups)', bot: 'ismcts' },
  ])(
    'two people over real sockets, $name and a spectator play a whole game',
    async ({ bot }) => {
      const m = await createMatchOver(started.url, {
        game: 'liars-dice',
        players: 3,
        options: { dice: 2, maxRounds: 4 },
        bots: [{ seat: 2, bot }],
      });
      const spectator = await TestClient.connect(started.url);
      await spectator.reply(spectator.send({ type: 'spectate', match: m.match }));
      const runs = await Promise.all(
        m.seats.map((s) => playSeat(started.url, m.match, s.token, chooser)),
      );
      const truth = await truthOf(m.match);
      await spectator.waitFor(
        (x): x is ServerMessage => x.type === 'update' && x.version === truth.states.length - 1,
      );
      // A late spectator and a seat resuming from version 0 get the whole log in `missed`.
      const late = await TestClient.connect(started.url);
      await late.reply(late.send({ type: 'spectate', match: m.match, since: 0 }));
      const resumed = await TestClient.connect(started.url, m.seats[0]!.token);
      await resumed.reply(resumed.send({ type: 'join', match: m.match, since: 0 }));
      // An error frame too (a new seq: the seat's earlier ones are stored and answer duplicates).
      const err = await resumed.reply(
        resumed.send({ type: 'act', seq: 10_000, action: { type: 'bid', quantity: 99, face: 9 } }),
      );
      expect(err.type).toBe('error');

      const total: Counts = { frames: 0, hiddenChecked: 0, revealedSeen: 0, ownSeen: 0 };
      const add = (c: Counts) => {
        for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += c[k];
      };
      for (const run of runs) {
        const seat = run.welcome.seat as number;
        add(checkFrames(run.client.messages, seat, truth));
        run.client.close();
      }
      add(checkFrames(resumed.messages, 0, truth));
      add(checkFrames(spectator.messages, 'spectator', truth));
      add(checkFrames(late.messages, 'spectator', truth));
      // The checks ran on real secrets: hidden cups, lifted cups and each seat's own cup.
      expect(truth.log.some((e) => e.events.some((ev) => ev.audience !== undefined))).toBe(true);
      expect(total.hiddenChecked).toBeGreaterThan(50);
      expect(total.revealedSeen).toBeGreaterThan(0);
      expect(total.ownSeen).toBeGreaterThan(10);
      expect(total.frames).toBeGreaterThan(30);
      spectator.close();
      late.close();
      resumed.close();
    },
    60_000,
  );
});
