import { createMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { boomtown } from './boomtown.js';
import { monopolyOnTurnThree } from './main.js';

describe('the Boomtown variant', () => {
  it('pays a richer monopoly table than the base game', () => {
    expect(monopolyOnTurnThree(stAugustine).monopoly).toBe(4000);
    expect(monopolyOnTurnThree(boomtown).monopoly).toBe(6000);
  });

  it('lasts 60 turns by default, and the option can still be set', () => {
    expect(monopolyOnTurnThree(stAugustine).lastTurn).toBe(40);
    expect(monopolyOnTurnThree(boomtown).lastTurn).toBe(60);
    const short = createMatch(boomtown, { seed: 1, players: 2, options: { turns: 10 } });
    expect(short.state.game.lastTurn).toBe(10);
  });

  it('adds the St George Festival attraction, which pays $3,000 per St George shop', () => {
    expect(boomtown.cards).toHaveLength(80);
    const ids = boomtown.cards.map((c) => c.id);
    const top = ['pub-g', 'st-george-festival'];
    const match = createMatch(boomtown, {
      seed: 1,
      players: 2,
      options: { trading: 'off', deckOrder: [...top, ...ids.filter((id) => !top.includes(id))] },
    });
    match.apply(0, { type: 'bid', amount: 5000 });
    const r = match.apply(1, { type: 'pass' });
    expect(r.ok && r.events).toContainEqual({
      type: 'attractionPaid',
      seat: 0,
      amount: 3000,
      card: 'st-george-festival',
      effect: 'streetIncome',
    });
  });

  it('keeps its own id, so saves of the base game and the variant are not mixed', () => {
    expect(boomtown.id).toBe('st-augustine-boomtown');
  });
});
