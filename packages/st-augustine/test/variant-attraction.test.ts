import { createMatch, defineVariant } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import {
  stAugustine,
  stAugustineCards,
  type AttractionCard,
  type StAugustineEffect,
} from '../src/index.js';

const tourismBoom: StAugustineEffect<{ readonly amount: number }> = (ctx, p) => {
  for (const player of ctx.state.players) player.money += p.amount;
};
const boom: AttractionCard<{
  readonly type: 'tourismBoom';
  readonly params: { readonly amount: number };
}> = {
  id: 'tourism-boom',
  kind: 'attraction',
  name: 'Tourism Boom',
  effect: { type: 'tourismBoom', params: { amount: 2000 } },
};

describe('an attraction with an effect the variant adds', () => {
  it('is resolved when flipped: every player earns its amount', () => {
    const tourism = defineVariant(stAugustine, {
      id: 'st-augustine-tourism',
      name: 'St. Augustine: Tourism',
      effects: { tourismBoom },
      cards: { add: [boom] },
    });
    const ids = [...stAugustineCards.map((c) => c.id), boom.id];
    const deckOrder = [boom.id, ...ids.filter((id) => id !== boom.id)];
    const options = { trading: 'off', deckOrder } as const;
    const base = createMatch(stAugustine, {
      seed: 1,
      players: 2,
      options: { ...options, deckOrder: ids.filter((id) => id !== boom.id) },
    });
    const match = createMatch(tourism, { seed: 1, players: 2, options });
    expect(match.log.at(-1)?.events).toContainEqual({
      type: 'attractionResolved',
      card: 'tourism-boom',
    });
    const money = (m: typeof match): number[] =>
      (m.view('spectator') as unknown as { players: { money: number }[] }).players.map(
        (p) => p.money,
      );
    expect(money(match)).toEqual(money(base).map((x) => x + 2000));
  });
});
