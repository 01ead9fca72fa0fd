import { describe, expect, it } from 'vitest';
import { checkStAugustineCard } from './card.js';
import { SHOP_TYPES, STREETS, stAugustineCards } from './cards.js';

describe('the card table', () => {
  it('has 79 cards: 50 shops and 29 attractions, with unique kebab-case ids', () => {
    expect(stAugustineCards).toHaveLength(79);
    expect(stAugustineCards.filter((c) => c.kind === 'shop')).toHaveLength(50);
    expect(stAugustineCards.filter((c) => c.kind === 'attraction')).toHaveLength(29);
    const ids = stAugustineCards.map((c) => c.id);
    expect(new Set(ids).size).toBe(79);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has one shop of each type on each street, id <type>-<street>', () => {
    for (const type of SHOP_TYPES) {
      for (const street of STREETS) {
        expect(stAugustineCards).toContainEqual(
          expect.objectContaining({
            id: `${type}-${street}`,
            kind: 'shop',
            shopType: type,
            street,
          }),
        );
      }
    }
  });

  it('has the attractions of the sheet: streets G5 C3 K3 D3 V2, Ripley, two bonuses, ten type incomes', () => {
    const streetCounts: Record<string, number> = {};
    const kinds: Record<string, number> = {};
    for (const card of stAugustineCards) {
      if (card.kind !== 'attraction') continue;
      kinds[card.effect.type] = (kinds[card.effect.type] ?? 0) + 1;
      if (card.effect.type === 'streetIncome')
        streetCounts[card.effect.params.street] =
          (streetCounts[card.effect.params.street] ?? 0) + 1;
    }
    expect(streetCounts).toEqual({ g: 5, c: 3, k: 3, d: 3, v: 2 });
    expect(kinds).toEqual({
      streetIncome: 16,
      shopIncome: 1,
      leastMoneyBonus: 1,
      fewestShopsBonus: 1,
      typeIncome: 10,
    });
    expect(stAugustineCards).toContainEqual(
      expect.objectContaining({
        id: 'hotel-ponce-de-leon',
        effect: { type: 'typeIncome', params: { shopType: 'bed-and-breakfast', amount: 2000 } },
      }),
    );
    expect(stAugustineCards).toContainEqual(
      expect.objectContaining({ id: 'ripleys-museum', name: "Ripley's Museum" }),
    );
    expect(stAugustineCards).toContainEqual(
      expect.objectContaining({
        id: 'ximinez-fatio-house',
        effect: { type: 'streetIncome', params: { street: 'v', amount: 1000 } },
      }),
    );
  });

  it('every card passes the game’s own card check', () => {
    for (const card of stAugustineCards) expect(checkStAugustineCard(card)).toEqual([]);
    expect(checkStAugustineCard({ id: 'x', kind: 'castle', name: 'X' })).toEqual([
      "kind must be 'shop' or 'attraction', got 'castle'",
    ]);
  });
});
