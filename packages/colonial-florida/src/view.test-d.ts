import type { GameView } from '@ruleloom/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { ColonialFloridaView } from './view.js';

describe('the Colonial Florida view type derives from the state and the zones', () => {
  it('has the fields of the public contract, and no deck order', () => {
    expectTypeOf<ColonialFloridaView['phase']>().toEqualTypeOf<string>();
    expectTypeOf<ColonialFloridaView['turn']>().toEqualTypeOf<number>();
    expectTypeOf<ColonialFloridaView['deckSize']>().toEqualTypeOf<number>();
    expectTypeOf<ColonialFloridaView['discard']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<ColonialFloridaView['players'][number]['gold']>().toEqualTypeOf<number>();
    expectTypeOf<ColonialFloridaView['settlements'][number]['cards']>().toEqualTypeOf<
      readonly string[]
    >();
    expectTypeOf<ColonialFloridaView['markers']['pirate']>().toEqualTypeOf<number>();
    expectTypeOf<ColonialFloridaView>().not.toHaveProperty('deck');
    expectTypeOf<ColonialFloridaView>().toExtend<GameView>();
  });
});
