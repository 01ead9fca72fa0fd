/**
 * The default bots' trade offers to a human (St. Augustine, the default game: 3 players,
 * trading on, greedy bots): at most one offer a turn to a seat that refuses them all, never
 * the same or a worse one again after a refusal in that trade phase, and only offers the bot
 * would accept itself (judged by the one rule the bots share: `judgeOffer`). Two bots may
 * each make one offer to the human in a turn: nothing in a bot's view says another bot
 * already made one.
 */
import {
  createMatch,
  Engine,
  publicOptions,
  Rng,
  type ActionBase,
  type Match,
} from '@ruleloom/core';
import { stAugustine, stAugustineHeuristic, type StAugustineView } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { greedyBot, type Bot, type BotRules } from '../src/index.js';
import { judgeOffer, offerWorthMaking } from '../src/mcts/candidates.js';
import { engineSpace } from '../src/mcts/space.js';
import { createBotInput } from '../src/tournament/bot-input.js';

const game = stAugustine as unknown as Parameters<typeof createMatch>[0];
const PLAYERS = 3;

interface Proposal extends ActionBase {
  /** The proposer (set on a pending trade, absent on the action). */
  readonly from?: number;
  readonly to: number;
  readonly give: { readonly money: number; readonly shops: readonly string[] };
  readonly receive: { readonly money: number; readonly shops: readonly string[] };
}

/** What a trade gives seat 0 (the human) in money: what they receive minus what they pay. */
function moneyForHuman(p: Proposal): number {
  return p.give.money - p.receive.money;
}

/**
 * Plays one default game: seat 0 is a scripted human who bids like the default bot (so they
 * own shops worth offers) but passes every trade call and refuses every offer; the other seats are the default bot (greedy, 4 samples). Calls
 * `onOffer` for each offer made to seat 0, with the turn, and `onBotOffer` for every offer a
 * bot makes with the match before it (to judge it).
 */
function playGame(
  seed: number,
  onOffer: (turn: number, offer: Proposal) => void,
  onBotOffer?: (match: Match, seat: number, offer: Proposal) => void,
): Match {
  const match = createMatch(game, { seed, players: PLAYERS });
  const rules = new Engine(game, {
    players: PLAYERS,
    options: publicOptions(game, {}),
  }) as unknown as BotRules;
  const bots = new Map<number, Bot>();
  for (let seat = 0; seat < PLAYERS; seat++)
    bots.set(seat, greedyBot({ heuristic: stAugustineHeuristic, samples: 4 }));
  const rng = Rng.fromSeed(seed);
  for (let n = 0; n < 20_000 && match.result === null; n++) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    let action: ActionBase;
    const pending = (match.view(0) as StAugustineView).trade;
    if (seat === 0 && pending !== null && pending.to === 0) {
      onOffer((match.view(0) as StAugustineView).turn, pending as unknown as Proposal);
      action = { type: 'rejectTrade' };
    } else if (seat === 0 && legal.some((a) => a.type === 'proposeTrade')) {
      action = { type: 'pass' };
    } else {
      const input = createBotInput(
        match.engine as unknown as BotRules,
        match.state,
        seat,
        rules,
        rng,
      );
      action = (bots.get(seat) as Bot).act(input) as ActionBase;
      if (seat !== 0 && action.type === 'proposeTrade')
        onBotOffer?.(match, seat, action as Proposal);
    }
    const r = match.apply(seat, action);
    if (!r.ok) throw new Error(`seat ${String(seat)}: ${r.error.message}`);
  }
  expect(match.result).not.toBeNull();
  return match;
}

describe('the default bots trade offers to a human (St. Augustine)', () => {
  it('across 20 seeded games: at most one offer a turn from each bot to a human who refuses them all, never one it would not accept itself', () => {
    let offers = 0;
    let worstPerBot = 0;
    let worstPerTurn = 0;
    let refusedByBot = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const perBot = new Map<string, number>();
      const perTurn = new Map<number, number>();
      playGame(
        seed,
        (turn, offer) => {
          offers += 1;
          const key = `${String(turn)}:${String(offer.from)}`;
          perBot.set(key, (perBot.get(key) ?? 0) + 1);
          perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
        },
        (match, seat, offer) => {
          const engine = match.engine as unknown as BotRules;
          const space = engineSpace(engine, () => engine.clone(match.state));
          const judged = judgeOffer(space, match.state, seat, offer, stAugustineHeuristic, false);
          // Taken, the bot's own offer gains it value: it would accept it itself.
          if (judged.accepted <= judged.now) refusedByBot += 1;
        },
      );
      worstPerBot = Math.max(worstPerBot, ...perBot.values(), 0);
      worstPerTurn = Math.max(worstPerTurn, ...perTurn.values(), 0);
    }
    console.log(
      `offers to the human in 20 games: ${String(offers)}; most in one turn from one bot: ${String(worstPerBot)}, from both: ${String(worstPerTurn)}`,
    );
    expect(offers).toBeGreaterThan(0);
    expect(worstPerBot).toBeLessThanOrEqual(1);
    expect(worstPerTurn).toBeLessThanOrEqual(PLAYERS - 1);
    expect(refusedByBot).toBe(0);
  }, 300_000);

  it('after a refusal, no offer to that seat again in the same trade phase (so never a worse one)', () => {
    // Refused offers by (game, turn, proposer): a second one in the turn would be a repeat.
    let checked = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const seen = new Map<string, Proposal[]>();
      playGame(
        seed,
        () => undefined,
        (match, seat, offer) => {
          if (offer.to !== 0) return;
          const key = `${String((match.view(0) as StAugustineView).turn)}:${String(seat)}`;
          const earlier = seen.get(key) ?? [];
          // Never the same or a worse price for the human after they refused.
          for (const e of earlier) expect(moneyForHuman(offer)).toBeGreaterThan(moneyForHuman(e));
          expect(earlier).toHaveLength(0);
          seen.set(key, [...earlier, offer]);
          checked += 1;
        },
      );
    }
    expect(checked).toBeGreaterThan(0);
  }, 300_000);

  it('offerWorthMaking: only offers the proposer would accept itself (taken, they gain it value)', () => {
    const base = { to: 0, now: 0.3 };
    expect(offerWorthMaking({ ...base, value: 0.35, accepted: 0.35 })).toBe(true);
    // Expected to be refused, but taken it gains: may be made (ranked by its value).
    expect(offerWorthMaking({ ...base, value: 0.3, accepted: 0.4 })).toBe(true);
    // Taken, it would lose value for the proposer: it would refuse it itself.
    expect(offerWorthMaking({ ...base, value: 0.3, accepted: 0.29 })).toBe(false);
    // Taken, it changes nothing for the proposer: not worth a question to the human.
    expect(offerWorthMaking({ ...base, value: 0.3, accepted: 0.3 })).toBe(false);
    // Not an offer.
    expect(offerWorthMaking({ to: -1, now: 0, value: 0, accepted: 0 })).toBe(false);
  });
});
