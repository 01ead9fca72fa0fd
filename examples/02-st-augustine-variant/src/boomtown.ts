import { defineVariant } from '@ruleloom/core';
import { MONOPOLY_TABLE, stAugustine, type AttractionCard } from '@ruleloom/st-augustine';

/** A new attraction, as data: every shop on St George Street earns $3,000. */
export const stGeorgeFestival: AttractionCard = {
  id: 'st-george-festival',
  kind: 'attraction',
  name: 'St George Festival',
  effect: { type: 'streetIncome', params: { street: 'g', amount: 3000 } },
};

/** Richer monopolies: $6,000 for 2 shops of a type up to $40,000 for 5. */
export const BOOMTOWN_MONOPOLY_TABLE: readonly number[] = [0, 0, 6000, 14000, 25000, 40000];

/**
 * "Boomtown": St. Augustine with 60 turns, a St George Festival attraction and a richer
 * monopoly table. Nothing of the base game is forked: option defaults, a card and one
 * phase step's params change.
 */
export const boomtown = defineVariant(stAugustine, {
  id: 'st-augustine-boomtown',
  name: 'St. Augustine: Boomtown',
  defaults: { turns: 60 },
  cards: { add: [stGeorgeFestival] },
  phases: {
    replace: [
      {
        id: 'monopoly',
        description: 'The current player earns for shops of one type (Boomtown table).',
        steps: [{ type: 'monopolyBonus', params: { table: BOOMTOWN_MONOPOLY_TABLE } }],
        next: [{ to: '$end', when: { type: 'lastTurnPlayed' } }, { to: 'record' }],
      },
    ],
  },
});

export { MONOPOLY_TABLE };
