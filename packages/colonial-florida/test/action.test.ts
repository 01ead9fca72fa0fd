import { describe, expect, it } from 'vitest';
import { act, at, craft, eventsOf, nextTurn, pend, place, rejected } from './helpers.js';

describe('action phase: moving', () => {
  it('a pawn on the same space as a marker skips, logged, with no combatant moves', () => {
    const c = craft(2, (g) => {
      (g.players[0] as { pawn: number }).pawn = 2; // the hurricane ends on 2
      place(g, 3, 0, ['soldiers#1']);
      place(g, 6, 0, []);
    });
    const events = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 4, 4]);
    expect(eventsOf(events, 'actionSkipped')).toEqual([
      { type: 'actionSkipped', seat: 0, space: 2, markers: ['hurricane', 'pirate'] },
    ]);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [4, 4] });
  });

  it('the player chooses a die and moves that many spaces clockwise, wrapping from 36 to 1', () => {
    const c = craft(2, (g) => {
      (g.players[0] as { pawn: number }).pawn = 35;
    });
    pend(c, { type: 'move', seat: 0, dice: [3, 5] });
    expect(c.engine.legalActions(c.state, 0)).toEqual([
      { type: 'move', die: 0 },
      { type: 'move', die: 1 },
    ]);
    const events = act(c, 0, { type: 'move', die: 1 }, [2, 2]);
    expect(eventsOf(events, 'pawnMoved')).toEqual([
      { type: 'pawnMoved', seat: 0, from: 35, to: 4, spaces: 5 },
    ]);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [2, 2] });
  });

  it('doubles still list both dice', () => {
    const c = craft(2, () => undefined);
    pend(c, { type: 'move', seat: 0, dice: [4, 4] });
    expect(c.engine.legalActions(c.state, 0)).toHaveLength(2);
  });

  it('landing on an uncontrolled settlement founds it with a control marker', () => {
    const c = craft(2, () => undefined);
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    const events = act(c, 0, { type: 'move', die: 0 }, [1, 2]);
    expect(eventsOf(events, 'founded')).toEqual([{ type: 'founded', seat: 0, space: 3 }]);
    expect(at(c.state, 3).controller).toBe(0);
    expect(c.state.game.players[0]?.markersLeft).toBe(11);
  });

  it('a player with no control marker left cannot found', () => {
    const c = craft(2, (g) => place(g, 6, 0), { controlMarkers: 1 });
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    const events = act(c, 0, { type: 'move', die: 0 }, [1, 2]);
    expect(eventsOf(events, 'cannotFound')).toHaveLength(1);
    expect(at(c.state, 3).controller).toBeNull();
  });

  it('landing on a space that is not a settlement does nothing more', () => {
    const c = craft(2, () => undefined);
    pend(c, { type: 'move', seat: 0, dice: [1, 6] });
    act(c, 0, { type: 'move', die: 0 }, [3, 4]);
    expect(c.state.game.players[0]?.pawn).toBe(2);
    expect(c.state.game.settlements.every((s) => s.controller === null)).toBe(true);
  });
});

