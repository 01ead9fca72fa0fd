import type { GameView } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { StAugustineView } from './view.js';

describe('the St. Augustine view type derives from the state and the zones', () => {
  it('has the fields of the public contract, and no deck order', () => {
    expectTypeOf<StAugustineView['phase']>().toEqualTypeOf<string>();
    expectTypeOf<StAugustineView['turn']>().toEqualTypeOf<number>();
    expectTypeOf<StAugustineView['flipped']>().toEqualTypeOf<string | null>();
    expectTypeOf<StAugustineView['deckSize']>().toEqualTypeOf<number>();
    expectTypeOf<StAugustineView['discard']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<StAugustineView['players'][number]>().toEqualTypeOf<{
      readonly money: number;
      readonly shops: readonly string[];
    }>();
    expectTypeOf<NonNullable<StAugustineView['auction']>>().toEqualTypeOf<{
      readonly highBid: number | null;
      readonly highBidder: number | null;
      readonly inPlayers: readonly number[];
    }>();
    expectTypeOf<StAugustineView>().not.toHaveProperty('deck');
    expectTypeOf<StAugustineView>().toExtend<GameView>();
  });
});
