import { createMatch, restoreMatch, Rng, validateSetup, type SavedMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../src/index.js';

// Each case was reproduced against the core before the trust-boundary work (issue #13).

const deep = (n: number): unknown => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown;

describe('hostile input is a value, never a crash (Colonial Florida)', () => {
  it('a move whose die is nested 6,000 deep is refused as malformed', () => {
    const m = createMatch(colonialFlorida, { seed: 1, players: 3 });
    const before = m.hash();
    const seat = m.toAct[0] ?? 0;
    let r: ReturnType<typeof m.apply> | undefined;
    expect(() => {
      r = m.applyInput(seat, { type: 'move', die: deep(6000) });
    }).not.toThrow();
    expect(r).toMatchObject({ ok: false, error: { code: 'malformed_action' } });
    expect(m.hash()).toBe(before);
  });

  it('an attack committing a 6,000-deep list is refused', () => {
    const m = createMatch(colonialFlorida, { seed: 1, players: 2 });
    expect(() =>
      m.applyInput(m.toAct[0] ?? 0, { type: 'attack', commit: deep(6000) }),
    ).not.toThrow();
  });

  it.each([
    ['deckOrder', { deckOrder: deep(6000) }],
    ['startSpaces', { startSpaces: deep(6000) }],
    ['startSpaces of {"toString":1}', { startSpaces: [JSON.parse('{"toString":1}')] }],
    ['deckOrder of {"toString":1}', { deckOrder: [JSON.parse('{"toString":1}')] }],
  ])('a setup with a hostile %s is refused with a problem', (_what, options) => {
    let r: ReturnType<typeof validateSetup> | undefined;
    expect(() => {
      r = validateSetup(colonialFlorida, { seed: 1, players: 3, options });
    }).not.toThrow();
    expect(r?.ok).toBe(false);
  });
});

describe('saves are tamper-evident (Colonial Florida)', () => {
  /** A game played by a seeded random policy until someone moves on a double. */
  function gameWithDouble(): { save: SavedMatch; index: number } {
    for (let seed = 1; seed < 50; seed++) {
      const m = createMatch(colonialFlorida, { seed, players: 2 });
      const rng = Rng.fromSeed(seed);
      for (let step = 0; step < 400 && !m.isOver; step++) {
        const seat = m.toAct[0] ?? 0;
        const legal = m.legalActions(seat);
        const view = m.view(seat) as unknown as {
          pending: { type: string; dice?: number[] } | null;
        };
        const dice = view.pending?.type === 'move' ? view.pending.dice : undefined;
        if (dice !== undefined && dice[0] === dice[1]) {
          expect(m.apply(seat, { type: 'move', die: 0 }).ok).toBe(true);
          return { save: JSON.parse(JSON.stringify(m.toJSON())) as SavedMatch, index: step };
        }
        m.apply(seat, rng.pick(legal));
      }
    }
    throw new Error('no double was rolled');
  }

  it('rewriting which die of a double was used is refused with chain_mismatch at that index', () => {
    const { save, index } = gameWithDouble();
    expect(restoreMatch(colonialFlorida, save).ok).toBe(true);
    const edited = structuredClone(save) as unknown as { actions: { action: { die?: number } }[] };
    (edited.actions[index] as { action: { die?: number } }).action.die = 1;
    const r = restoreMatch(colonialFlorida, edited);
    expect(r).toMatchObject({ ok: false, error: { code: 'chain_mismatch' } });
    if (!r.ok) expect(r.error.message).toMatch(new RegExp(`^actions\\[${String(index)}\\]`));
  });
});
