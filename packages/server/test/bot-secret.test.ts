import { createHash } from 'node:crypto';
import { randomBot } from '@ruleloom/bots';
import { createMatch, Rng, type ActionBase, type AnyGame } from '@ruleloom/core';
import { liarsDice } from '@ruleloom/core/games';
import { stAugustine } from '@ruleloom/st-augustine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStorage, UpdateMessage } from '../src/index.js';
import { botSeed } from '../src/match/bot-seed.js';
import { playSeat } from './helpers/play-seat.js';
import {
  createMatchOver,
  HOSTED_GAMES,
  startServer,
  type Started,
} from './helpers/start-server.js';

/** A reproducible secret source for tests: SHA-256 of a counter under a fixed label. */
function seededRandomBytes(label: string): (size: number) => Uint8Array {
  let counter = 0;
  return (size) => {
    const out = Buffer.alloc(size);
    for (let at = 0; at < size; at += 32)
      createHash('sha256')
        .update(`${label}:${String(counter++)}`)
        .digest()
        .copy(out, at);
    return out;
  };
}

interface BotDecision {
  readonly version: number;
  readonly seat: number;
  readonly legal: readonly unknown[];
  readonly chosen: unknown;
}

/** Every decision of a bot seat with a real choice, rebuilt from the stored history. */
async function botDecisions(
  storage: GameStorage,
  id: string,
  humans: number[],
  game: AnyGame = stAugustine as AnyGame,
) {
  const stored = (await storage.getMatch(id))!;
  const rows = await storage.listActions(id, 0);
  const local = createMatch(game, stored.setup);
  const decisions: BotDecision[] = [];
  for (const row of rows) {
    const legal = local.legalActions(row.seat);
    if (!humans.includes(row.seat) && legal.length > 1)
      decisions.push({ version: row.version - 1, seat: row.seat, legal, chosen: row.action });
    expect(local.apply(row.seat, row.action).ok).toBe(true);
  }
  return { stored, decisions };
}

function randomBotChoice(legal: readonly unknown[], seed: string): unknown {
  return randomBot().act({
    seat: 0,
    view: {} as never,
    legalActions: legal as readonly ActionBase[],
    rng: Rng.fromSeed(seed),
    rules: {} as never,
  });
}

/**
 * Seeds an attacker can form from what a seat received (the match id, the seat, the version)
 * with the bots' own code: the server's former seed, the match session's default stream, and
 * the server's own derivation keyed by a public value instead of the secret.
 */
const PUBLIC_SEEDS: readonly [string, (match: string, seat: number, version: number) => string][] =
  [
    ['match:seat:version', (match, seat, version) => `${match}:${String(seat)}:${String(version)}`],
    [
      'the session default',
      (_match, seat, version) => `ruleloom-session:${String(seat)}:${String(version)}`,
    ],
    ['the match id', (match) => match],
    [
      "the server's HMAC keyed by the match id",
      (match, seat, version) =>
        botSeed({ botSecret: match, setup: { seed: '' } } as never, seat, version),
    ],
  ];

/** How often each public seed guesses a bot's move (the random bot's own code). */
function predictions(match: string, decisions: readonly BotDecision[]): Map<string, number> {
  const rates = new Map<string, number>();
  for (const [name, seedOf] of PUBLIC_SEEDS) {
    let predicted = 0;
    for (const d of decisions) {
      const guess = randomBotChoice(d.legal, seedOf(match, d.seat, d.version));
      if (JSON.stringify(guess) === JSON.stringify(d.chosen)) predicted++;
    }
    rates.set(name, predicted / decisions.length);
  }
  return rates;
}

let started: Started;
beforeAll(async () => {
  started = await startServer({
    randomBytes: seededRandomBytes('bot-secret-test'),
    games: [
      ...HOSTED_GAMES,
      { game: liarsDice, module: { module: '@ruleloom/core/games', export: 'liarsDiceKit' } },
    ],
  });
});
afterAll(() => started.stop());

describe('server bots draw from a per-match server secret', () => {
  it('with the bots own code and everything a seat received, their moves cannot be predicted; with the stored secret they replay exactly', async () => {
    const m = await createMatchOver(started.url, {
      game: 'st-augustine',
      players: 4,
      options: { turns: 8, trading: 'off' },
      bots: [
        { seat: 1, bot: 'random' },
        { seat: 2, bot: 'random' },
        { seat: 3, bot: 'random' },
      ],
    });
    const run = await playSeat(started.url, m.match, m.seats[0]!.token);
    expect(run.final.isOver).toBe(true);
    // Everything public the seat received: the match id, versions, seats and entries.
    const frames = run.client.messages.filter((x): x is UpdateMessage => x.type === 'update');
    expect(JSON.stringify(run.client.messages)).not.toMatch(/botSecret|bot_secret/);

    const { stored, decisions } = await botDecisions(started.storage, m.match, [0]);
    expect(decisions.length).toBeGreaterThanOrEqual(10);
    expect(stored.botSecret).toMatch(/^[0-9a-f]{64}$/);

    // The attacker: the bots' own code seeded with everything public, generous enough to
    // know the bot's legal actions.
    const publicVersions = new Set(frames.map((f) => f.version - 1));
    for (const d of decisions) expect(publicVersions.has(d.version) || d.version === 0).toBe(true);
    // Chance level is about 1/|legal|; predicting from public data would be every time.
    for (const [name, rate] of predictions(m.match, decisions))
      expect(rate, `predicted with ${name}`).toBeLessThan(0.6);

    // An audit with the stored match reproduces every bot move.
    for (const d of decisions)
      expect(randomBotChoice(d.legal, botSeed(stored, d.seat, d.version))).toEqual(d.chosen);
    run.client.close();
  });

  it("in Liar's Dice too: a seat cannot predict the bots' bids from its frames; the stored secret replays them", async () => {
    const m = await createMatchOver(started.url, {
      game: 'liars-dice',
      players: 3,
      options: { dice: 3, maxRounds: 6 },
      bots: [
        { seat: 1, bot: 'random' },
        { seat: 2, bot: 'random' },
      ],
    });
    const run = await playSeat(started.url, m.match, m.seats[0]!.token);
    expect(run.final.isOver).toBe(true);
    const { stored, decisions } = await botDecisions(
      started.storage,
      m.match,
      [0],
      liarsDice as AnyGame,
    );
    expect(decisions.length).toBeGreaterThanOrEqual(10);
    for (const [name, rate] of predictions(m.match, decisions))
      expect(rate, `predicted with ${name}`).toBeLessThan(0.6);
    for (const d of decisions)
      expect(randomBotChoice(d.legal, botSeed(stored, d.seat, d.version))).toEqual(d.chosen);
    run.client.close();
  });

  it('the secret source is injected: the same source gives the same match ids and bot secrets', async () => {
    const a = await startServer({ randomBytes: seededRandomBytes('same') });
    const b = await startServer({ randomBytes: seededRandomBytes('same') });
    try {
      const body = { game: 'st-augustine', players: 2, bots: [{ seat: 1, bot: 'random' }] };
      const ma = await createMatchOver(a.url, body);
      const mb = await createMatchOver(b.url, body);
      expect(ma.match).toBe(mb.match);
      const sa = await a.storage.getMatch(ma.match);
      const sb = await b.storage.getMatch(mb.match);
      expect(sa!.botSecret).toBe(sb!.botSecret);
      expect(sa!.setup.seed).toBe(sb!.setup.seed);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
