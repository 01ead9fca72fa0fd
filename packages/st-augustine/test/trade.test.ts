import { describe, expect, it } from 'vitest';
import type { StAugustineAction } from '../src/index.js';
import { readStAugustineView } from '../src/view.js';
import { actor, auction, game, money, newMatch, play, type StAugustineMatch } from './helpers.js';

/** Three players, trading on; in turn 2's trade phase seat 0 owns pub-g ($16,000), seat 1 owns cafe-k ($15,000). */
function tradePhase(options: Readonly<Record<string, unknown>> = {}): StAugustineMatch {
  const match = newMatch(3, ['pub-g', 'cafe-k'], { trading: 'on', ...options });
  auction(match, 0);
  while (game(match).tradeRound !== null) play(match, actor(match), { type: 'pass' });
  auction(match, 1);
  expect(match.state.phase).toBe('trade');
  expect(game(match).tradeRound?.speaker).toBe(1);
  return match;
}

const sell = (to: number, shop: string, price: number): StAugustineAction => ({
  type: 'proposeTrade',
  to,
  give: { money: 0, shops: [shop] },
  receive: { money: price, shops: [] },
});

describe('the trade phase', () => {
  it('starts with the current player, who proposes or passes', () => {
    const match = tradePhase();
    expect(actor(match)).toBe(1);
    const legal = match.legalActions(1);
    expect(legal[0]).toEqual({ type: 'pass' });
    expect(legal).toContainEqual(sell(0, 'cafe-k', 5000));
    expect(legal).toContainEqual({
      type: 'proposeTrade',
      to: 0,
      give: { money: 0, shops: ['cafe-k'] },
      receive: { money: 0, shops: ['pub-g'] },
    });
  });

  it('an accepted trade happens at once and conserves the two players’ money and shops', () => {
    const match = tradePhase();
    const before = money(match);
    play(match, 1, sell(0, 'cafe-k', 8000));
    expect(game(match).trade).toEqual({
      from: 1,
      to: 0,
      give: { money: 0, shops: ['cafe-k'] },
      receive: { money: 8000, shops: [] },
    });
    expect(match.toAct).toEqual([0]);
    expect(match.legalActions(0)).toEqual([{ type: 'acceptTrade' }, { type: 'rejectTrade' }]);
    const events = play(match, 0, { type: 'acceptTrade' });
    expect(events[0]).toMatchObject({ type: 'tradeAccepted', from: 1, to: 0 });
    expect(money(match)).toEqual([(before[0] ?? 0) - 8000, (before[1] ?? 0) + 8000, before[2]]);
    expect(game(match).players[0]?.shops).toEqual(['pub-g', 'cafe-k']);
    expect(game(match).players[1]?.shops).toEqual([]);
    // the player after the proposer speaks next
    expect(game(match).trade).toBeNull();
    expect(actor(match)).toBe(2);
  });

  it('a rejected trade changes nothing and the player after the proposer speaks', () => {
    const match = tradePhase();
    const before = JSON.stringify(game(match).players);
    play(match, 1, sell(2, 'cafe-k', 5000));
    play(match, 2, { type: 'rejectTrade' });
    expect(JSON.stringify(game(match).players)).toBe(before);
    expect(actor(match)).toBe(2);
    expect(game(match).tradeRound?.proposals).toEqual([0, 1, 0]);
  });

  it('every seat sees how many proposals each seat received in this trade phase', () => {
    const match = tradePhase();
    expect(game(match).tradeRound?.received).toEqual([0, 0, 0]);
    play(match, 1, sell(2, 'cafe-k', 5000));
    // Public: the addressee, the proposer and the third seat all see it, pending or answered.
    for (const seat of [0, 1, 2])
      expect(
        readStAugustineView(match.view(seat)).tradeRound?.received,
        `seat ${String(seat)}`,
      ).toEqual([0, 0, 1]);
    play(match, 2, { type: 'rejectTrade' });
    const buy: StAugustineAction = {
      type: 'proposeTrade',
      to: 1,
      give: { money: 1000, shops: [] },
      receive: { money: 0, shops: ['cafe-k'] },
    };
    play(match, 2, buy);
    play(match, 1, { type: 'rejectTrade' });
    expect(readStAugustineView(match.view(0)).tradeRound?.received).toEqual([0, 1, 1]);
    expect(game(match).tradeRound?.proposals).toEqual([0, 1, 1]);
    // The count lives in the phase's bookkeeping: the next trade phase starts it at 0.
    while (game(match).tradeRound !== null) play(match, actor(match), { type: 'pass' });
    expect(readStAugustineView(match.view(0)).tradeRound).toBeNull();
  });

  it('the phase ends when every player has passed in a row', () => {
    const match = tradePhase();
    play(match, 1, { type: 'pass' });
    play(match, 2, { type: 'pass' });
    expect(match.state.phase).toBe('trade');
    const events = play(match, 0, { type: 'pass' });
    expect(events).toContainEqual({ type: 'tradePhaseEnded' });
    expect(game(match).tradeRound).toBeNull();
    expect(game(match).turn).toBe(3);
  });

  it('a proposal resets the passes: everyone must pass again after it', () => {
    const match = tradePhase();
    play(match, 1, { type: 'pass' });
    play(match, 2, { type: 'pass' });
    play(match, 0, sell(1, 'pub-g', 1000));
    play(match, 1, { type: 'rejectTrade' });
    play(match, 1, { type: 'pass' });
    play(match, 2, { type: 'pass' });
    expect(game(match).tradeRound?.passes).toBe(2);
    play(match, 0, { type: 'pass' });
    expect(game(match).tradeRound).toBeNull();
  });

  it('a player who has used up their proposals can only pass (automatically)', () => {
    const match = tradePhase({ maxProposalsPerPlayer: 1 });
    play(match, 1, sell(0, 'cafe-k', 5000));
    play(match, 0, { type: 'rejectTrade' });
    play(match, 2, { type: 'pass' });
    const events = play(match, 0, { type: 'pass' });
    expect(events).toContainEqual({ type: 'forcedAction', seat: 1, action: { type: 'pass' } });
    expect(game(match).tradeRound).toBeNull();
  });

  it('the phase ends once every player has made their proposals', () => {
    const match = tradePhase({ maxProposalsPerPlayer: 1 });
    play(match, 1, sell(0, 'cafe-k', 5000));
    play(match, 0, { type: 'rejectTrade' });
    play(match, 2, {
      type: 'proposeTrade',
      to: 0,
      give: { money: 1000, shops: [] },
      receive: { money: 0, shops: ['pub-g'] },
    });
    play(match, 0, { type: 'rejectTrade' });
    play(match, 0, sell(1, 'pub-g', 5000));
    const events = play(match, 1, { type: 'rejectTrade' });
    expect(events).toContainEqual({ type: 'tradePhaseEnded' });
    expect(game(match).turn).toBe(3);
  });

  it('apply accepts a valid proposal that legalActions does not list', () => {
    const match = tradePhase();
    const offer: StAugustineAction = {
      type: 'proposeTrade',
      to: 0,
      give: { money: 3000, shops: ['cafe-k'] },
      receive: { money: 0, shops: ['pub-g'] },
    };
    expect(match.legalActions(1)).not.toContainEqual(offer);
    play(match, 1, offer);
    play(match, 0, { type: 'acceptTrade' });
    expect(game(match).players[0]?.shops).toEqual(['cafe-k']);
    expect(game(match).players[1]?.shops).toEqual(['pub-g']);
    expect(money(match).slice(0, 2)).toEqual([19000, 12000]);
  });

  it("trading: 'off' skips the phase", () => {
    const match = newMatch(2, ['pub-g'], { trading: 'off' });
    auction(match, 0);
    expect(game(match).tradeRound).toBeNull();
    expect(game(match).turn).toBe(2);
  });

  it.each([
    [sell(2, 'pub-g', 1000), 'not_owned', "you do not own 'pub-g'"],
    [
      {
        type: 'proposeTrade',
        to: 0,
        give: { money: 0, shops: [] },
        receive: { money: 0, shops: ['cafe-k'] },
      },
      'not_owned',
      "seat 0 does not own 'cafe-k'",
    ],
    [
      {
        type: 'proposeTrade',
        to: 0,
        give: { money: 16000, shops: [] },
        receive: { money: 0, shops: ['pub-g'] },
      },
      'insufficient_funds',
      'you cannot give $16,000: you have only $15,000',
    ],
    [
      sell(0, 'cafe-k', 30000),
      'insufficient_funds',
      'seat 0 cannot give $30,000: they have only $16,000',
    ],
    [
      {
        type: 'proposeTrade',
        to: 0,
        give: { money: 0, shops: [] },
        receive: { money: 0, shops: [] },
      },
      'empty_trade',
      'a trade must exchange something: give or receive money or shops',
    ],
    [
      sell(1, 'cafe-k', 1000),
      'cannot_trade_with_self',
      'a trade must be proposed to another player',
    ],
    [sell(3, 'cafe-k', 1000), 'unknown_player', "'to' must be a seat from 0 to 2, got 3"],
    [
      sell(0, 'cafe-k', 1500),
      'amount_not_multiple',
      'receive.money $1,500 is not a multiple of $1,000',
    ],
    [
      sell(0, 'cafe-k', -1000),
      'invalid_amount',
      'receive.money must be a whole number of dollars of at least 0, got -1000',
    ],
    [
      {
        type: 'proposeTrade',
        to: 0,
        give: { money: 0, shops: ['cafe-k', 'cafe-k'] },
        receive: { money: 0, shops: [] },
      },
      'duplicate_shop',
      "give.shops lists 'cafe-k' twice",
    ],
    [
      {
        type: 'proposeTrade',
        to: 0,
        give: { money: 0, shops: ['nope'] },
        receive: { money: 0, shops: [] },
      },
      'unknown_card',
      "'nope' is not a card of this game",
    ],
    [
      { type: 'proposeTrade', to: 0, give: { money: 0, shops: ['cafe-k'] } },
      'malformed_action',
      "'receive' must be { money, shops }",
    ],
    [
      { type: 'proposeTrade', to: 0, give: { money: 0 }, receive: { money: 0, shops: [] } },
      'malformed_action',
      "'give.shops' must be a list of shop card ids",
    ],
    [
      {
        type: 'proposeTrade',
        to: '0',
        give: { money: 0, shops: [] },
        receive: { money: 0, shops: [] },
      },
      'malformed_action',
      `'proposeTrade' needs 'to': the seat number of the other player, got '0'`,
    ],
    [{ type: 'bid', amount: 5000 }, 'no_auction', 'there is no auction to bid in now'],
    [{ type: 'rejectTrade' }, 'no_pending_trade', 'there is no trade proposal for you to reject'],
    [{ type: 'pass', extra: 1 }, 'malformed_action', "'pass' takes no fields; unexpected 'extra'"],
  ])('rejects %j with %s and changes nothing', (input, code, message) => {
    const match = tradePhase();
    const before = match.hash();
    expect(match.applyInput(1, input)).toEqual({ ok: false, error: { code, message } });
    expect(match.hash()).toBe(before);
  });

  it('while a proposal is pending, its addressee must answer it', () => {
    const match = tradePhase();
    play(match, 1, sell(0, 'cafe-k', 5000));
    expect(match.apply(0, { type: 'pass' })).toEqual({
      ok: false,
      error: {
        code: 'trade_pending',
        message: 'a trade proposal is waiting for an answer: acceptTrade or rejectTrade',
      },
    });
    const r = match.apply(1, { type: 'pass' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_your_turn');
  });
});
