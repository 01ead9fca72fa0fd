import { describe, expect, it } from 'vitest';
import { newMatch, play } from './helpers.js';

describe('views', () => {
  it('show every public field and hide the deck order from everybody', () => {
    const match = newMatch(3, ['city-gates', 'pub-g'], { trading: 'on' });
    const view = match.view(1);
    expect(view).not.toHaveProperty('deck');
    expect(view).toEqual({
      phase: 'bid',
      turn: 1,
      lastTurn: 40,
      current: 0,
      flipped: 'pub-g',
      deckSize: 77,
      discard: ['city-gates'],
      auction: { highBid: null, highBidder: null, inPlayers: [0, 1, 2] },
      bidder: 0,
      trade: null,
      tradeRound: null,
      players: [
        { money: 20000, shops: [] },
        { money: 20000, shops: [] },
        { money: 20000, shops: [] },
      ],
    });
    expect(match.view('spectator')).toEqual(view);
    expect(match.view(0)).toEqual(view);
  });

  it('show the auction, then the pending trade proposal', () => {
    const match = newMatch(2, ['pub-g'], { trading: 'on' });
    play(match, 0, { type: 'bid', amount: 7000 });
    expect(match.view(0).auction).toEqual({
      highBid: 7000,
      highBidder: 0,
      inPlayers: [0, 1],
    });
    play(match, 1, { type: 'pass' });
    const afterAuction = match.view(1);
    expect(afterAuction.auction).toBeNull();
    expect(afterAuction.phase).toBe('trade');
    play(match, 0, {
      type: 'proposeTrade',
      to: 1,
      give: { money: 0, shops: ['pub-g'] },
      receive: { money: 9000, shops: [] },
    });
    expect(match.view(1).trade).toEqual({
      from: 0,
      to: 1,
      give: { money: 0, shops: ['pub-g'] },
      receive: { money: 9000, shops: [] },
    });
  });
});
