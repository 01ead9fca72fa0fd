import { describe, expect, it } from 'vitest';
import { actor, auction, game, money, newMatch, play, playTurns } from './helpers.js';

describe('the auction', () => {
  it('starts with the current player and goes clockwise', () => {
    const match = newMatch(3, ['pub-g', 'pub-k']);
    playTurns(match, [[0]]);
    expect(game(match).current).toBe(1);
    expect(game(match).bidder).toBe(1);
    expect(actor(match)).toBe(1);
    play(match, 1, { type: 'bid', amount: 5000 });
    expect(actor(match)).toBe(2);
    play(match, 2, { type: 'bid', amount: 6000 });
    expect(actor(match)).toBe(0);
    expect(game(match).auction).toEqual({ highBid: 6000, highBidder: 2, inPlayers: [0, 1, 2] });
  });

  it('a pass is final: the passer is never asked again', () => {
    const match = newMatch(3, ['pub-g']);
    play(match, 0, { type: 'pass' });
    play(match, 1, { type: 'bid', amount: 5000 });
    play(match, 2, { type: 'bid', amount: 6000 });
    expect(game(match).auction?.inPlayers).toEqual([1, 2]);
    expect(actor(match)).toBe(1);
    const late = match.apply(0, { type: 'bid', amount: 9000 });
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.code).toBe('not_your_turn');
  });

  it('the high bidder pays the bank and takes the shop when everyone else has passed; losers keep their money', () => {
    const match = newMatch(3, ['pub-g']);
    play(match, 0, { type: 'bid', amount: 5000 });
    play(match, 1, { type: 'bid', amount: 7000 });
    play(match, 2, { type: 'pass' });
    const events = play(match, 0, { type: 'pass' });
    expect(events).toContainEqual({ type: 'auctionWon', seat: 1, card: 'pub-g', amount: 7000 });
    expect(game(match).players[1]?.shops).toEqual(['pub-g']);
    expect(money(match).slice(1)).toEqual([13000, 20000]);
  });

  it('when every player passes without a bid, the shop is discarded', () => {
    const match = newMatch(2, ['pub-g']);
    const events = auction(match, null);
    expect(events).toContainEqual({ type: 'shopDiscarded', card: 'pub-g' });
    expect(game(match).discard).toEqual(['pub-g']);
    expect(game(match).players.every((p) => p.shops.length === 0)).toBe(true);
  });

  it('the last player in is still asked when nobody has bid', () => {
    const match = newMatch(3, ['pub-g']);
    play(match, 0, { type: 'pass' });
    play(match, 1, { type: 'pass' });
    expect(actor(match)).toBe(2);
    play(match, 2, { type: 'bid', amount: 5000 });
    expect(game(match).players[2]?.shops).toEqual(['pub-g']);
  });

  it('legalActions lists pass and every affordable bid from the minimum up', () => {
    const match = newMatch(2, ['pub-g']);
    const legal = match.legalActions(0);
    expect(legal).toContainEqual({ type: 'pass' });
    const bids = legal
      .filter((a) => a.type === 'bid')
      .map((a) => (a.type === 'bid' ? a.amount : 0));
    expect(bids).toEqual(Array.from({ length: 16 }, (_, i) => 5000 + 1000 * i));
    play(match, 0, { type: 'bid', amount: 12000 });
    const next = match.legalActions(1).flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
    expect(next[0]).toBe(13000);
    expect(next.at(-1)).toBe(20000);
    expect(match.legalActions(0)).toEqual([]);
  });

  it('the minimumBid option sets the lowest opening bid', () => {
    const match = newMatch(2, ['pub-g'], { minimumBid: 2000 });
    expect(match.legalActions(0)[0]).toEqual({ type: 'bid', amount: 2000 });
  });

  it('a player who cannot afford a legal bid passes automatically, and the pass is logged', () => {
    const match = newMatch(3, ['pub-g'], { startingMoney: 6000 });
    const events = play(match, 0, { type: 'bid', amount: 6000 });
    expect(events.filter((e) => e.type === 'forcedAction')).toEqual([
      { type: 'forcedAction', seat: 1, action: { type: 'pass' } },
      { type: 'forcedAction', seat: 2, action: { type: 'pass' } },
    ]);
    expect(game(match).players[0]?.shops).toEqual(['pub-g']);
  });

  it.each([
    [{ type: 'bid', amount: 5500 }, 'bid_not_multiple', 'bid $5,500 is not a multiple of $1,000'],
    [{ type: 'bid', amount: 4000 }, 'bid_too_low', 'bid $4,000 is below the minimum $5,000'],
    [{ type: 'bid', amount: 21000 }, 'insufficient_funds', 'bid $21,000 is more than your $20,000'],
    [{ type: 'bid', amount: -5000 }, 'bid_too_low', 'bid -$5,000 is below the minimum $5,000'],
    [{ type: 'bid' }, 'malformed_action', "'bid' needs an 'amount' in dollars, got nothing"],
    [
      { type: 'bid', amount: '5000' },
      'malformed_action',
      `'bid' needs an 'amount' in dollars, got '5000'`,
    ],
    [
      { type: 'bid', amount: 5000, note: 'hi' },
      'malformed_action',
      "'bid' takes only 'amount'; unexpected 'note'",
    ],
    [{ type: 'acceptTrade' }, 'no_pending_trade', 'there is no trade proposal for you to accept'],
    [
      {
        type: 'proposeTrade',
        to: 1,
        give: { money: 0, shops: [] },
        receive: { money: 1000, shops: [] },
      },
      'not_trade_phase',
      'trades can only be proposed in the trade phase',
    ],
  ])('rejects %j with %s and changes nothing', (input, code, message) => {
    const match = newMatch(2, ['pub-g']);
    const before = match.hash();
    const r = match.applyInput(0, input);
    expect(r).toEqual({ ok: false, error: { code, message } });
    expect(match.hash()).toBe(before);
  });

  it('a bid must beat the high bid', () => {
    const match = newMatch(2, ['pub-g']);
    play(match, 0, { type: 'bid', amount: 8000 });
    const r = match.apply(1, { type: 'bid', amount: 8000 });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'bid_not_higher',
        message: 'bid $8,000 does not beat the high bid $8,000: bid at least $9,000',
      },
    });
  });
});
