import { describe, expect, it } from 'vitest';
import { act, at, craft, eventsOf, nextTurn, place } from './helpers.js';

describe('board phases', () => {
  it('markers move counterclockwise by their dice, wrapping from 1 to 36', () => {
    const c = craft(2, (g) => {
      g.markers = { hurricane: 2, pirate: 1, raid: 5, disease: 5 };
    });
    const events = nextTurn(c, [1, 1, 2, 1, 1, 1, 1, 3, 4]);
    expect(eventsOf(events, 'markerMoved').map((e) => [e.marker, e.from, e.to, e.spaces])).toEqual([
      ['hurricane', 2, 34, 4],
      ['pirate', 1, 35, 2],
      ['raid', 5, 4, 1],
      ['disease', 5, 4, 1],
    ]);
    expect(c.state.game.markers).toEqual({ hurricane: 34, pirate: 35, raid: 4, disease: 4 });
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 0, dice: [3, 4] });
    expect(c.state.game.turn).toBe(2);
  });

  it('rebuild removes one Raze marker from every razed settlement', () => {
    const c = craft(2, (g) => {
      place(g, 3, 0, [], 2);
      place(g, 6, null, [], 1);
    });
    const events = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect(at(c.state, 3).raze).toBe(1);
    expect(at(c.state, 6).raze).toBe(0);
    expect(eventsOf(events, 'razeRemoved')).toHaveLength(2);
  });

  it('a hurricane razes 1D6 and destroys each attached card on a 1, never a Fortress', () => {
    const c = craft(2, (g) => {
      place(g, 6, 0, ['tobacco#1', 'fortress#1', 'militia#1', 'busy-port#1']);
      g.markers.hurricane = 9;
    });
    // 3d6 = 3 -> space 6; raze 4; damage rolls tobacco 1, militia 2, busy-port 1 (none for the Fortress)
    const events = nextTurn(c, [1, 1, 1, 4, 1, 2, 1, 1, 1, 1, 1, 5, 6]);
    const s = at(c.state, 6);
    expect(s.raze).toBe(4);
    expect(s.cards).toEqual(['fortress#1', 'militia#1']);
    expect(c.state.game.discard).toEqual(['tobacco#1', 'busy-port#1']);
    expect(eventsOf(events, 'cardDestroyed').map((e) => [e.card, e.cause])).toEqual([
      ['tobacco#1', 'hurricane'],
      ['busy-port#1', 'hurricane'],
    ]);
    expect(eventsOf(events, 'noIncome')).toEqual([
      { type: 'noIncome', seat: 0, space: 6, reason: 'razed' },
    ]);
  });

  it('disease razes 1D6 and kills each combatant on 1-2, Fortresses excepted, income cards untouched', () => {
    const c = craft(2, (g) => {
      place(g, 3, 1, ['militia#1', 'soldiers#1', 'fortress#2', 'tobacco#1']);
      g.markers.disease = 4;
    });
    const events = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 2, 5]);
    expect(at(c.state, 3).cards).toEqual(['soldiers#1', 'fortress#2', 'tobacco#1']);
    expect(at(c.state, 3).raze).toBe(2);
    expect(eventsOf(events, 'cardDestroyed')).toEqual([
      { type: 'cardDestroyed', card: 'militia#1', space: 3, cause: 'disease' },
    ]);
  });

  it('pirates that win a raid kill the combatants except Fortresses and raze 1D6; control stays', () => {
    const c = craft(2, (g) => {
      place(g, 36, 0, ['militia#1', 'fortress#1', 'tobacco#1']);
      g.markers.pirate = 2;
    });
    // hurricane quiet; pirate 2d6 = 2 -> 36; raiders d3 = 3; attack 4d6 = 24 vs defence 4d6 = 4; raze 5
    const events = nextTurn(c, [1, 1, 1, 1, 1, 3, 6, 6, 6, 6, 1, 1, 1, 1, 5, 1, 1, 2, 3]);
    const s = at(c.state, 36);
    expect(eventsOf(events, 'raid')).toEqual([
      { type: 'raid', marker: 'pirate', space: 36, raiders: 3 },
    ]);
    expect(eventsOf(events, 'battle')[0]).toMatchObject({
      attacker: 'pirate',
      defender: 0,
      attackDice: '4d6',
      defenceDice: '4d6',
      winner: 'attacker',
    });
    expect(s.cards).toEqual(['fortress#1', 'tobacco#1']);
    expect(s.raze).toBe(5);
    expect(s.controller).toBe(0);
  });

  it('raids strike uncontrolled settlements too: 2D6 defence, only Raze markers to lose', () => {
    const c = craft(2, (g) => {
      g.markers.raid = 1;
    });
    const events = nextTurn(c, [1, 1, 1, 1, 1, 1, 2, 6, 6, 6, 1, 1, 3, 1, 2, 2]);
    expect(eventsOf(events, 'battle')[0]).toMatchObject({
      attacker: 'raid',
      defender: null,
      attackDice: '3d6',
      defenceDice: '2d6',
      winner: 'attacker',
    });
    expect(at(c.state, 36).raze).toBe(3);
    expect(at(c.state, 36).controller).toBeNull();
  });

  it('a defender that wins a raid may have to choose a casualty in the middle of the board phases', () => {
    const c = craft(2, (g) => {
      place(g, 36, 1, ['militia#1', 'cannons#1', 'fortress#1']);
      g.markers.raid = 1;
    });
    // raid d6 = 1 -> 36; raiders 1; tie 6 vs 6 rerolled; 2 vs 5: defender wins; casualty roll 2
    const events = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 3, 3, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2]);
    expect(eventsOf(events, 'battle')[0]).toMatchObject({
      rerolls: 1,
      attackTotal: 2,
      defenceTotal: 5,
      winner: 'defender',
    });
    expect(c.state.phase).toBe('raid');
    expect(c.state.game.pending).toMatchObject({
      type: 'chooseCasualty',
      seat: 1,
      candidates: ['militia#1', 'cannons#1'],
      attacker: null,
    });
    expect(c.engine.legalActions(c.state, 1)).toEqual([
      { type: 'chooseCasualty', card: 'militia#1' },
      { type: 'chooseCasualty', card: 'cannons#1' },
    ]);
    // then disease, income and seat 0's roll
    const after = act(c, 1, { type: 'chooseCasualty', card: 'cannons#1' }, [1, 4, 5]);
    expect(at(c.state, 36).cards).toEqual(['militia#1', 'fortress#1']);
    expect(eventsOf(after, 'income')).toEqual([
      { type: 'income', seat: 1, space: 36, amount: 1, gold: 1 },
    ]);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 0, dice: [4, 5] });
  });

  it('a raid defender with a single combatant rolls no casualty die', () => {
    const c = craft(2, (g) => {
      place(g, 36, 1, ['militia#1']);
      g.markers.raid = 1;
    });
    nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 1, 2, 3]);
    expect(at(c.state, 36).cards).toEqual(['militia#1']);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 0, dice: [2, 3] });
  });
});
