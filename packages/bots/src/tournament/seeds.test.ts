import { Rng } from '@ruleloom/core';
import { pig } from '@ruleloom/core/testing';
import type { ActionBase, Game } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../random-bot.js';
import { runTournament } from './run-tournament.js';
import { scheduleGames } from './schedule.js';
import { botSeed, dealSeed, freshSeed } from './seeds.js';

describe('tournament seeds', () => {
  it('derive deal and bot seeds as HMAC-SHA-256 hex in separate domains, by seed type too', () => {
    const deal = dealSeed(7, 0);
    expect(deal).toMatch(/^[0-9a-f]{64}$/);
    expect(dealSeed(7, 0)).toBe(deal);
    expect(dealSeed(7, 1)).not.toBe(deal);
    expect(dealSeed('7', 0)).not.toBe(deal);
    expect(botSeed(7, 0, 0)).not.toBe(deal);
    expect(botSeed(7, 0, 1)).not.toBe(botSeed(7, 0, 0));
    // Neither contains the tournament seed or the game seed (the old derivation appended to them).
    expect(botSeed('secret-seed', 0, 0)).not.toContain('secret-seed');
    expect(botSeed(7, 0, 0)).not.toContain(deal);
  });

  it('give every rotation of a deal the same game seed and the same streams per seat, and no stream from the game seed', () => {
    const tasks = scheduleGames('s', 6, 3, {}, 100);
    expect(new Set(tasks.slice(0, 3).map((t) => t.seed)).size).toBe(1);
    expect(tasks[0]!.botSeeds).toEqual(tasks[2]!.botSeeds);
    expect(tasks[3]!.botSeeds).not.toEqual(tasks[0]!.botSeeds);
    for (const t of tasks)
      for (const s of t.botSeeds)
        expect(Rng.fromSeed(s).state()).not.toEqual(Rng.fromSeed(t.seed).state());
  });

  it('draws a fresh 256-bit seed when none is given, records it, and that seed reproduces the tournament', async () => {
    expect(freshSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(freshSeed()).not.toBe(freshSeed());
    const options = {
      game: pig as unknown as Game<unknown, ActionBase, unknown>,
      bots: [randomBot(), randomBot()],
      games: 4,
      options: { target: 20 },
    };
    const first = await runTournament(options);
    expect(String(first.seed)).toMatch(/^[0-9a-f]{64}$/);
    const again = await runTournament({ ...options, seed: first.seed });
    expect(again.games.map((g) => g.saved)).toEqual(first.games.map((g) => g.saved));
    const other = await runTournament(options);
    expect(other.seed).not.toBe(first.seed);
  });
});
