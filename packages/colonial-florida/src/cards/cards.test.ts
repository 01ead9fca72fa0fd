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
    expect(byId.get('provincial-capitol')?.effect).toEqual({
      type: 'income',
      params: { count: 2 },
    });
    expect(byId.get('fortress')?.effect).toEqual({
      type: 'combatant',
      params: { movable: false, canAttack: false, indestructible: true },
    });
    expect(byId.get('trapping-and-harvesting')?.types).toEqual(['A', 'S']);
    expect(byId.get('cutthroats-and-thieves')).toMatchObject({
      copies: 2,
      effect: { type: 'incomePenalty', params: { amount: 1 } },
    });
  });

  it('checkColonialFloridaCard rejects inconsistent cards', () => {
    expect(
      checkColonialFloridaCard({
        id: 'x',
        name: 'X',
        copies: 1,
        types: ['Q'],
        effect: { type: 'income', params: { count: 1 } },
      }),
    ).not.toEqual([]);
    expect(
      checkColonialFloridaCard({
        id: 'x',
        name: 'X',
        copies: 1,
        types: ['M'],
        effect: {
          type: 'combatant',
          params: { movable: false, canAttack: true, indestructible: false },
        },
      }),
    ).not.toEqual([]);
    expect(
      checkColonialFloridaCard({
        id: 'x',
        name: 'X',
        copies: 1,
        types: ['T'],
        effect: { type: 'incomePenalty', params: { amount: 1 } },
      }),
    ).not.toEqual([]);
  });
});
