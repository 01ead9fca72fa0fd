import { createEngine, replayChanceLog, type ChanceLog } from '@ruleloom/core';
import { pig, pigKit } from '@ruleloom/core/games';
import { describe, expect, it } from 'vitest';
import { createBatch, EngineRequestError, GameGroup } from '../src/index.js';
import { kitHost } from './kit-host.js';

const host = kitHost({ pig: pigKit });
const resolveEngineGame = (spec: string) => host.resolveGame(spec);

async function pigGroup(chanceNodes: boolean): Promise<GameGroup> {
  return new GameGroup(await resolveEngineGame('pig'), {
    game: 'pig',
    num: 1,
    seed: 5,
    options: { target: 20 },
    chanceNodes,
  });
}

async function rejected(p: Promise<unknown> | (() => unknown)): Promise<EngineRequestError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (error) {
    if (error instanceof EngineRequestError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('the engine bridge at chance nodes (chanceNodes groups)', () => {
  it('stops at each die, takes an outcome index, refuses bad ones unchanged, and its chance log replays the game', async () => {
    const group = await pigGroup(true);
    const out = createBatch(1, group.players, group.obsSize, group.actionSize, 0);
    await group.reset(new Float64Array([Number.NaN]), out);
    expect(out.seats[0]).toBe(-2); // setup's forced first roll
    expect(group.chanceNode(0, 0)).toMatchObject({ kind: 'roll', audience: 'everyone' });
    expect((await rejected(() => group.history(0, 0))).code).toBe('chance_node');
    let turns = 0;
    for (let k = 0; group.seatOf(0) !== -1; k++) {
      if (group.seatOf(0) === -2) {
        const before = JSON.stringify(group.chanceNode(0, 'spectator'));
        const bad = await rejected(group.applyChance(0, 6));
        expect(bad.code).toBe('invalid_chance_outcome');
        expect(bad.message).toBe(
          "chance outcome 6 is not an index of the pending node's 6 outcomes (0..5)",
        );
        expect(JSON.stringify(group.chanceNode(0, 'spectator'))).toBe(before);
        const reply = await group.applyChance(0, (k * 5 + 1) % 6);
        // At a next node the reply brings its outcomes, as the node itself lists them.
        const next = group.chanceNode(0, 'spectator') as {
          outcomes: { outcome: number; probability: number }[];
        } | null;
        expect(reply.outcomes).toEqual(next?.outcomes.map((o) => [o.outcome, o.probability]));
        continue;
      }
      expect((await rejected(group.applyChance(0, 0))).code).toBe('not_chance_node');
      const legal = group.legal(0);
      const pick = legal[k % legal.length];
      await group.step(new Int32Array([pick?.index ?? 0]), out);
      expect(++turns).toBeLessThan(500);
    }
    expect(group.result(0)).not.toBeNull();
    expect((await rejected(() => group.save(0))).code).toBe('chance_chosen');
    const log = JSON.parse(JSON.stringify(group.chanceLog(0))) as ChanceLog;
    const engine = createEngine(pig, { players: 2, options: { target: 20 } });
    const replayed = replayChanceLog(engine, log);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(engine.view(replayed.state, 0)).toEqual((group.history(0, 0) as { view: unknown }).view);
    expect(replayed.state.result).toEqual(group.result(0));
  });

  it("a built-in bot's step stops at its chance nodes too, and play goes on after the outcome", async () => {
    const group = new GameGroup(await resolveEngineGame('pig'), {
      game: 'pig',
      seed: 2,
      options: { target: 20 },
      controlled: [0],
      opponents: ['random'],
      chanceNodes: true,
    });
    const out = createBatch(1, group.players, group.obsSize, group.actionSize, 0);
    await group.reset(new Float64Array([Number.NaN]), out);
    // Setup: seat 0's forced first roll is a 1, then seat 1's (the bot's) is a 4.
    await group.applyChance(0, 0);
    await group.applyChance(0, 3);
    // The bot acts at once; its step (a roll, or a hold and seat 0's forced roll) draws: a node.
    expect(group.seatOf(0)).toBe(-2);
    expect((group.history(0, 0) as { view: { current: number } }).view.current).toBe(1);
    let guard = 0;
    while (group.seatOf(0) === -2) {
      await group.applyChance(0, 3); // 4s: the bot rolls on until it holds
      expect(++guard).toBeLessThan(50);
    }
    expect(group.seatOf(0)).toBe(0);
    const log = group.chanceLog(0);
    expect(log.setup).toEqual([0, 3]);
    expect(log.steps.every((s) => s.seat === 1)).toBe(true);
  });

  it('without chanceNodes nothing stops: the seat is a player and applyChance is refused', async () => {
    const group = await pigGroup(false);
    const out = createBatch(1, group.players, group.obsSize, group.actionSize, 0);
    await group.reset(new Float64Array([Number.NaN]), out);
    expect(out.seats[0]).toBe(0);
    expect(group.chanceNode(0, 0)).toBeNull();
    expect((await rejected(group.applyChance(0, 0))).code).toBe('not_chance_node');
    expect(group.save(0).actions).toEqual([]);
  });
});
