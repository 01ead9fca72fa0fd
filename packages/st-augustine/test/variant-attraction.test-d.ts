import { defineVariant } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import { stAugustine, type AttractionCard, type StAugustineEffect } from '../src/index.js';

interface TourismBoomParams {
  readonly amount: number;
}
/** A new attraction effect: every player earns `amount`. */
const tourismBoom: StAugustineEffect<TourismBoomParams> = (ctx, p) => {
  for (const player of ctx.state.players) player.money += p.amount;
};

describe('a St. Augustine attraction with a new effect, as the variant guide shows', () => {
  it('is typed without a cast, and the variant takes it', () => {
    const boom: AttractionCard<{
      readonly type: 'tourismBoom';
      readonly params: TourismBoomParams;
    }> = {
      id: 'tourism-boom',
      kind: 'attraction',
      name: 'Tourism Boom',
      effect: { type: 'tourismBoom', params: { amount: 2000 } },
    };
    defineVariant(stAugustine, {
      id: 'st-augustine-tourism',
      name: 'St. Augustine: Tourism',
      effects: { tourismBoom },
      cards: { add: [boom] },
    });
  });

  it('an attraction of the game itself still only names the built-in effects', () => {
    const gates: AttractionCard = {
      id: 'new-gates',
      kind: 'attraction',
      name: 'New Gates',
      // @ts-expect-error tourismBoom is not one of the game's own attraction effects
      effect: { type: 'tourismBoom', params: { amount: 2000 } },
    };
    expectTypeOf(gates.kind).toEqualTypeOf<'attraction'>();
  });
});
