import { describe, expect, it } from 'vitest';
import { craft, eventsOf, nextTurn, place } from './helpers.js';

describe('income phase', () => {
  it('pays every controlled settlement that is not razed and has no opposing pawn', () => {
    const c = craft(3, (g) => {
      place(g, 3, 0, ['slaves#1', 'tobacco#1']); // 4
      place(g, 6, 0, ['busy-port#1', 'busy-port#2']); // 1 + 2 + 2 pairs = 5
      place(g, 9, 1, ['timber#1'], 3); // razed (2 after rebuild)
      place(g, 12, 2, ['farms#1']); // British pawn on it: nothing
      place(g, 15, 2, []); // own pawn: 1
      (g.players[1] as { pawn: number }).pawn = 12;
      (g.players[2] as { pawn: number }).pawn = 15;
      (g.players[0] as { gold: number }).gold = 7;
    });
    const events = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 2, 3]);
    expect(eventsOf(events, 'income').map((e) => [e.seat, e.space, e.amount])).toEqual([
      [0, 3, 4],
      [0, 6, 5],
      [2, 15, 1],
    ]);
    expect(eventsOf(events, 'noIncome').map((e) => [e.space, e.reason])).toEqual([
      [9, 'razed'],
      [12, 'occupied'],
    ]);
    expect(c.state.game.players.map((p) => p.gold)).toEqual([16, 0, 1]);
  });
});
