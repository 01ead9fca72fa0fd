import { describe, expect, it } from 'vitest';
import { checkColonialFloridaCard, INCOME_TYPES, type ColonialFloridaCard } from './card.js';
import { COLONIAL_FLORIDA_CARDS } from './cards.js';

const CARDS: readonly ColonialFloridaCard[] = COLONIAL_FLORIDA_CARDS;
const count = (pred: (c: ColonialFloridaCard) => boolean): number =>
  CARDS.filter(pred).reduce((n, c) => n + c.copies, 0);

describe('the Enhancement deck', () => {
  it('has 67 cards: 35 income cards, 30 combatants, 2 specials', () => {
    expect(count(() => true)).toBe(67);
    expect(count((c) => c.types.some((t) => (INCOME_TYPES as readonly string[]).includes(t)))).toBe(
      35,
    );
    expect(count((c) => c.types.includes('C') || c.types.includes('M'))).toBe(30);
    expect(count((c) => c.types.includes('X'))).toBe(2);
    expect(count((c) => c.types.includes('M'))).toBe(11);
  });

  it('every card passes the game’s own card checks', () => {
    for (const card of COLONIAL_FLORIDA_CARDS) expect(checkColonialFloridaCard(card)).toEqual([]);
  });

  it('the Provincial Capitol counts 2, the Fortress neither attacks nor dies, dual types are kept', () => {
    const byId = new Map(COLONIAL_FLORIDA_CARDS.map((c) => [c.id, c]));
    expect(byId.get('provincial-capitol')?.traits).toEqual({ type: 'income', count: 2 });
    expect(byId.get('fortress')?.traits).toEqual({
      type: 'combatant',
      movable: false,
      canAttack: false,
      indestructible: true,
    });
    expect(byId.get('trapping-and-harvesting')?.types).toEqual(['A', 'S']);
    expect(byId.get('cutthroats-and-thieves')).toMatchObject({
      copies: 2,
      traits: { type: 'incomePenalty', amount: 1 },
    });
  });

  it('checkColonialFloridaCard rejects inconsistent cards', () => {
    expect(
      checkColonialFloridaCard({
        id: 'x',
        name: 'X',
        copies: 1,
        types: ['Q'],
        traits: { type: 'income', count: 1 },
      }),
    ).not.toEqual([]);
    expect(
      checkColonialFloridaCard({
        id: 'x',
        name: 'X',
        copies: 1,
        types: ['M'],
        traits: { type: 'combatant', movable: false, canAttack: true, indestructible: false },
      }),
    ).not.toEqual([]);
    expect(
      checkColonialFloridaCard({
        id: 'x',
        name: 'X',
        copies: 1,
        types: ['T'],
        traits: { type: 'incomePenalty', amount: 1 },
      }),
    ).not.toEqual([]);
  });

  it('card traits are data checked with the card: type, fields and kinds', () => {
    const base = { id: 'x', name: 'X', copies: 1, types: ['T'] };
    expect(checkColonialFloridaCard({ ...base, traits: { type: 'income', count: 1 } })).toEqual([]);
    expect(checkColonialFloridaCard({ ...base, traits: { type: 'income', count: -1 } })).toEqual([
      'traits.count must be a whole number of at least 0',
    ]);
    expect(
      checkColonialFloridaCard({ ...base, traits: { type: 'income', count: 1, bonus: 2 } }),
    ).toEqual(["'income' traits have no 'bonus' (expected count)"]);
    expect(checkColonialFloridaCard({ ...base, traits: { type: 'incme', count: 1 } })[0]).toMatch(
      /^traits.type must be one of income, incomePenalty, combatant/,
    );
    expect(checkColonialFloridaCard(base)).toEqual([
      'a card needs traits: income, incomePenalty or combatant',
    ]);
    // The old form (a no-op effect carrying the data) is refused with the way to write it now.
    expect(
      checkColonialFloridaCard({
        ...base,
        effect: { type: 'income', params: { count: 1 } },
        traits: { type: 'income', count: 1 },
      }),
    ).toEqual([
      "a Colonial Florida card has no effect: declare what it is in 'traits' ({ type: 'income', count: 1 }, ...)",
    ]);
  });
});
