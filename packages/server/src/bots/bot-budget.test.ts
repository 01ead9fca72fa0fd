import { describe, expect, it } from 'vitest';
import type { BotRequest } from './bot-worker.js';
import {
  BotScheduler,
  checkBotSeats,
  DEFAULT_BOT_BUDGET,
  resolveBotBudget,
  type BotDecision,
  type BotExecutor,
} from './bot-budget.js';

/** An executor whose decisions finish when the test says: records what started, in order. */
function manualExecutor() {
  const started: { task: BotRequest; budgetMs: number; finish: (d: BotDecision) => void }[] = [];
  const executor: BotExecutor = {
    decide: (task, budgetMs) =>
      new Promise<BotDecision>((finish) => started.push({ task, budgetMs, finish })),
    close: () => Promise.resolve(),
  };
  return { executor, started };
}

const task = (seed: string): BotRequest => ({
  type: 'ruleloom.decide',
  id: 1,
  game: { id: 'g', rulesVersion: 1 },
  setup: { players: 2, options: {} },
  seat: 0,
  version: 0,
  view: { phase: 'p' },
  legalActions: [],
  deadline: null,
  seed,
  player: 'mcts',
});

describe('BotScheduler', () => {
  it('serves creators round-robin: a flood of one creator waits behind another creator’s decision', async () => {
    let clock = 0;
    const { executor, started } = manualExecutor();
    const s = new BotScheduler(executor, 1, DEFAULT_BOT_BUDGET, () => clock);
    const results: string[] = [];
    for (let i = 0; i < 6; i++)
      void s
        .decide(task(`flood-${String(i)}`), 2000, { creator: 'a', match: `m${String(i % 3)}` })
        .then(() => results.push(`flood-${String(i)}`));
    void s
      .decide(task('victim'), 2000, { creator: 'b', match: 'v' })
      .then(() => results.push('victim'));
    expect(started.map((x) => x.task.seed)).toEqual(['flood-0']);
    expect(s.waiting).toBe(6);
    clock += 400;
    started[0]?.finish({ ok: true, action: 1 });
    await Promise.resolve();
    await Promise.resolve();
    // The victim is next, not the five other flood decisions.
    expect(started.map((x) => x.task.seed)).toEqual(['flood-0', 'victim']);
    // It thinks at most the slice, and the worker stops at the clock's end (2000 - 400).
    expect(started[1]?.task.thinkMs).toBe(DEFAULT_BOT_BUDGET.thinkMs);
    expect(started[1]?.budgetMs).toBe(1600);
    started[1]?.finish({ ok: true, action: 2 });
    await Promise.resolve();
    await Promise.resolve();
    // Then the flood's matches in turn: m1 before m0's second decision.
    expect(started[2]?.task.seed).toBe('flood-1');
    await s.close();
  });

  it('never gives one creator more threads than threadsPerCreator', () => {
    const { executor, started } = manualExecutor();
    const s = new BotScheduler(executor, 4, resolveBotBudget({ threadsPerCreator: 2 }), () => 0);
    for (let i = 0; i < 5; i++)
      void s.decide(task(`a${String(i)}`), 2000, { creator: 'a', match: `m${String(i)}` });
    void s.decide(task('b0'), 2000, { creator: 'b', match: 'x' });
    expect(started.map((x) => x.task.seed)).toEqual(['a0', 'a1', 'b0']);
  });

  it('answers timeout without thinking when a decision’s clock ran out in the queue', async () => {
    let clock = 0;
    const { executor, started } = manualExecutor();
    const s = new BotScheduler(executor, 1, DEFAULT_BOT_BUDGET, () => clock);
    void s.decide(task('first'), 2000, { creator: 'a', match: 'm' });
    const late = s.decide(task('late'), 500, { creator: 'b', match: 'n' });
    clock += 450;
    started[0]?.finish({ ok: true, action: 1 });
    expect(await late).toEqual({ ok: false, reason: 'timeout' });
    expect(started).toHaveLength(1);
  });
});

describe('checkBotSeats', () => {
  const held = (creator: string, bots: number, isOver = false) => ({
    stored: { creator, config: { bots: Array.from({ length: bots }, () => ({})) } },
    match: { isOver },
  });
  it('refuses past the per-creator and the per-server seats, counting unfinished matches only', () => {
    const budget = resolveBotBudget({ seatsPerCreator: 4, maxSeats: 7 });
    const matches = [held('a', 2), held('a', 2, true), held('b', 3)];
    expect(checkBotSeats(matches, 'a', 2, budget)).toEqual({ ok: true });
    expect(checkBotSeats(matches, 'a', 3, budget)).toMatchObject({
      ok: false,
      code: 'bot_budget_exceeded',
    });
    expect(checkBotSeats(matches, 'c', 3, budget)).toMatchObject({
      ok: false,
      message: expect.stringContaining('7 bot seats') as string,
    });
    expect(checkBotSeats(matches, 'c', 0, budget)).toEqual({ ok: true });
  });
  it('refuses nonsensical settings', () => {
    expect(() => resolveBotBudget({ thinkMs: 0 })).toThrow(RangeError);
  });
});
