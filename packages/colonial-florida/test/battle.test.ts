import { describe, expect, it } from 'vitest';
import {
  act,
  at,
  craft,
  eventsOf,
  nextTurn,
  pend,
  place,
  rejected,
  type Crafted,
} from './helpers.js';

/** Seat 0 holds 3 and 9 around the British settlement on 6; the pawn lands on 6 with die 0. */
function frontier(
  seat0At3: string[],
  britishAt6: string[],
  seat0At9: string[] = [],
  options = {},
): Crafted {
  const c = craft(
    2,
    (g) => {
      place(g, 3, 0, seat0At3);
      place(g, 6, 1, britishAt6);
      place(g, 9, 0, seat0At9);
    },
    options,
  );
  pend(c, { type: 'move', seat: 0, dice: [5, 1] });
  return c;
}

describe('attack eligibility', () => {
  it('an adjacent own settlement with a combatant makes an attack possible; Fortresses are not eligible', () => {
    const c = frontier(['militia#1', 'fortress#1', 'tobacco#1'], [], ['warship#1']);
    act(c, 0, { type: 'move', die: 0 });
    expect(c.state.game.pending).toEqual({
      type: 'attack',
      seat: 0,
      target: 6,
      eligible: ['militia#1', 'warship#1'],
    });
    expect(c.engine.legalActions(c.state, 0)).toEqual([
      { type: 'attack', commit: ['militia#1'] },
      { type: 'attack', commit: ['warship#1'] },
      { type: 'attack', commit: ['militia#1', 'warship#1'] },
      { type: 'declineAttack' },
    ]);
  });

  it('only Fortresses next door: no attack is offered', () => {
    const c = frontier(['fortress#1'], []);
    act(c, 0, { type: 'move', die: 0 }, [2, 2]);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [2, 2] });
  });

  it('no combatant on an adjacent settlement the player controls: no attack (a combatant two settlements away does not count)', () => {
    const c = craft(2, (g) => {
      place(g, 3, 1, []);
      place(g, 6, 1, []);
      place(g, 9, 0, ['militia#1']);
    });
    pend(c, { type: 'move', seat: 0, dice: [2, 1] });
    act(c, 0, { type: 'move', die: 0 }, [2, 2]);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [2, 2] });
  });

  it('a player with no control marker left cannot attack', () => {
    const c = frontier(['militia#1'], [], [], { controlMarkers: 2 });
    act(c, 0, { type: 'move', die: 0 }, [2, 2]);
    expect(c.state.game.pending?.type).toBe('move');
  });

  it('lists every subset up to 8 candidates; beyond that each single one and all of them', () => {
    const eight = [
      'militia#1',
      'militia#2',
      'cannons#1',
      'cannons#2',
      'cannons#3',
      'cannons#4',
      'garrison#1',
      'garrison#2',
    ];
    const c = frontier(eight, []);
    act(c, 0, { type: 'move', die: 0 });
    expect(c.engine.legalActions(c.state, 0)).toHaveLength(255 + 1);
    const nine = frontier(eight, [], ['soldiers#1']);
    act(nine, 0, { type: 'move', die: 0 });
    const legal = nine.engine.legalActions(nine.state, 0);
    expect(legal).toHaveLength(9 + 1 + 1);
    // any valid subset is accepted even if not listed
    expect(
      nine.engine.check(nine.state, 0, {
        type: 'attack',
        commit: ['militia#2', 'soldiers#1', 'cannons#3'],
      }),
    ).toBeUndefined();
  });

  it('rejects bad commits with specific codes and leaves the state untouched', () => {
    const c = frontier(['militia#1', 'fortress#1'], ['militia#2'], ['warship#1']);
    act(c, 0, { type: 'move', die: 0 });
    expect(rejected(c, 0, { type: 'attack', commit: [] }).code).toBe('empty_commit');
    expect(rejected(c, 0, { type: 'attack', commit: ['fortress#1'] }).code).toBe(
      'fortress_cannot_attack',
    );
    expect(rejected(c, 0, { type: 'attack', commit: ['militia#2'] }).code).toBe('not_adjacent');
    expect(rejected(c, 0, { type: 'attack', commit: ['tobacco#1'] }).code).toBe('not_a_combatant');
    expect(rejected(c, 0, { type: 'attack', commit: ['nope#1'] }).code).toBe('unknown_card');
    expect(rejected(c, 0, { type: 'attack', commit: ['militia#1', 'militia#1'] }).code).toBe(
      'duplicate_card',
    );
    expect(rejected(c, 0, { type: 'attack', commit: 'militia#1' }).code).toBe('malformed_action');
    expect(rejected(c, 0, { type: 'move', die: 0 }).code).toBe('wrong_decision');
  });
});

