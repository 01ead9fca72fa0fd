import { createMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../src/index.js';

describe('bad input', () => {
  const match = createMatch(colonialFlorida, { seed: 2, players: 2 });
  const seat = match.toAct[0]!;
  const cases: [unknown, string][] = [
    [{ type: 'move', die: 2 }, 'malformed_action'],
    [{ type: 'move', die: '0' }, 'malformed_action'],
    [{ type: 'move', die: 0, extra: 1 }, 'malformed_action'],
    [{ type: 'endAction', card: 'x' }, 'malformed_action'],
    [{ type: 'attack' }, 'malformed_action'],
    [{ type: 'moveCombatant', card: 'soldiers#1' }, 'malformed_action'],
    [{ type: 'chooseCasualty', card: 3 }, 'malformed_action'],
    [{ type: 'fly' }, 'unknown_action'],
    [null, 'malformed_action'],
    [{ type: 'endAction' }, 'wrong_decision'],
    [{ type: 'declineAttack' }, 'wrong_decision'],
    [{ type: 'transfer', card: 'soldiers#1' }, 'wrong_decision'],
    [{ type: 'skipTransfer' }, 'wrong_decision'],
    [{ type: 'chooseCasualty', card: 'soldiers#1' }, 'wrong_decision'],
    [{ type: 'moveCombatant', card: 'soldiers#1', to: 3 }, 'wrong_decision'],
    [{ type: 'attack', commit: ['soldiers#1'] }, 'wrong_decision'],
  ];
  it.each(cases)('%j is rejected with %s and changes nothing', (input, code) => {
    const hash = match.hash();
    const r = match.applyInput(seat, input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message.length).toBeGreaterThan(10);
    }
    expect(match.hash()).toBe(hash);
  });

  it('the wrong seat gets not_your_turn', () => {
    const r = match.apply(1 - seat, { type: 'move', die: 0 });
    expect(r.ok ? '' : r.error.code).toBe('not_your_turn');
  });

  it('the stored action is a fresh object with only the known fields', () => {
    const m = createMatch(colonialFlorida, { seed: 2, players: 2 });
    const input = { type: 'move', die: 0 } as const;
    expect(m.apply(m.toAct[0]!, input).ok).toBe(true);
    expect(m.actions[0]?.action).toEqual({ type: 'move', die: 0 });
    expect(m.actions[0]?.action).not.toBe(input);
  });
});
