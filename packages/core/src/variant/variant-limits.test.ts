import { describe, expect, it } from 'vitest';
import { pig } from '../games/pig.js';
import { VARIANT_LIMITS, variantFromData } from './variant-from-data.js';

function problemsOf(data: Record<string, unknown>): { path: string; message: string }[] {
  const r = variantFromData(pig, { game: 'pig', ...data });
  if (r.ok) throw new Error('expected the variant to be refused');
  return r.problems.map((p) => ({ path: p.path, message: p.message }));
}

const phase = (i: number) => ({ id: `p${String(i)}`, steps: [{ type: 'startTurn' }] });

describe('variantFromData bounds (VARIANT_LIMITS)', () => {
  it('accepts text and lists at their limits', () => {
    const r = variantFromData(pig, {
      game: 'pig',
      id: 'a'.repeat(VARIANT_LIMITS.id),
      name: 'n'.repeat(VARIANT_LIMITS.name),
      description: 'd'.repeat(VARIANT_LIMITS.description),
    });
    expect(r.ok, r.ok ? '' : JSON.stringify(r.problems)).toBe(true);
  });

  it('refuses a 20 MB description with its path and the limit', () => {
    expect(problemsOf({ description: 'd'.repeat(20_000_000) })).toEqual([
      {
        path: 'description',
        message: 'the description is 20000000 characters long; at most 10000 are allowed',
      },
    ]);
  });

  it('refuses a long name', () => {
    expect(problemsOf({ name: 'n'.repeat(201) })).toEqual([
      { path: 'name', message: 'the name is 201 characters long; at most 200 are allowed' },
    ]);
  });

  it('refuses a 100,000-character id, phase id, anchor, card id and option name', () => {
    const long = 'a'.repeat(100_000);
    const problems = problemsOf({
      id: long,
      options: { [long]: 1 },
      phases: {
        remove: [long],
        replace: [{ id: long, steps: [] }],
        insert: [{ phase: { id: long }, after: long }],
      },
      cards: { add: [{ id: long }], remove: [long] },
    });
    const said = 'characters long; at most 100 are allowed';
    expect(problems.map((p) => p.path)).toEqual([
      'id',
      `options.${'a'.repeat(60)}…`,
      'phases.insert[0].phase.id',
      'phases.insert[0].after',
      'phases.replace[0].id',
      'phases.remove[0]',
      'cards.add[0].id',
      'cards.remove[0]',
    ]);
    for (const p of problems) expect(p.message).toMatch(new RegExp(`is 100000 ${said}$`));
  });

  it('refuses 100,000 inserted phases before reading them', () => {
    const insert = Array.from({ length: 100_000 }, (_, i) => ({ phase: phase(i) }));
    expect(problemsOf({ phases: { insert } })).toEqual([
      {
        path: 'phases',
        message:
          '100000 phase changes (insert, replace and remove together); at most 1000 are allowed',
      },
    ]);
  });

  it('counts insert, replace and remove together, and card changes likewise', () => {
    const insert = Array.from({ length: 600 }, (_, i) => ({ phase: phase(i) }));
    const remove = Array.from({ length: 401 }, (_, i) => `r${String(i)}`);
    const cards = Array.from({ length: 1_001 }, (_, i) => `c${String(i)}`);
    expect(problemsOf({ phases: { insert, remove }, cards: { remove: cards } })).toEqual([
      {
        path: 'phases',
        message:
          '1001 phase changes (insert, replace and remove together); at most 1000 are allowed',
      },
      {
        path: 'cards',
        message: '1001 card changes (add, replace and remove together); at most 1000 are allowed',
      },
    ]);
  });

  it('refuses more option values than allowed', () => {
    const options = Object.fromEntries(
      Array.from({ length: 1_001 }, (_, i) => [`o${String(i)}`, 1]),
    );
    expect(problemsOf({ options })).toEqual([
      { path: 'options', message: '1001 option values; at most 1000 are allowed' },
    ]);
  });
});