describe('battles', () => {
  it('a won attack: the defender loses its combatants but its Fortress, which changes hands with the settlement', () => {
    const c = frontier(['militia#1', 'soldiers#1'], ['cannons#1', 'fortress#2', 'tobacco#1']);
    act(c, 0, { type: 'move', die: 0 });
    // attack 3d6 = 15 vs defence 4d6 = 4; casualty roll 5: no loss
    const events = act(
      c,
      0,
      { type: 'attack', commit: ['militia#1', 'soldiers#1'] },
      [5, 5, 5, 1, 1, 1, 1, 5],
    );
    expect(eventsOf(events, 'battle')[0]).toMatchObject({
      attacker: 0,
      defender: 1,
      attackDice: '3d6',
      defenceDice: '4d6',
      attackTotal: 15,
      defenceTotal: 4,
      winner: 'attacker',
    });
    expect(eventsOf(events, 'cardDestroyed')).toEqual([
      { type: 'cardDestroyed', card: 'cannons#1', space: 6, cause: 'battle' },
    ]);
    expect(eventsOf(events, 'conquered')).toEqual([
      { type: 'conquered', space: 6, seat: 0, from: 1, cards: ['fortress#2', 'tobacco#1'] },
    ]);
    const s = at(c.state, 6);
    expect(s.controller).toBe(0);
    expect(s.cards).toEqual(['fortress#2', 'tobacco#1']);
    expect(c.state.game.players.map((p) => p.markersLeft)).toEqual([9, 12]);
    expect(c.state.game.pending).toEqual({
      type: 'transfer',
      seat: 0,
      target: 6,
      candidates: ['militia#1', 'soldiers#1'],
    });
    expect(c.engine.legalActions(c.state, 0)).toEqual([
      { type: 'transfer', card: 'militia#1' },
      { type: 'transfer', card: 'soldiers#1' },
      { type: 'skipTransfer' },
    ]);
    expect(rejected(c, 0, { type: 'transfer', card: 'cannons#1' }).code).toBe('not_a_survivor');
    // transferring the Soldiers: they may not move again this action; Militia is not movable: the action ends
    const after = act(c, 0, { type: 'transfer', card: 'soldiers#1' }, [3, 3]);
    expect(eventsOf(after, 'transferred')).toEqual([
      { type: 'transferred', seat: 0, card: 'soldiers#1', from: 3, to: 6 },
    ]);
    expect(at(c.state, 6).cards).toEqual(['fortress#2', 'tobacco#1', 'soldiers#1']);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [3, 3] });
  });

  it("the winning attacker's casualty: on 1-3 they choose one committed combatant, then the transfer", () => {
    const c = frontier(['militia#1', 'soldiers#1'], []);
    act(c, 0, { type: 'move', die: 0 });
    act(c, 0, { type: 'attack', commit: ['militia#1', 'soldiers#1'] }, [6, 6, 6, 1, 1, 3]);
    expect(c.state.game.pending).toEqual({
      type: 'chooseCasualty',
      seat: 0,
      target: 6,
      candidates: ['militia#1', 'soldiers#1'],
      attacker: 0,
      attackerWon: true,
      committed: ['militia#1', 'soldiers#1'],
    });
    act(c, 0, { type: 'chooseCasualty', card: 'militia#1' });
    expect(c.state.game.discard).toEqual(['militia#1']);
    expect(c.state.game.pending).toEqual({
      type: 'transfer',
      seat: 0,
      target: 6,
      candidates: ['soldiers#1'],
    });
    // skipping: the Soldiers stay on 3 and may still move (to 6, now controlled)
    act(c, 0, { type: 'skipTransfer' });
    expect(c.engine.legalActions(c.state, 0)).toEqual([
      { type: 'moveCombatant', card: 'soldiers#1', to: 6 },
      { type: 'endAction' },
    ]);
  });

  it('a winner never loses its last combatant: one committed combatant rolls no casualty die', () => {
    const c = frontier(['militia#1'], []);
    act(c, 0, { type: 'move', die: 0 });
    act(c, 0, { type: 'attack', commit: ['militia#1'] }, [6, 6, 1, 1]);
    expect(c.state.game.pending).toEqual({
      type: 'transfer',
      seat: 0,
      target: 6,
      candidates: ['militia#1'],
    });
  });

  it('ties are rerolled', () => {
    const c = frontier(['militia#1'], []);
    act(c, 0, { type: 'move', die: 0 });
    const events = act(
      c,
      0,
      { type: 'attack', commit: ['militia#1'] },
      [3, 3, 4, 2, 1, 1, 2, 2, 1, 2],
    );
    expect(eventsOf(events, 'battle')[0]).toMatchObject({
      rerolls: 1,
      attackTotal: 2,
      defenceTotal: 4,
      winner: 'defender',
    });
  });

  it('a lost attack: every committed combatant is lost; the defender casualty (Fortress and Militia: only the Militia) is forced', () => {
    const c = frontier(['militia#1', 'fortress#1'], ['militia#2', 'fortress#2'], ['warship#1']);
    act(c, 0, { type: 'move', die: 0 });
    // attack 3d6 = 3 vs defence 4d6 = 24; casualty roll 1; the only candidate is applied by the engine; next player rolls
    const events = act(
      c,
      0,
      { type: 'attack', commit: ['militia#1', 'warship#1'] },
      [1, 1, 1, 6, 6, 6, 6, 1, 4, 4],
    );
    expect(eventsOf(events, 'cardDestroyed').map((e) => [e.card, e.cause])).toEqual([
      ['militia#1', 'battle'],
      ['warship#1', 'battle'],
      ['militia#2', 'casualty'],
    ]);
    expect(eventsOf(events, 'forcedAction')).toEqual([
      { type: 'forcedAction', seat: 1, action: { type: 'chooseCasualty', card: 'militia#2' } },
    ]);
    expect(at(c.state, 6)).toMatchObject({ controller: 1, cards: ['fortress#2'] });
    expect(at(c.state, 3).cards).toEqual(['fortress#1']);
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [4, 4] });
  });

  it('a winning defender with two losable combatants chooses; then the attacker goes on with the action', () => {
    const c = frontier(['militia#1'], ['cannons#1', 'cannons#2'], ['warship#1']);
    act(c, 0, { type: 'move', die: 0 });
    act(c, 0, { type: 'attack', commit: ['militia#1'] }, [1, 1, 6, 6, 6, 6, 2]);
    expect(c.state.game.pending).toMatchObject({
      type: 'chooseCasualty',
      seat: 1,
      candidates: ['cannons#1', 'cannons#2'],
      attacker: 0,
      attackerWon: false,
    });
    expect(rejected(c, 1, { type: 'chooseCasualty', card: 'militia#1' }).code).toBe(
      'not_a_casualty_candidate',
    );
    expect(rejected(c, 0, { type: 'chooseCasualty', card: 'cannons#1' }).code).toBe(
      'not_your_turn',
    );
    act(c, 1, { type: 'chooseCasualty', card: 'cannons#2' }, [5, 6]);
    expect(at(c.state, 6).cards).toEqual(['cannons#1']);
    // the Warship on 9 cannot move (9's neighbours 6 and 12 are not seat 0's): the action ended by itself
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [5, 6] });
  });

  it('a Fortress is never chosen as a casualty', () => {
    const c = frontier(['militia#1'], ['cannons#1', 'cannons#2', 'fortress#2']);
    act(c, 0, { type: 'move', die: 0 });
    act(c, 0, { type: 'attack', commit: ['militia#1'] }, [1, 1, 6, 6, 6, 6, 6, 1]);
    expect(rejected(c, 1, { type: 'chooseCasualty', card: 'fortress#2' }).code).toBe(
      'fortress_never_lost',
    );
  });

  it('declining goes on to the combatant moves', () => {
    const c = frontier(['soldiers#1'], [], []);
    place(c.state.game, 36, 0);
    act(c, 0, { type: 'move', die: 0 });
    const events = act(c, 0, { type: 'declineAttack' });
    expect(eventsOf(events, 'attackDeclined')).toEqual([
      { type: 'attackDeclined', seat: 0, space: 6 },
    ]);
    expect(c.engine.legalActions(c.state, 0)).toEqual([
      { type: 'moveCombatant', card: 'soldiers#1', to: 36 },
      { type: 'endAction' },
    ]);
  });
});

