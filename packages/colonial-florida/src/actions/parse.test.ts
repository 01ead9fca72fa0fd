import { createMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../game.js';
import { attackInput, moveCombatantInput, moveInput } from './parse.js';

describe('Colonial Florida action inputs, declared once', () => {
  it('parse to fresh actions holding only the declared fields', () => {
    const input = { type: 'attack', commit: ['soldiers#1', 'warship#2'] };
    const r = attackInput(input);
    expect(r).toEqual({ action: input });
    if ('action' in r) {
      expect(r.action).not.toBe(input);
      expect(r.action.commit).not.toBe(input.commit);
    }
    expect(Object.keys(moveCombatantInput.fields)).toEqual(['card', 'to']);
  });

  it('refuse a malformed input with the message of its first problem', () => {
    expect(moveInput({ type: 'move', die: 2 })).toEqual({
      error: "'move' needs 'die': 0 or 1 (which of the two rolled dice), got 2",
    });
    expect(moveInput({ type: 'move', die: 0, extra: 1 })).toEqual({
      error: "'move' takes only 'die'; unexpected 'extra'",
    });
    expect(attackInput({ type: 'attack', commit: ['a', 3] })).toEqual({
      error: "'attack' needs 'commit': a list of combatant instance ids such as ['soldiers#1']",
    });
    expect(moveCombatantInput({ type: 'moveCombatant', card: 'warship#2', to: 1.5 })).toEqual({
      error: "'moveCombatant' needs 'to': the space number of the destination settlement",
    });
  });

  it('parse every legal action of a played match to an equal action', () => {
    const match = createMatch(colonialFlorida, { seed: 5, players: 3 });
    const handlers = colonialFlorida.actions as unknown as Record<
      string,
      { parse(input: Readonly<Record<string, unknown>>): unknown }
    >;
    for (let step = 0; step < 300 && !match.isOver; step++) {
      const seat = match.toAct[0] as number;
      const legal = match.legalActions(seat);
      for (const action of legal) {
        const parsed = handlers[action.type]?.parse(action);
        expect(parsed).toEqual({ action });
      }
      expect(match.apply(seat, legal[step % legal.length]!).ok).toBe(true);
    }
  });
});
