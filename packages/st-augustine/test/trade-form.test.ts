import { plainText, type ActionFormContext, type FormAnswer } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  incomePerTurn,
  type ProposeTradeAction,
  type StAugustineAction,
  type StAugustineCard,
  type StAugustineOptions,
  type StAugustineView,
} from '../src/index.js';
import {
  explainStAugustineTrade,
  stAugustinePresenter,
  stAugustineTradeForm,
  type StAugustinePresentContext,
} from '../src/present/index.js';
import { actor, auction, game, newMatch, play, type StAugustineMatch } from './helpers.js';

/** Three players, trading on; in turn 2's trade phase seat 0 owns pub-g, seat 1 owns cafe-k. */
function tradePhase(): StAugustineMatch {
  const match = newMatch(3, ['pub-g', 'cafe-k'], { trading: 'on' });
  auction(match, 0);
  while (game(match).tradeRound !== null) play(match, actor(match), { type: 'pass' });
  auction(match, 1);
  expect(actor(match)).toBe(1);
  return match;
}

const NAMES = ['Ann', 'Bob', 'Cy'];

type TradeFormContext = ActionFormContext<
  ProposeTradeAction,
  Readonly<Record<string, FormAnswer>>,
  StAugustineOptions,
  StAugustineCard,
  StAugustineView
>;

/** The match's rules as presenters read them (the CLI passes its engine the same way). */
function presentOf(match: StAugustineMatch): StAugustinePresentContext {
  return { names: NAMES, rules: match.engine as unknown as StAugustinePresentContext['rules'] };
}

const isProposal = (a: StAugustineAction): a is ProposeTradeAction => a.type === 'proposeTrade';

function formContext(
  match: StAugustineMatch,
  answers: Record<string, FormAnswer>,
): TradeFormContext {
  return {
    seat: 1,
    view: match.view(1),
    legalActions: match.legalActions(1).filter(isProposal),
    answers,
    present: presentOf(match),
  };
}

const stepOf = (id: string) => {
  const step = stAugustineTradeForm.steps.find((s) => s.id === id);
  if (step === undefined) throw new Error(`no step ${id}`);
  return step;
};

describe("St. Augustine's trade form", () => {
  it('is the presenter’s form for proposeTrade, asked partner, shops both ways, money, confirm', () => {
    expect(stAugustinePresenter.forms?.proposeTrade).toBe(stAugustineTradeForm);
    expect(stAugustineTradeForm.steps.map((s) => `${s.id}:${s.type}`)).toEqual([
      'to:chooseOne',
      'give:chooseMany',
      'get:chooseMany',
      'money:amount',
      'send:confirm',
    ]);
  });

  it('offers as partners only the seats a legal proposal goes to, and money within both purses', () => {
    const match = tradePhase();
    const to = stepOf('to');
    if (to.type !== 'chooseOne') throw new Error('to is a choice');
    const legalPartners = new Set(formContext(match, {}).legalActions.map((a) => a.to));
    const partners = to.choices(formContext(match, {})).map((c) => c.value);
    expect(partners.length).toBeGreaterThan(0);
    expect(partners).not.toContain(1);
    expect(new Set(partners)).toEqual(legalPartners);
    const amount = stepOf('money');
    if (amount.type !== 'amount') throw new Error('money is an amount');
    const players = match.view(1).players;
    expect(amount.bounds?.(formContext(match, { to: 0 }))).toEqual({
      min: -(players[0]?.money ?? 0),
      max: players[1]?.money ?? 0,
    });
  });

  it('builds a proposal the rules accept, explained with income per turn from the rules', () => {
    const match = tradePhase();
    const answers = { to: 0, give: ['cafe-k'], get: [], money: -8000 };
    const ctx = formContext(match, answers);
    const action = stAugustineTradeForm.build(answers, ctx);
    expect(action).toEqual({
      type: 'proposeTrade',
      to: 0,
      give: { money: 0, shops: ['cafe-k'] },
      receive: { money: 8000, shops: [] },
    });
    const lines = (stAugustineTradeForm.explain?.(action, ctx) ?? []).map((l) => plainText(l));
    const players = match.view(1).players;
    const after = players.map((p, seat) =>
      seat === 1
        ? { money: p.money + 8000, shops: [] }
        : seat === 0
          ? { money: p.money - 8000, shops: [...p.shops, 'cafe-k'] }
          : p,
    );
    expect(lines[0]).toBe('You offer Ann Café (King Street) for $8,000. What it does:');
    expect(lines[1]).toBe(
      `  Bob: money ${formatMoney(players[1]?.money ?? 0)} → ${formatMoney((players[1]?.money ?? 0) + 8000)} · shops 1 → 0 · income per turn ${formatMoney(incomePerTurn(players, 1))} → ${formatMoney(incomePerTurn(after, 1))}`,
    );
    expect(lines[2]).toMatch(/^ {2}Ann: money .* · shops 1 → 2 · income per turn /);
    expect(match.apply(1, action).ok).toBe(true);
  });

  it('explains a pending proposal to its addressee only', () => {
    const match = tradePhase();
    play(match, 1, {
      type: 'proposeTrade',
      to: 0,
      give: { money: 0, shops: ['cafe-k'] },
      receive: { money: 8000, shops: [] },
    });
    const present = presentOf(match);
    const lines = explainStAugustineTrade(match.view(0), 0, present).map((l) => plainText(l));
    expect(lines[0]).toBe('Bob offers you Café (King Street) for $8,000. What it does:');
    expect(lines).toHaveLength(3);
    expect(explainStAugustineTrade(match.view(2), 2, present)).toEqual([]);
  });
});
