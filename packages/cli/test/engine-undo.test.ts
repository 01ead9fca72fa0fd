import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callGroup, createBatch, EngineRequestError, GameGroup } from '@ruleloom/engine-bridge';
import { resolveEngineGame } from '../src/engine/resolve-game.js';

async function rejected(p: Promise<unknown>): Promise<EngineRequestError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof EngineRequestError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** Plays the `k`-th legal action of type `type` in game 0 for the awaited seat. */
async function play(group: GameGroup, type: string, k = 0): Promise<void> {
  const options = group.legal(0).filter((l) => l.action.type === type);
  const chosen = options[k % options.length];
  if (chosen === undefined) throw new Error(`no legal '${type}' now`);
  const out = createBatch(1, group.players, group.obsSize, group.actionSize, 0);
  await group.step(new Int32Array([chosen.index]), out);
}

describe('undo in the engine bridge (GameGroup.undo, the `undo` game command)', () => {
  it("takes back Liar's Dice bids one at a time, and refuses a challenge and an empty history", async () => {
    const group = new GameGroup(await resolveEngineGame('liars-dice'), {
      game: 'liars-dice',
      players: 2,
      seed: 4,
    });
    const out = createBatch(1, group.players, group.obsSize, group.actionSize, 0);
    await group.reset(new Float64Array([Number.NaN]), out);
    const nothing = await rejected(group.undo(0));
    expect([nothing.code, nothing.message]).toEqual([
      'nothing_to_undo',
      'no action was played in game 0 yet',
    ]);
    const states = [JSON.stringify(group.history(0, 0))];
    await play(group, 'bid', 0);
    states.push(JSON.stringify(group.history(0, 1)));
    await play(group, 'bid', 3);
    // By name, as the stdio host and a worker thread call it.
    expect(await callGroup(group, 'undo', 0, [])).toEqual({ seat: 1 });
    expect(JSON.stringify(group.history(0, 1))).toBe(states[1]);
    expect(await group.undo(0)).toEqual({ seat: 0 });
    expect(JSON.stringify(group.history(0, 0))).toBe(states[0]);
    await play(group, 'bid', 0);
    await play(group, 'challenge');
    const refused = await rejected(group.undo(0));
    expect([refused.code, refused.message]).toEqual([
      'not_undoable',
      "'challenge' cannot be taken back in Liar's Dice",
    ]);
  });

  it("takes back the controlled seat's decision with the bots' moves after it, the bots answering the same again", async () => {
    const setup = { game: 'st-augustine', seed: 12, controlled: [0], opponents: ['random'] };
    const engineGame = await resolveEngineGame('st-augustine');
    const group = new GameGroup(engineGame, setup);
    const plain = new GameGroup(engineGame, setup);
    for (const g of [group, plain]) {
      const out = createBatch(1, g.players, g.obsSize, g.actionSize, 0);
      await g.reset(new Float64Array([Number.NaN]), out);
    }
    const before = JSON.stringify(group.history(0, 0));
    await play(group, 'bid', 2);
    // The random bots answered: seat 0 is to act again, after their moves.
    expect(group.seatOf(0)).toBe(0);
    const afterBots = JSON.stringify(group.history(0, 0));
    expect(afterBots).not.toBe(before);
    expect(await group.undo(0)).toEqual({ seat: 0 });
    expect(JSON.stringify(group.history(0, 0))).toBe(before);
    await play(group, 'bid', 0);
    await play(plain, 'bid', 0);
    expect(JSON.stringify(group.history(0, 0))).toBe(JSON.stringify(plain.history(0, 0)));
  });

  it('with chance nodes, takes back a decision pending at a node until an outcome is chosen', async () => {
    const kit = fileURLToPath(new URL('fixtures/undoable-pig-kit.mjs', import.meta.url));
    const group = new GameGroup(await resolveEngineGame(kit), {
      game: kit,
      seed: 3,
      chanceNodes: true,
    });
    const out = createBatch(1, group.players, group.obsSize, group.actionSize, 0);
    await group.reset(new Float64Array([Number.NaN]), out);
    // Setup's forced first roll is a chance node, with nothing to take back yet.
    expect(group.seatOf(0)).toBe(-2);
    expect((await rejected(group.undo(0))).code).toBe('nothing_to_undo');
    await group.applyChance(0, 2); // a three
    const before = JSON.stringify(group.history(0, 0));
    await play(group, 'roll');
    expect(group.seatOf(0)).toBe(-2);
    // No outcome chosen yet: back to before the roll, no node pending.
    expect(await group.undo(0)).toEqual({ seat: 0 });
    expect(group.chanceNode(0, 'spectator')).toBeNull();
    expect(JSON.stringify(group.history(0, 0))).toBe(before);
    await play(group, 'roll');
    await group.applyChance(0, 4); // a five
    const refused = await rejected(group.undo(0));
    expect(refused.code).toBe('revealed');
    expect(refused.message).toMatch(/a random draw happened since/);
    // A hold, then the next seat's forced roll waits at a node: the hold is taken back.
    const rolled = JSON.stringify(group.history(0, 0));
    await play(group, 'hold');
    expect(group.seatOf(0)).toBe(-2);
    expect(await group.undo(0)).toEqual({ seat: 0 });
    expect(JSON.stringify(group.history(0, 0))).toBe(rolled);
    await play(group, 'hold');
    await group.applyChance(0, 0);
    expect((await rejected(group.undo(0))).code).toBe('revealed');
  });

  it('takes back in a chanceNodes group after a restore (the restored actions replayed from the seed)', async () => {
    const engineGame = await resolveEngineGame('liars-dice');
    const seeded = new GameGroup(engineGame, { game: 'liars-dice', players: 2, seed: 6 });
    await seeded.reset(
      new Float64Array([Number.NaN]),
      createBatch(1, seeded.players, seeded.obsSize, seeded.actionSize, 0),
    );
    await play(seeded, 'bid', 0);
    const afterOne = JSON.stringify(seeded.history(0, 0));
    await play(seeded, 'bid', 1);
    const group = new GameGroup(engineGame, {
      game: 'liars-dice',
      players: 2,
      seed: 6,
      chanceNodes: true,
    });
    await group.restore(0, seeded.save(0));
    expect(await group.undo(0)).toEqual({ seat: 1 });
    expect(JSON.stringify(group.history(0, 0))).toBe(afterOne);
    // A bid after it, then taken back too: both kinds of history entry replay.
    await play(group, 'bid', 2);
    expect(await group.undo(0)).toEqual({ seat: 1 });
    expect(JSON.stringify(group.history(0, 0))).toBe(afterOne);
  });
});