describe('action phase: own settlement', () => {
  it('draws the top enhancement onto an unrazed own settlement', () => {
    const c = craft(2, (g) => place(g, 3, 0), { deckOrder: undefined });
    c.state.game.deck = ['tobacco#1', ...c.state.game.deck.filter((id) => id !== 'tobacco#1')];
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    const events = act(c, 0, { type: 'move', die: 0 }, [1, 2]);
    expect(eventsOf(events, 'cardDrawn')).toEqual([
      { type: 'cardDrawn', seat: 0, space: 3, card: 'tobacco#1' },
    ]);
    expect(at(c.state, 3).cards).toEqual(['tobacco#1']);
  });

  it("'repairOrDraw': a razed own settlement loses 1D6 Raze markers and draws nothing", () => {
    const c = craft(2, (g) => place(g, 3, 0, [], 5));
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    const events = act(c, 0, { type: 'move', die: 0 }, [3, 1, 2]);
    expect(eventsOf(events, 'repaired')).toEqual([
      { type: 'repaired', seat: 0, space: 3, removed: 3, raze: 2 },
    ]);
    expect(at(c.state, 3).cards).toEqual([]);
  });

  it("'repairOrDraw': removing every Raze marker still draws nothing", () => {
    const c = craft(2, (g) => place(g, 3, 0, [], 2));
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    act(c, 0, { type: 'move', die: 0 }, [6, 1, 2]);
    expect(at(c.state, 3).raze).toBe(0);
    expect(at(c.state, 3).cards).toEqual([]);
  });

  it("'repairThenDraw': draws when the repair removed the last Raze marker", () => {
    const c = craft(2, (g) => place(g, 3, 0, [], 2), { ownSettlement: 'repairThenDraw' });
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    act(c, 0, { type: 'move', die: 0 }, [5, 1, 2]);
    expect(at(c.state, 3).raze).toBe(0);
    expect(at(c.state, 3).cards).toHaveLength(1);
  });

  it("'repairThenDraw': no draw while Raze markers remain", () => {
    const c = craft(2, (g) => place(g, 3, 0, [], 6), { ownSettlement: 'repairThenDraw' });
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    act(c, 0, { type: 'move', die: 0 }, [5, 1, 2]);
    expect(at(c.state, 3).raze).toBe(1);
    expect(at(c.state, 3).cards).toEqual([]);
  });

  it('an empty deck takes the shuffled discard pile; with both empty nothing is drawn', () => {
    const c = craft(2, (g) => {
      place(g, 3, 0);
      g.discard = g.deck.splice(0, 3);
      place(g, 6, 1, [...g.deck]);
    });
    pend(c, { type: 'move', seat: 0, dice: [2, 6] });
    // the shuffle of 3 cards consumes 2 draws
    const events = act(c, 0, { type: 'move', die: 0 }, [0, 0, 1, 2]);
    expect(eventsOf(events, 'discardReshuffled')).toEqual([{ type: 'discardReshuffled', size: 3 }]);
    expect(at(c.state, 3).cards).toHaveLength(1);
    expect(c.state.game.deck).toHaveLength(2);

    const d = craft(2, (g) => {
      place(g, 3, 0);
      place(g, 6, 1, [...g.deck]);
    });
    pend(d, { type: 'move', seat: 0, dice: [2, 6] });
    const none = act(d, 0, { type: 'move', die: 0 }, [1, 2]);
    expect(eventsOf(none, 'nothingToDraw')).toHaveLength(1);
  });
});

describe('action phase: movable combatants', () => {
  const setup = (): ReturnType<typeof craft> => {
    const c = craft(2, (g) => {
      place(g, 3, 0, ['soldiers#1', 'militia#1', 'fortress#1']);
      place(g, 6, 0, ['warship#1']);
      place(g, 9, 1, []);
      place(g, 36, 0, []);
      (g.players[0] as { pawn: number }).pawn = 17;
    });
    pend(c, { type: 'move', seat: 0, dice: [1, 5] });
    act(c, 0, { type: 'move', die: 0 }, []);
    return c;
  };

  it('lists each M card step to an adjacent settlement the player controls, and ending the action', () => {
    const c = setup();
    expect(c.state.game.pending).toEqual({ type: 'moveCombatant', seat: 0, moved: [] });
    expect(c.engine.legalActions(c.state, 0)).toEqual([
      { type: 'moveCombatant', card: 'soldiers#1', to: 36 },
      { type: 'moveCombatant', card: 'soldiers#1', to: 6 },
      { type: 'moveCombatant', card: 'warship#1', to: 3 },
      { type: 'endAction' },
    ]);
  });

  it('each card moves one step per action; the action ends by itself when nothing can move', () => {
    const c = setup();
    act(c, 0, { type: 'moveCombatant', card: 'soldiers#1', to: 6 });
    expect(at(c.state, 6).cards).toEqual(['warship#1', 'soldiers#1']);
    expect(c.engine.legalActions(c.state, 0)).toEqual([
      { type: 'moveCombatant', card: 'warship#1', to: 3 },
      { type: 'endAction' },
    ]);
    const events = act(c, 0, { type: 'moveCombatant', card: 'warship#1', to: 3 }, [2, 3]);
    expect(eventsOf(events, 'actionEnded')).toEqual([{ type: 'actionEnded', seat: 0 }]);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [2, 3] });
  });

  it('rejects moves that break the rules, with specific codes', () => {
    const c = setup();
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'militia#1', to: 6 }).code).toBe(
      'not_movable',
    );
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'fortress#1', to: 6 }).code).toBe(
      'not_movable',
    );
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'soldiers#1', to: 9 }).code).toBe(
      'not_adjacent',
    );
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'soldiers#1', to: 4 }).code).toBe(
      'not_a_settlement',
    );
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'warship#1', to: 9 }).code).toBe(
      'not_your_settlement',
    );
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'warship#2', to: 3 }).code).toBe(
      'not_your_card',
    );
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'warship', to: 3 }).code).toBe(
      'unknown_card',
    );
    act(c, 0, { type: 'moveCombatant', card: 'soldiers#1', to: 6 });
    expect(rejected(c, 0, { type: 'moveCombatant', card: 'soldiers#1', to: 3 }).code).toBe(
      'already_moved',
    );
  });

  it('endAction passes to the next player', () => {
    const c = setup();
    act(c, 0, { type: 'endAction' }, [6, 1]);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [6, 1] });
  });
});
