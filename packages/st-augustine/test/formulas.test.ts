import { createMatch, defineVariant, Rng, type ForwardModel, type GameEvent } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import {
  incomeParams,
  incomePerTurn,
  stAugustine,
  stAugustineCards,
  stAugustineHeuristic,
  stAugustineHeuristicFor,
  stAugustinePhases,
  type AttractionCard,
  type StAugustineAction,
  type StAugustineCard,
  type StAugustinePhase,
} from '../src/index.js';
import {
  attractionPayout,
  auctionOutcome,
  bidCount,
  highestBid,
  lowestBid,
  lowestPaid,
  monopolyFor,
  nextInAuction,
  revenueFor,
  streetBonusFor,
} from '../src/rules/formulas.js';

const INCOME: ReadonlySet<string> = new Set(['revenue', 'streetBonus', 'monopolyBonus']);
const RULES = incomeParams(stAugustinePhases);

/** The rules' phase table with the params of one step replaced. */
function withStep(type: string, params: Readonly<Record<string, unknown>>): StAugustinePhase[] {
  return stAugustinePhases
    .filter((p) => p.steps?.some((s) => s.type === type))
    .map((p) => ({ ...p, steps: [{ type, params: { ...stepParams(p, type), ...params } }] }))
    .map((p) => p as unknown as StAugustinePhase);
}

function stepParams(phase: StAugustinePhase, type: string): object {
  return phase.steps?.find((s) => s.type === type)?.params ?? {};
}

/** The rules' attractions with effect `type`, their params changed. */
function attractions(type: string, params: Readonly<Record<string, unknown>>): AttractionCard[] {
  return (stAugustineCards as readonly StAugustineCard[])
    .filter((c): c is AttractionCard => c.kind === 'attraction' && c.effect.type === type)
    .map(
      (c) =>
        ({
          ...c,
          effect: { ...c.effect, params: { ...c.effect.params, ...params } },
        }) as AttractionCard,
    );
}

interface Case {
  readonly param: string;
  readonly game: typeof stAugustine;
  /** Whether the games played showed the changed param at work. */
  readonly exercised: (played: Played) => boolean;
}

interface Played {
  /** Turns whose income the engine paid and the heuristic predicted. */
  readonly incomeTurns: number;
  /** Of those, turns where the rules' own params would have predicted another income. */
  readonly incomeDiffers: number;
  readonly events: readonly GameEvent[];
  readonly lowestBids: ReadonlySet<number>;
}

const paidFor = (cards: readonly AttractionCard[]) => (p: Played) =>
  p.events.some(
    (e) =>
      e.type === 'attractionPaid' && cards.some((c) => c.id === e.card) && Number(e.amount) > 0,
  );

function phaseCase(param: string, type: string, params: Readonly<Record<string, unknown>>): Case {
  return {
    param,
    game: defineVariant(stAugustine, {
      id: `formulas-${param.replace(/\W/g, '-').toLowerCase()}`,
      phases: { replace: withStep(type, params) },
    }),
    exercised: (p) => p.incomeDiffers > 0,
  };
}

function cardCase(param: string, type: string, params: Readonly<Record<string, unknown>>): Case {
  const cards = attractions(type, params);
  return {
    param,
    game: defineVariant(stAugustine, {
      id: `formulas-${param.replace(/\W/g, '-').toLowerCase()}`,
      cards: { replace: cards },
    }),
    exercised: paidFor(cards),
  };
}

const LOWEST = new Set(['leastMoneyBonus', 'fewestShopsBonus']);

const CASES: readonly Case[] = [
  phaseCase('payRevenue.perShop', 'payRevenue', { perShop: 3000 }),
  phaseCase('payStreetBonus.minShops', 'payStreetBonus', { minShops: 1 }),
  phaseCase('payStreetBonus.majority', 'payStreetBonus', { majority: 5000 }),
  phaseCase('payStreetBonus.tie', 'payStreetBonus', { tie: 4000 }),
  phaseCase('monopolyBonus.table', 'monopolyBonus', { table: [0, 1000, 3000, 7000] }),
  cardCase('streetIncome.amount', 'streetIncome', { amount: 3000 }),
  cardCase('streetIncome.street', 'streetIncome', { street: 'k' }),
  cardCase('shopIncome.amount', 'shopIncome', { amount: 4000 }),
  cardCase('typeIncome.amount', 'typeIncome', { amount: 5000 }),
  cardCase('typeIncome.shopType', 'typeIncome', { shopType: 'pub' }),
  cardCase('leastMoneyBonus.amount', 'leastMoneyBonus', { amount: 9000 }),
  cardCase('fewestShopsBonus.amount', 'fewestShopsBonus', { amount: 7000 }),
  {
    param: 'option minimumBid',
    game: defineVariant(stAugustine, {
      id: 'formulas-minimum-bid',
      defaults: { minimumBid: 8000 },
    }),
    exercised: (p) => p.lowestBids.has(8000),
  },
  {
    param: 'option tieRule',
    game: defineVariant(stAugustine, { id: 'formulas-tie-rule', defaults: { tieRule: 'none' } }),
    // A least-money or fewest-shops attraction resolved and paid nobody (a tie).
    exercised: (p) =>
      p.events.some((e, i) => {
        if (e.type !== 'attractionResolved') return false;
        const card = (stAugustineCards as readonly StAugustineCard[]).find((c) => c.id === e.card);
        if (card?.kind !== 'attraction' || !LOWEST.has(card.effect.type)) return false;
        const before = p.events.slice(Math.max(0, i - 10), i);
        return !before.some((b) => b.type === 'attractionPaid' && b.card === e.card);
      }),
  },
];

