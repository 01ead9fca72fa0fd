import { actionTraitsOf, createMatch, Engine, publicOptions, Rng } from '@ruleloom/core';
import { pig } from '@ruleloom/core/games';
import { gameLaws, lawSeed } from '@ruleloom/core/testing';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { describe, expect, it } from 'vitest';
import type { Bot, BotRules } from '../src/bot.js';
import { mctsBot } from '../src/mcts-bot.js';
import { auctionPolicyBot } from '../src/policy-bot.js';
import { createBotInput } from '../src/tournament/bot-input.js';
import { chipAuction, chipHeuristic, type ChipAction } from './fixtures/chip-auction.js';

/** Plays a whole match with `bot` in every seat; returns every decision (legal list and choice). */
async function playAll(
  game: typeof chipAuction,
  bot: Bot<ChipAction>,
  seed: number,
): Promise<{ legal: readonly ChipAction[]; chosen: ChipAction }[]> {
  const match = createMatch(game, { seed, players: 3 });
  const rules = new Engine(game, { players: 3, options: publicOptions(game, {}) });
  const rng = Rng.fromSeed(seed);
  const decisions: { legal: readonly ChipAction[]; chosen: ChipAction }[] = [];
  while (!match.isOver) {
    const seat = match.toAct[0] as number;
    const input = createBotInput(
      match.engine as unknown as BotRules,
      match.state,
      seat,
      rules as unknown as BotRules,
      rng,
    );
    const chosen = await bot.act(input as never);
    decisions.push({ legal: match.legalActions(seat), chosen });
    expect(match.apply(seat, chosen).ok).toBe(true);
  }
  return decisions;
}

const lowestOffer = (legal: readonly ChipAction[]): ChipAction | undefined =>
  legal.find((a) => a.type === 'offer');

/** The declared-traits law of `game` on 2 players. */
function traitsLaw(game: typeof chipAuction): { name: string; run: () => void } {
  const law = gameLaws({ game, setups: [{ players: 2 }], numRuns: 3 }).find((l) =>
    l.name.endsWith('its declared action traits hold for every legal action'),
  );
  expect(law).toBeDefined();
  return law as { name: string; run: () => void };
}

/** Why the declared-traits law fails on `game` (fast-check reports the law's message as the cause). */
function traitsLawFailure(game: typeof chipAuction): string {
  try {
    traitsLaw(game).run();
  } catch (error) {
    return String((error as { cause?: unknown }).cause);
  }
  return 'the law held';
}

describe('bots and laws read declared traits, not action names', () => {
  for (const law of gameLaws({
    game: chipAuction,
    setups: [{ players: 2 }, { players: 3 }],
    numRuns: 8,
  }))
    it(law.name, law.run, 60_000);

  it('auctionPolicy folds or offers the fewest chips, as `fold` and `offer.chips` are declared', async () => {
    const decisions = await playAll(chipAuction, auctionPolicyBot<ChipAction>(), lawSeed());
    let folds = 0;
    let minimum = 0;
    for (const { legal, chosen } of decisions) {
      if (chosen.type === 'fold') folds++;
      else {
        expect(chosen).toEqual(lowestOffer(legal));
        minimum++;
      }
    }
    expect(folds).toBeGreaterThan(0);
    expect(minimum).toBeGreaterThan(0);
  });

  it('without the declaration the same policy knows nothing and plays at random', async () => {
    const bare = {
      ...chipAuction,
      actions: {
        offer: { ...chipAuction.actions.offer, traits: {} },
        fold: { ...chipAuction.actions.fold, traits: {} },
      },
    } as typeof chipAuction;
    const decisions = await playAll(bare, auctionPolicyBot<ChipAction>(), lawSeed());
    const aboveMinimum = decisions.filter(
      ({ legal, chosen }) => chosen.type === 'offer' && chosen !== lowestOffer(legal),
    );
    expect(aboveMinimum.length).toBeGreaterThan(0);
  });

  it('MCTS with amount pruning and lookahead rollouts keeps to the declared fold and lowest offer', async () => {
    const bot = mctsBot<ChipAction>({
      iterations: 30,
      rollout: 'lookahead',
      amountCandidates: 1,
      heuristic: chipHeuristic,
    });
    const decisions = await playAll(chipAuction, bot, lawSeed());
    for (const { legal, chosen } of decisions)
      if (chosen.type === 'offer') expect(chosen).toEqual(lowestOffer(legal));
    expect(decisions.length).toBeGreaterThan(3);
  });

  it('a declaration the game does not keep is caught by the laws (listed bounds, off-list offer accepted)', () => {
    const lying = {
      ...chipAuction,
      actions: {
        ...chipAuction.actions,
        offer: {
          ...chipAuction.actions.offer,
          // Lists only the lowest offer but accepts more: 'listed' bounds are a lie.
          enumerate: (
            s: Parameters<typeof chipAuction.actions.offer.enumerate>[0],
            seat: number,
          ) =>
            (s.chips[seat] ?? 0) > s.high ? [{ type: 'offer' as const, chips: s.high + 1 }] : [],
        },
      },
    } as typeof chipAuction;
    expect(traitsLawFailure(lying)).toMatch(/'offer' declares its listed amounts as the bounds/);
  });

  it('an ascending declaration is kept by the laws and read by auctionPolicy; a false one is caught', async () => {
    const offer = chipAuction.actions.offer;
    const ascending = {
      ...chipAuction,
      actions: {
        ...chipAuction.actions,
        offer: {
          ...offer,
          traits: { ...offer.traits, amount: { ...offer.traits?.amount, ascending: true } },
        },
      },
    } as typeof chipAuction;
    const decisions = await playAll(ascending, auctionPolicyBot<ChipAction>(), lawSeed());
    for (const { legal, chosen } of decisions)
      if (chosen.type === 'offer') expect(chosen).toEqual(lowestOffer(legal));
    expect(() => traitsLaw(ascending).run()).not.toThrow();
    // The same declaration over a list written highest first is a lie the law reports.
    const descending = {
      ...ascending,
      actions: {
        ...ascending.actions,
        offer: {
          ...ascending.actions.offer,
          enumerate: (s: Parameters<typeof offer.enumerate>[0], seat: number) =>
            [...offer.enumerate(s, seat, undefined as never)].reverse(),
        },
      },
    } as typeof chipAuction;
    expect(traitsLawFailure(descending)).toMatch(
      /'offer' declares its amounts listed in ascending order/,
    );
  });

  it.each([
    ['Colonial Florida', colonialFlorida, ['declineAttack', 'skipTransfer', 'endAction'], []],
    ['Pig', pig, [], []],
    ['the chip auction', chipAuction, ['fold'], ['offer']],
  ] as const)('%s declares its pass actions and amounts', (_name, game, passes, amounts) => {
    const index = actionTraitsOf(game);
    expect(index.passTypes).toEqual(passes);
    expect(index.amountTypes).toEqual(amounts);
  });
});
