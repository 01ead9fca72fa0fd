import { describe, expectTypeOf, it } from 'vitest';
import type { DrawState } from '../games/draw-and-play.js';
import type { ZoneDeclaration } from '../zones/zone.js';
import type { GameView } from './view.js';
import type { ViewOf } from './view-of.js';

const zones = [
  { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
  { path: 'discard', visibility: 'everyone' },
  { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
  { path: 'players.*.played', visibility: 'everyone' },
] as const satisfies readonly ZoneDeclaration[];

type DrawView = ViewOf<DrawState, typeof zones>;

describe('ViewOf derives a view type from the state and the zone declarations', () => {
  it('replaces a hidden top-level zone by its count and adds the phase', () => {
    expectTypeOf<DrawView>().toHaveProperty('deckSize').toEqualTypeOf<number>();
    expectTypeOf<DrawView>().toHaveProperty('phase').toEqualTypeOf<string>();
    expectTypeOf<DrawView>().not.toHaveProperty('deck');
    expectTypeOf<DrawView['discard']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<DrawView['round']>().toEqualTypeOf<number>();
  });

  it("makes an owner's zone in list elements optional, with an optional count", () => {
    type Player = DrawView['players'][number];
    expectTypeOf<Player>().toEqualTypeOf<{
      readonly played: readonly string[];
      readonly hand?: readonly string[];
      readonly handSize?: number;
    }>();
  });

  it('is read-only and is a GameView, from zones that are still zone declarations', () => {
    expectTypeOf(zones).toExtend<readonly ZoneDeclaration[]>();
    expectTypeOf<DrawView>().toExtend<GameView>();
    const view = {} as DrawView;
    // @ts-expect-error: views are read-only
    view.round = 2;
  });

  it('leaves a state without hidden zones as it is, read-only', () => {
    type Open = ViewOf<{ score: number[] }, readonly []>;
    expectTypeOf<Open>().toEqualTypeOf<{
      readonly phase: string;
      readonly score: readonly number[];
    }>();
  });
});
