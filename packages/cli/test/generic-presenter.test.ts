import { describe, expect, it } from 'vitest';
import { jsonPreview } from '../src/games/generic-presenter.js';
import { genericPresenter } from '../src/index.js';
import { plainText, type AnyGame, type GameView } from '@ruleloom/core';

const game = { id: 'plain', name: 'Plain', players: { min: 2, max: 4 } } as unknown as AnyGame;

/** The board's lines for a view (any fields: the generic presenter shows whatever it is given). */
function board(view: Record<string, unknown>): string[] {
  return genericPresenter(game)
    .renderBoard(view as GameView, { seat: 0, seatNames: ['A', 'B'] } as never)
    .map((block) => (block.type === 'line' ? plainText(block.text) : ''));
}

describe('the generic presenter', () => {
  it('shows each field of a small view as its JSON', () => {
    expect(board({ round: 3, hand: ['a', 'b'], pot: { red: 1 } })).toEqual([
      'round: 3',
      'hand: ["a","b"]',
      'pot: {"red":1}',
    ]);
  });

  it('cuts a long field to 200 characters without walking the rest of it', () => {
    const deck = Array.from({ length: 1_000_000 }, (_, i) => `card-${String(i)}`);
    let reads = 0;
    const counted = new Proxy(deck, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const [line] = board({ deck: counted });
    expect(line).toHaveLength(200);
    expect(line?.startsWith('deck: ["card-0","card-1",')).toBe(true);
    expect(line?.endsWith('…')).toBe(true);
    expect(reads).toBeLessThan(30);
  });

  it('bounds a huge string, a huge key and deep nesting', () => {
    const deep: unknown[] = [];
    let at = deep;
    for (let i = 0; i < 10_000; i++) {
      const next: unknown[] = [];
      at.push(next);
      at = next;
    }
    const lines = board({ text: 'x'.repeat(5_000_000), ['k'.repeat(1000)]: 1, deep });
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(200);
    expect(lines[0]).toMatch(/^text: "x{192}…$/);
    expect(lines[1]).toBe(`${'k'.repeat(59)}…: 1`);
    expect(lines[2]).toBe('deep: [[[[[[[[…]]]]]]]]');
  });

  it('writes what JSON.stringify writes for anything that fits', () => {
    const value = { a: [1, -0, 2.5, null, true, 'q"uote'], b: { c: undefined, d: 'é' }, e: NaN };
    expect(jsonPreview(value, 1000)).toBe(JSON.stringify(value));
    expect(jsonPreview([], 10)).toBe('[]');
    expect(jsonPreview('abc', 4)).toBe('"ab…');
  });
});
