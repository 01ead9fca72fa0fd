import { describe, expect, it } from 'vitest';
import { craft, eventsOf, nextTurn, place, QUIET_MARKERS } from './helpers.js';

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

  it('an opposing pawn stops the income even beside the owner’s; the next turn pays once it left', () => {
    const c = craft(3, (g) => {
      place(g, 3, 0, ['tobacco#1']); // 2, own and British pawns on it
      place(g, 6, 1, []); // 1, Spanish and French pawns on it
      place(g, 9, 2, []); // 1, nobody on it
      (g.players[0] as { pawn: number }).pawn = 3;
      (g.players[1] as { pawn: number }).pawn = 3;
      (g.players[2] as { pawn: number }).pawn = 6;
    });
    const first = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 2, 3]);
    expect(eventsOf(first, 'noIncome').map((e) => [e.space, e.reason])).toEqual([
      [3, 'occupied'],
      [6, 'occupied'],
    ]);
    expect(eventsOf(first, 'income').map((e) => [e.space, e.amount])).toEqual([[9, 1]]);
    // Every pawn moves off the settlements: the next Income phase pays all three.
    for (const p of c.state.game.players) p.pawn = 1;
    c.state.game.markers = { ...QUIET_MARKERS };
    const second = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 2, 3]);
    expect(eventsOf(second, 'noIncome')).toEqual([]);
    expect(eventsOf(second, 'income').map((e) => [e.space, e.amount])).toEqual([
      [3, 2],
      [6, 1],
      [9, 1],
    ]);
  });
});