/**
 * Plays a seeded game of `game` with the engine and, step for step, with its fast forward
 * model: the states and legal actions must be equal after every step, and every turn's
 * income the engine's effects paid must be what the heuristic's `incomePerTurn` predicts
 * with the game's own phase params.
 */
function play(game: Case['game'], seed: number, players: number): Played {
  const match = createMatch(game, {
    seed,
    players,
    options: { trading: 'off', turns: 45 },
  });
  const model = match.engine.forwardModel() as ForwardModel<unknown, StAugustineAction>;
  expect(model).toBeDefined();
  const fast = model.fromState(match.state);
  const params = incomeParams(game.phases);
  const rng = Rng.fromSeed(seed);
  const events: GameEvent[] = [];
  const lowestBids = new Set<number>();
  let payee = match.state.game.current;
  let paid = 0;
  let incomeTurns = 0;
  let incomeDiffers = 0;
  while (!match.isOver) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    expect(model.legalActions(fast)).toEqual(legal);
    const first = legal[0];
    if (first?.type === 'bid' && match.state.game.auction?.highBid === null)
      lowestBids.add(first.amount);
    // Buy often, so that streets and types pile up and every bonus gets paid.
    const bid = legal.find((a) => a.type === 'bid');
    const action = bid !== undefined && rng.float() < 0.6 ? bid : rng.pick(legal);
    const result = match.apply(seat, action);
    if (!result.ok) throw new Error(result.error.message);
    model.step(fast, action);
    expect(model.toState(fast).game).toEqual(match.state.game);
    const players = match.view('spectator').players;
    for (const e of result.events) {
      events.push(e);
      if (INCOME.has(e.type)) {
        expect(e.seat).toBe(payee);
        paid += Number(e.amount);
      }
      if (e.type !== 'turnStarted') continue;
      // The income phases of `payee`'s turn ran in this entry, right before this turn began;
      // nobody bought a shop since (a sale needs a decision, which ends the entry).
      const predicted = incomePerTurn(players, payee, params);
      expect(predicted, `turn income of seat ${String(payee)}`).toBe(paid);
      incomeTurns++;
      if (incomePerTurn(players, payee, RULES) !== predicted) incomeDiffers++;
      payee = Number(e.seat);
      paid = 0;
    }
  }
  expect(model.result(fast)).toEqual(match.result);
  return { incomeTurns, incomeDiffers, events, lowestBids };
}

describe('each rule formula, once: engine, fast model and heuristic agree for every param', () => {
  for (const c of CASES) {
    it(`a variant changing ${c.param}`, () => {
      const runs = [1, 2, 3].map((seed) => play(c.game, seed, 2 + (seed % 3)));
      expect(runs.reduce((n, r) => n + r.incomeTurns, 0)).toBeGreaterThan(60);
      expect(runs.some(c.exercised), `the games showed ${c.param} at work`).toBe(true);
    }, 60_000);
  }

  it('the rules’ own game, too', () => {
    const runs = [4, 5].map((seed) => play(stAugustine, seed, 3));
    expect(runs.reduce((n, r) => n + r.incomeTurns, 0)).toBeGreaterThan(40);
  }, 60_000);
});

