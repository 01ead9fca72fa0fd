/**
 * The `ismcts` preset for St. Augustine with trading on accepts only trades its own
 * evaluation says do not lose value: a planted losing trade (its best shop for $1,000) is
 * refused, a planted gift (all the proposer's money) is accepted (so the first check is not one a bot that always
 * refuses would pass by accident).
 */
import {
  actionTraitsOf,
  createMatch,
  Engine,
  publicOptions,
  Rng,
  type ActionBase,
  type Match,
} from '@ruleloom/core';
import { stAugustine, stAugustineHeuristic, type StAugustineView } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { auctionPolicy, ismctsPreset, mctsBot, type BotRules } from '../src/index.js';
import { checkValue } from '../src/mcts/candidates.js';
import { engineSpace } from '../src/mcts/space.js';
import { createBotInput } from '../src/tournament/bot-input.js';

const options = { trading: 'on' } as const;
const game = stAugustine as unknown as Parameters<typeof createMatch>[0];

/**
 * Plays seed `seed` with the pass½-min policy until seat `from` (not 0) may propose a trade
 * while seat 0 owns at least one shop; returns the match there, or undefined.
 */
function tradePosition(seed: number): { match: Match; from: number } | undefined {
  const match = createMatch(game, { seed, players: 4, options });
  const policy = auctionPolicy();
  const rng = Rng.fromSeed(seed);
  for (let n = 0; n < 2000 && match.result === null; n++) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    const players = (match.view('spectator') as StAugustineView).players;
    if (
      seat !== 0 &&
      legal.some((a) => a.type === 'proposeTrade') &&
      (players[0]?.shops.length ?? 0) > 0 &&
      (players[seat]?.money ?? 0) >= 1000
    )
      return { match, from: seat };
    // Nobody proposes on the way: the position is reached through auctions only.
    const choice =
      legal.find((a) => a.type === 'pass' && legal.some((b) => b.type === 'proposeTrade')) ??
      policy({
        seat,
        legalActions: legal,
        rng,
        traits: actionTraitsOf(stAugustine),
        view: () => match.view(seat),
      });
    match.apply(seat, choice);
  }
  return undefined;
}

/** Seat 0's evaluation of the position after answering the pending proposal with `answer`. */
function valueAfter(match: Match, answer: 'acceptTrade' | 'rejectTrade'): number {
  const engine = match.engine;
  const state = engine.clone(match.state);
  const r = engine.step(state, 0, { type: answer }, false);
  if (!r.ok) throw new Error(r.error.message);
  return stAugustineHeuristic(engine.view(state, 0), 0);
}

async function answer(match: Match, seed: number): Promise<ActionBase> {
  const rules = new Engine(game, {
    players: 4,
    options: publicOptions(game, options),
  }) as unknown as BotRules;
  const bot = mctsBot({ ...ismctsPreset('st-augustine'), heuristic: stAugustineHeuristic });
  const input = createBotInput(
    match.engine as unknown as BotRules,
    match.state,
    0,
    rules,
    Rng.fromSeed(seed),
  );
  return bot.act(input);
}

describe('ismcts trade acceptance (St. Augustine, trading on)', () => {
  const seeds = [3, 11, 29];

  it.each(seeds)(
    'refuses a planted losing trade: its best shop for 1,000 dollars (seed %i)',
    async (seed) => {
      const found = tradePosition(seed);
      expect(found).toBeDefined();
      const { match, from } = found!;
      const players = (match.view('spectator') as StAugustineView).players;
      // Seat 0's most valuable shop by its own heuristic: the one whose loss hurts most.
      const shops = players[0]!.shops;
      const lossOf = (shop: string): number => {
        const view = match.view(0);
        const after = (view as StAugustineView).players.map((p, i) =>
          i === 0 ? { ...p, shops: p.shops.filter((s) => s !== shop) } : p,
        );
        return stAugustineHeuristic({ ...view, players: after }, 0);
      };
      const shop = [...shops].sort((a, b) => lossOf(a) - lossOf(b))[0]!;
      const r = match.applyInput(from, {
        type: 'proposeTrade',
        to: 0,
        give: { money: 1000, shops: [] },
        receive: { money: 0, shops: [shop] },
      });
      expect(r.ok).toBe(true);
      expect(match.toAct).toEqual([0]);
      // The planted trade does lose value for seat 0 by its own evaluation.
      expect(valueAfter(match, 'acceptTrade')).toBeLessThan(valueAfter(match, 'rejectTrade'));
      expect((await answer(match, seed)).type).toBe('rejectTrade');
      // The rule itself: had the search chosen to accept, the value check turns it into a refusal.
      const engine = match.engine as unknown as BotRules;
      const rng = Rng.fromSeed(seed);
      const space = engineSpace(engine, () => engine.determinize(match.view(0), rng));
      const legal = match.legalActions(0);
      const accept = legal.find((a) => a.type === 'acceptTrade')!;
      const checked = checkValue(space, 0, accept, legal, stAugustineHeuristic, 4);
      expect(checked.type).toBe('rejectTrade');
    },
    60_000,
  );

  it.each(seeds)(
    "accepts a planted gift: all the proposer's money (seed %i)",
    async (seed) => {
      const { match, from } = tradePosition(seed)!;
      const players = (match.view('spectator') as StAugustineView).players;
      const r = match.applyInput(from, {
        type: 'proposeTrade',
        to: 0,
        give: { money: players[from]!.money, shops: [] },
        receive: { money: 0, shops: [] },
      });
      expect(r.ok).toBe(true);
      expect(valueAfter(match, 'acceptTrade')).toBeGreaterThan(valueAfter(match, 'rejectTrade'));
      expect((await answer(match, seed)).type).toBe('acceptTrade');
    },
    60_000,
  );
});
