import { describe, expect, it } from 'vitest';
import { game, newMatch, payments, playTurns, turnEvents } from './helpers.js';

/**
 * Three players; after three turns seat 0 owns pub-g and cafe-g, seat 1 owns pub-k,
 * seat 2 owns nothing; money is then [11000, 16000, 20000]. Turn 4's first flip is `card`,
 * resolved as soon as turn 3 ends.
 */
function afterThreeTurns(card: string, options: Readonly<Record<string, unknown>> = {}) {
  const match = newMatch(3, ['pub-g', 'pub-k', 'cafe-g', card], options);
  playTurns(match, [[0], [1], [0]]);
  return match;
}

describe('attractions', () => {
  it('a street attraction pays every player $1,000 per shop they own on that street', () => {
    const match = afterThreeTurns('city-gates');
    expect(payments(turnEvents(match, 4), 'city-gates')).toEqual([[0, 2000, 'city-gates']]);
    const king = afterThreeTurns('town-plaza');
    expect(payments(turnEvents(king, 4), 'town-plaza')).toEqual([[1, 1000, 'town-plaza']]);
  });

  it("Ripley's Museum pays every player $1,000 per shop on any street", () => {
    const match = afterThreeTurns('ripleys-museum');
    expect(payments(turnEvents(match, 4), 'ripleys-museum')).toEqual([
      [0, 2000, 'ripleys-museum'],
      [1, 1000, 'ripleys-museum'],
    ]);
  });

  it('a shop-type attraction pays $2,000 per shop of that type', () => {
    const match = afterThreeTurns('cigar-factory');
    expect(payments(turnEvents(match, 4), 'cigar-factory')).toEqual([
      [0, 2000, 'cigar-factory'],
      [1, 2000, 'cigar-factory'],
    ]);
    const cafes = afterThreeTurns('trolley-tour');
    expect(payments(turnEvents(cafes, 4), 'trolley-tour')).toEqual([[0, 2000, 'trolley-tour']]);
  });

  it('Fountain of Youth Park pays $5,000 to the player with the least money', () => {
    const match = afterThreeTurns('fountain-of-youth-park');
    expect(payments(turnEvents(match, 4), 'fountain-of-youth-park')).toEqual([
      [0, 5000, 'fountain-of-youth-park'],
    ]);
  });

  it('St Augustine Lighthouse pays $5,000 to the player with the fewest shops', () => {
    const match = afterThreeTurns('st-augustine-lighthouse');
    expect(payments(turnEvents(match, 4), 'st-augustine-lighthouse')).toEqual([
      [2, 5000, 'st-augustine-lighthouse'],
    ]);
  });

  it("on a tie for least money or fewest shops, tieRule 'all' pays every tied player", () => {
    for (const card of ['fountain-of-youth-park', 'st-augustine-lighthouse']) {
      const match = newMatch(3, [card]);
      expect(payments(turnEvents(match, 1), card)).toEqual([
        [0, 5000, card],
        [1, 5000, card],
        [2, 5000, card],
      ]);
    }
  });

  it("on a tie, tieRule 'none' pays nobody", () => {
    for (const card of ['fountain-of-youth-park', 'st-augustine-lighthouse']) {
      const match = newMatch(3, [card], { tieRule: 'none' });
      expect(payments(turnEvents(match, 1), card)).toEqual([]);
      expect(game(match).players.map((p) => p.money)).toEqual([20000, 20000, 20000]);
    }
  });

  it('an attraction is discarded and play flips again until a shop comes up', () => {
    const match = newMatch(2, ['city-gates', 'ripleys-museum', 'pub-k']);
    const g = game(match);
    expect(g.discard).toEqual(['city-gates', 'ripleys-museum']);
    expect(g.flipped).toBe('pub-k');
    expect(match.state.phase).toBe('bid');
    expect(
      turnEvents(match, 1)
        .filter((e) => e.type === 'cardFlipped')
        .map((e) => e.card),
    ).toEqual(['city-gates', 'ripleys-museum', 'pub-k']);
  });
});