describe('the heuristic reads its game’s phase params', () => {
  it('is the rules’ heuristic for the rules’ phases, and another for a variant that pays more', () => {
    const base = stAugustineHeuristicFor(stAugustine);
    const richer = stAugustineHeuristicFor((CASES[0] as Case).game);
    const match = createMatch(stAugustine, { seed: 3, players: 3, options: { trading: 'off' } });
    let differs = 0;
    for (let i = 0; i < 120 && !match.isOver; i++) {
      const seat = match.toAct[0] as number;
      const legal = match.legalActions(seat);
      match.apply(seat, legal.find((a) => a.type === 'bid') ?? legal[0]!);
      const view = match.view('spectator');
      for (let s = 0; s < 3; s++) {
        expect(base(view, s)).toBe(stAugustineHeuristic(view, s));
        if (richer(view, s) !== base(view, s)) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('a phase table without an income step expects nothing from it', () => {
    const players = [{ money: 0, shops: ['pub-k', 'pub-g', 'cafe-k'] }];
    const none = incomeParams([]);
    expect(incomePerTurn(players, 0, none)).toBe(0);
    expect(incomePerTurn(players, 0, RULES)).toBe(3000 + 2 * 2000 + 4000);
  });
});

describe('the formulas, by the rules sheet’s examples', () => {
  it('bids: at least $5,000, $1,000 steps above the high bid, at most the money', () => {
    expect(lowestBid(null, 5000)).toBe(5000);
    expect(lowestBid(5000, 5000)).toBe(6000);
    expect(lowestBid(2000, 5000)).toBe(5000);
    expect(lowestBid(null, 8000)).toBe(8000);
    expect(highestBid(20_000)).toBe(20_000);
    expect(highestBid(7500)).toBe(7000);
    expect(bidCount(5000, 7000)).toBe(3);
    expect(bidCount(5000, 5000)).toBe(1);
    expect(bidCount(6000, 5000)).toBe(0);
  });

  it('the next call goes clockwise to a player still in, the caller last', () => {
    const inAuction = (seats: number[]) => (s: number) => seats.includes(s);
    expect(nextInAuction(2, 4, inAuction([0, 2, 3]))).toBe(3);
    expect(nextInAuction(3, 4, inAuction([0, 2, 3]))).toBe(0);
    expect(nextInAuction(1, 4, inAuction([1]))).toBe(1);
    expect(nextInAuction(1, 4, inAuction([]))).toBeNull();
  });

  it('an auction ends when all passed (discarded) or only the high bidder is left (sold)', () => {
    expect(auctionOutcome(0, null, false)).toBe('unsold');
    expect(auctionOutcome(0, 1, false)).toBe('unsold');
    expect(auctionOutcome(1, 2, true)).toBe('sold');
    expect(auctionOutcome(1, 2, false)).toBe('open');
    expect(auctionOutcome(2, 1, true)).toBe('open');
    // The last player in with no bid yet still has the call: they may bid or pass.
    expect(auctionOutcome(1, null, false)).toBe('open');
  });

  it('revenue: $1,000 per shop', () => {
    expect(revenueFor(3, RULES.revenue)).toBe(3000);
    expect(revenueFor(0, RULES.revenue)).toBe(0);
  });

  it('street bonus: from 2 shops, $2,000 each strictly ahead, $1,000 each tied', () => {
    const p = RULES.streetBonus;
    expect(streetBonusFor(3, 1, p)).toBe(6000);
    expect(streetBonusFor(2, 2, p)).toBe(2000);
    expect(streetBonusFor(2, 0, p)).toBe(4000);
    expect(streetBonusFor(1, 0, p)).toBe(0);
    expect(streetBonusFor(2, 3, p)).toBe(0);
  });

  it('monopoly: n x n x $1,000 from 2 shops of a type (the table’s last entry beyond it)', () => {
    const p = RULES.monopoly;
    expect([1, 2, 3, 4, 5].map((n) => monopolyFor(n, p))).toEqual([0, 4000, 9000, 16000, 25000]);
    expect(monopolyFor(6, p)).toBe(25000);
  });

  it('attractions: $1,000 per shop on a street, $2,000 per shop of a type', () => {
    expect(attractionPayout(3, 1000)).toBe(3000);
    expect(attractionPayout(2, 2000)).toBe(4000);
    expect(attractionPayout(0, 2000)).toBe(0);
  });

  it('least money / fewest shops: the lowest is paid; a tie pays all, or nobody with none', () => {
    const of = (values: number[]) => (s: number) => values[s] as number;
    expect(lowestPaid(3, of([3000, 1000, 2000]), 'all')).toBe(1000);
    expect(lowestPaid(3, of([3000, 1000, 1000]), 'all')).toBe(1000);
    expect(lowestPaid(3, of([3000, 1000, 1000]), 'none')).toBeUndefined();
    expect(lowestPaid(3, of([3, 1, 2]), 'none')).toBe(1);
  });

  it('the phase table gives the rules’ numbers', () => {
    expect(RULES).toEqual({
      revenue: { perShop: 1000 },
      streetBonus: { minShops: 2, majority: 2000, tie: 1000 },
      monopoly: { table: [0, 0, 4000, 9000, 16000, 25000] },
    });
  });
});
