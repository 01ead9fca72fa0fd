import { describe, expect, it } from 'vitest';
import { menuRows } from './human-controller.js';
import { parseIndexList } from './prompter.js';

describe('menu rows', () => {
  it('two legal actions that read the same (a double: either die) are one row, the first', () => {
    const legal = [
      { type: 'move', die: 0 },
      { type: 'move', die: 1 },
    ];
    expect(menuRows(['move 4 to Cowford (6)', 'move 4 to Cowford (6)'], legal)).toEqual([
      { label: 'move 4 to Cowford (6)', action: { type: 'move', die: 0 } },
    ]);
  });

  it('distinct labels keep every action in order', () => {
    const legal = [{ type: 'a' }, { type: 'b' }, { type: 'c' }];
    expect(menuRows(['x', 'y', 'z'], legal).map((r) => r.action.type)).toEqual(['a', 'b', 'c']);
  });
});

describe('parseIndexList (piped checkbox answers)', () => {
  it('reads numbers separated by commas or spaces, once each, in order', () => {
    expect(parseIndexList('3, 1 3', 4)).toEqual([0, 2]);
    expect(parseIndexList('', 4)).toEqual([]);
  });

  it('refuses numbers off the menu with a bounded message', () => {
    expect(parseIndexList('5', 4)).toMatch(/^choose numbers from 1 to 4/);
    const message = parseIndexList('y'.repeat(300), 4);
    expect(typeof message === 'string' && message.length < 120).toBe(true);
  });
});
