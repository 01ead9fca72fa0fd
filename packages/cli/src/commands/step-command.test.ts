import { describe, expect, it } from 'vitest';
import { parseStepCommand } from './replay.js';

describe('parseStepCommand (replay --step keys)', () => {
  const turns = new Map([
    [1, 0],
    [2, 7],
  ]);
  const turnStart = (turn: number): number | undefined => turns.get(turn);
  it('steps forward and back, never past either end', () => {
    expect(parseStepCommand('', 3, 10)).toEqual({ type: 'goto', at: 4 });
    expect(parseStepCommand('n', 10, 10)).toEqual({ type: 'goto', at: 10 });
    expect(parseStepCommand('b', 3, 10)).toEqual({ type: 'goto', at: 2 });
    expect(parseStepCommand('b', 0, 10)).toEqual({ type: 'goto', at: 0 });
  });
  it('jumps to a step (from 1) or to the first action of a turn', () => {
    expect(parseStepCommand('5', 0, 10)).toEqual({ type: 'goto', at: 4 });
    expect(parseStepCommand('11', 0, 10).type).toBe('invalid');
    expect(parseStepCommand('0', 0, 10).type).toBe('invalid');
    expect(parseStepCommand('t2', 0, 10, turnStart)).toEqual({ type: 'goto', at: 7 });
    expect(parseStepCommand('t9', 0, 10, turnStart).type).toBe('invalid');
  });
  it('plays to the end, quits, and explains anything else', () => {
    expect(parseStepCommand('a', 0, 10)).toEqual({ type: 'end' });
    expect(parseStepCommand('q', 0, 10)).toEqual({ type: 'quit' });
    const other = parseStepCommand('x', 0, 10);
    expect(other.type).toBe('invalid');
    if (other.type === 'invalid') expect(other.message).toContain('b back');
  });
});
