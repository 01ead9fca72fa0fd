import { createMatch, type GameEvent } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import {
  colonialFloridaCli,
  createPalette,
  narrateEvents,
  parseChoiceLine,
  parseOptionPairs,
  stAugustineCli,
  type NarrationContext,
} from '../src/index.js';

function contextFor(game: typeof colonialFloridaCli, players: number): NarrationContext {
  const match = createMatch(game.game, { seed: 1, players });
  return {
    names: Array.from({ length: players }, (_, s) => game.seatLabel(s)),
    palette: createPalette(false),
    engine: match.engine,
  };
}

describe('narration', () => {
  it('a hurricane landing on a settlement reads as one sentence with its Raze markers', () => {
    const events: GameEvent[] = [
      { type: 'roll', dice: '3d6', values: [3, 4, 4], total: 11, reason: 'hurricane' },
      { type: 'markerMoved', marker: 'hurricane', from: 14, to: 3, spaces: 11 },
      { type: 'roll', dice: '1d6', values: [4], total: 4, reason: 'raze:hurricane' },
      { type: 'razed', space: 3, added: 4, raze: 4, cause: 'hurricane' },
    ];
    expect(narrateEvents(events, colonialFloridaCli, contextFor(colonialFloridaCli, 2))).toEqual([
      'Hurricane moves 11 to St Augustine (3): 4 Raze markers',
    ]);
  });

  it('St. Augustine events name cards, streets and money', () => {
    const ctx = contextFor(stAugustineCli, 2);
    expect(
      narrateEvents(
        [
          { type: 'cardFlipped', card: 'pub-k' },
          { type: 'auctionWon', seat: 1, card: 'pub-k', amount: 6000 },
          { type: 'streetBonus', seat: 0, amount: 2000, street: 'k' },
          { type: 'monopolyBonus', seat: 1, amount: 4000, shopType: 'ice-cream-parlor' },
        ],
        stAugustineCli,
        ctx,
      ),
    ).toEqual([
      'Flipped: Pub (King Street)',
      'Seat 1 buys Pub (King Street) for $6,000',
      'Seat 0 earns $2,000 (street bonus, King Street)',
      'Seat 1 earns $4,000 (monopoly of ice cream parlors)',
    ]);
  });

  it('an attraction that pays nobody says so, and one that pays lists the payments only', () => {
    const ctx = contextFor(stAugustineCli, 2);
    expect(
      narrateEvents(
        [
          { type: 'cardFlipped', card: 'city-gates' },
          { type: 'attractionResolved', card: 'city-gates' },
        ],
        stAugustineCli,
        ctx,
      ),
    ).toEqual(['Flipped: City Gates: it pays nobody.']);
    expect(
      narrateEvents(
        [
          { type: 'cardFlipped', card: 'city-gates' },
          {
            type: 'attractionPaid',
            seat: 1,
            amount: 1000,
            card: 'city-gates',
            effect: 'streetIncome',
          },
          { type: 'attractionResolved', card: 'city-gates' },
        ],
        stAugustineCli,
        ctx,
      ),
    ).toEqual(['Flipped: City Gates', 'Seat 1 earns $1,000 (City Gates)']);
  });

  it('Colonial Florida seats take singular verbs and the map says Payne’s Prairie', () => {
    const ctx = contextFor(colonialFloridaCli, 2);
    expect(
      narrateEvents(
        [
          { type: 'pawnMoved', seat: 1, from: 3, to: 7, spaces: 4 },
          { type: 'founded', seat: 0, space: 6 },
          { type: 'income', seat: 0, space: 6, amount: 2, gold: 9 },
          { type: 'cardDrawn', seat: 1, space: 9, card: 'fortress#1' },
          { type: 'conquered', seat: 1, space: 12, from: 0 },
        ],
        colonialFloridaCli,
        ctx,
      ),
    ).toEqual([
      'British moves 4 to Payne’s Prairie (7)',
      'Spanish founds Cowford (6)',
      'Spanish collects 2 gold from Cowford (6) (now 9)',
      'British draws Fortress for New Smyrna (9)',
      'British conquers Fort Caroline (12) from Spanish',
    ]);
  });

  it('unknown events fall back to a compact generic line', () => {
    const ctx = contextFor(stAugustineCli, 2);
    expect(
      narrateEvents([{ type: 'somethingNew', seat: 1, amount: 3 }], stAugustineCli, ctx),
    ).toEqual(['somethingNew (seat=Seat 1, amount=3)']);
  });
});

describe('input parsing', () => {
  it('option values are JSON when they parse, else strings', () => {
    expect(
      parseOptionPairs(['turns=6', 'trading=off', 'flag=true', 'deck=["a","b"]', 'name=a=b']),
    ).toEqual({
      turns: 6,
      trading: 'off',
      flag: true,
      deck: ['a', 'b'],
      name: 'a=b',
    });
  });

  it('a choice line is a menu number, JSON, a bare action type, or q', () => {
    const legal = [{ type: 'bid', amount: 5000 }, { type: 'pass' }];
    expect(parseChoiceLine('2', legal)).toEqual({ type: 'action', action: { type: 'pass' } });
    expect(parseChoiceLine('{"type":"bid","amount":7000}', legal)).toEqual({
      type: 'action',
      action: { type: 'bid', amount: 7000 },
    });
    expect(parseChoiceLine('pass', legal)).toEqual({ type: 'action', action: { type: 'pass' } });
    expect(parseChoiceLine('q', legal)).toEqual({ type: 'quit' });
    expect(parseChoiceLine('3', legal).type).toBe('invalid');
  });
});
