import { createEngine } from '@ruleloom/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INCOME_TYPES } from '../cards/card.js';
import { colonialFlorida } from '../game.js';
import { cardInfo } from './card-info.js';
import { incomeOfCards, settlementIncome } from './income.js';

const rules = createEngine(colonialFlorida, { players: 2, options: {} });
const income = (...cards: string[]): number => settlementIncome(rules, cards);

describe('settlementIncome', () => {
  it('a bare settlement earns 1', () => expect(income()).toBe(1));
  it('each income card adds 1', () => expect(income('tobacco#1', 'timber#1')).toBe(3));
  it('a Provincial Capitol counts 2 cards but is one V card for pairs', () => {
    expect(income('provincial-capitol#1')).toBe(3);
    expect(income('provincial-capitol#1', 'provincial-capitol#2')).toBe(1 + 4 + 1);
    expect(income('provincial-capitol#1', 'missions#1')).toBe(1 + 3 + 1);
  });
  it('a Labor card with a non-Labor income card earns 1 more', () => {
    expect(income('slaves#1', 'tobacco#1')).toBe(1 + 2 + 1);
    expect(income('slaves#1')).toBe(2);
  });
  it('two Labor cards are a pair but no Labor bonus', () =>
    expect(income('slaves#1', 'scots#1')).toBe(1 + 2 + 1));
  it('a dual-type card counts toward both of its types for pairs', () => {
    // T: 2 -> 1 pair; S: 3 -> 1 pair; A: 1
    expect(income('busy-port#1', 'busy-port#2', 'fishing#1')).toBe(1 + 3 + 2);
    // T: 4 -> 2 pairs, S: 4 -> 2 pairs
    expect(income('busy-port#1', 'busy-port#2', 'busy-port#3', 'busy-port#4')).toBe(1 + 4 + 4);
  });
  it('Cutthroats & Thieves take 1 each, never below 0', () => {
    expect(income('tobacco#1', 'timber#1', 'cutthroats-and-thieves#1')).toBe(2);
    expect(income('cutthroats-and-thieves#1')).toBe(0);
    expect(income('tobacco#1', 'cutthroats-and-thieves#1', 'cutthroats-and-thieves#2')).toBe(0);
  });
  it('combatants earn nothing', () =>
    expect(income('militia#1', 'fortress#1', 'warship#1')).toBe(1));
  it('everything together', () => {
    // count 1+2+1+1 = 5 (labor, capitol, tobacco, indigo); labor bonus; K pair; -1
    expect(
      income(
        'artisans#1',
        'provincial-capitol#1',
        'tobacco#1',
        'indigo-plantation#1',
        'cutthroats-and-thieves#2',
        'soldiers#3',
      ),
    ).toBe(1 + 5 + 1 + 1 - 1);
  });
});

describe('settlementIncome against the formula counted per type', () => {
  const ids = rules.cards.instanceIds;
  /** The rules' formula written out plainly: counts per income type, then pairs. */
  function reference(cards: readonly string[]): number {
    let count = 0;
    let labor = false;
    let nonLabor = false;
    let penalty = 0;
    const perType = new Map<string, number>();
    for (const id of cards) {
      const card = rules.card(id);
      const t = card.traits;
      if (t.type === 'incomePenalty') penalty += t.amount;
      if (t.type !== 'income') continue;
      count += t.count;
      if (card.types.includes('L')) labor = true;
      else nonLabor = true;
      for (const type of card.types)
        if (INCOME_TYPES.includes(type as (typeof INCOME_TYPES)[number]))
          perType.set(type, (perType.get(type) ?? 0) + 1);
    }
    let pairs = 0;
    for (const n of perType.values()) pairs += Math.floor(n / 2);
    return Math.max(0, 1 + count + (labor && nonLabor ? 1 : 0) + pairs - penalty);
  }

  it('agrees on any set of attached cards (pairs counted by type parity, no list built)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 20 }), (cards) => {
        expect(settlementIncome(rules, cards)).toBe(reference(cards));
        expect(incomeOfCards(cards.map((id) => cardInfo(rules, id)))).toBe(reference(cards));
      }),
      { numRuns: 500, seed: Number(process.env.FC_SEED ?? 42) },
    );
  });
});