describe('the worked example of the rules page', () => {
  it('plays a whole turn with a conquest', () => {
    const c = craft(2, (g) => {
      place(g, 3, 0, ['militia#1', 'soldiers#1']);
      place(g, 6, 1, ['cannons#1', 'fortress#2', 'tobacco#1']);
      place(g, 9, 0, []);
    });
    const board = nextTurn(c, [1, 1, 1, 1, 1, 1, 1, 5, 1]);
    expect(eventsOf(board, 'income').map((e) => [e.space, e.amount])).toEqual([
      [3, 1],
      [6, 2],
      [9, 1],
    ]);
    act(c, 0, { type: 'move', die: 0 });
    expect(c.state.game.pending).toEqual({
      type: 'attack',
      seat: 0,
      target: 6,
      eligible: ['militia#1', 'soldiers#1'],
    });
    act(c, 0, { type: 'attack', commit: ['militia#1', 'soldiers#1'] }, [5, 5, 5, 1, 1, 1, 1, 5]);
    expect(c.state.game.players.map((p) => p.markersLeft)).toEqual([9, 12]);
    act(c, 0, { type: 'transfer', card: 'soldiers#1' }, [2, 4]);
    expect(at(c.state, 6)).toMatchObject({
      controller: 0,
      cards: ['fortress#2', 'tobacco#1', 'soldiers#1'],
    });
    expect(c.state.game.pending).toEqual({ type: 'move', seat: 1, dice: [2, 4] });
  });
});
