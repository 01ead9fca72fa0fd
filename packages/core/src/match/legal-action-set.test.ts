import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lawSeed } from '../testing/laws.js';
import type { ActionBase } from '../model/action.js';
import { liarsDice } from '../games/liars-dice.js';
import { createMatch } from './match.js';
import {
  compactLegalActions,
  legalActionSet,
  expandLegalActions,
  legalEntryCount,
  normalizeLegalEntries,
  type CompactLegalActions,
} from './legal-action-set.js';

/** An action with any fields (the lists here are data, not one game's actions). */
type AnyAction = ActionBase & Readonly<Record<string, unknown>>;

const bids = (from: number, to: number, step = 1000): AnyAction[] => {
  const out: AnyAction[] = [];
  for (let a = from; a <= to; a += step) out.push({ type: 'bid', amount: a });
  return out;
};

/** Lists that hold runs on purpose: runs of one integer field, junk in between. */
const actionList = fc
  .array(
    fc.oneof(
      fc
        .record({
          type: fc.constantFrom('bid', 'raise'),
          from: fc.integer({ min: -50, max: 50 }),
          step: fc.integer({ min: -3, max: 3 }),
          length: fc.integer({ min: 1, max: 8 }),
          other: fc.constantFrom(0, 1),
          tag: fc.constantFrom('a', 'b'),
        })
        .map(({ type, from, step, length, other, tag }) =>
          Array.from({ length }, (_, k) => ({ type, amount: from + k * step, other, tag })),
        ),
      fc
        .record({
          type: fc.constantFrom('pass', 'bid', 'move'),
          amount: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double(), fc.string()),
          extra: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
        })
        .map((a) => [a.extra === undefined ? { type: a.type, amount: a.amount } : a]),
      fc.constant([{ type: 'pass' }]),
      fc.constant([
        { type: 'pass', n: [1, 2] },
        { type: 'pass', n: [1, 2] },
      ]),
    ),
    { maxLength: 12 },
  )
  .map((chunks) => chunks.flat() as AnyAction[]);

describe('compactLegalActions / expandLegalActions', () => {
  it('expanding the compact form gives exactly the plain list, in order (property)', () => {
    fc.assert(
      fc.property(actionList, fc.integer({ min: 2, max: 5 }), (actions, minRun) => {
        const compact = compactLegalActions(actions, { minRun });
        expect(expandLegalActions(compact)).toStrictEqual(actions);
        expect(compact.count).toBe(actions.length);
        expect(compact.entries.reduce((n, e) => n + legalEntryCount(e), 0)).toBe(actions.length);
        // And through JSON, as the wire carries it.
        const wire = JSON.parse(JSON.stringify(compact)) as CompactLegalActions;
        expect(JSON.stringify(expandLegalActions(wire))).toBe(JSON.stringify(actions));
      }),
      { seed: lawSeed() },
    );
  });

  it('limits runs to the fields the caller names and still expands exactly (property)', () => {
    fc.assert(
      fc.property(actionList, (actions) => {
        const compact = compactLegalActions(actions, {
          rangeFields: (type) => (type === 'bid' ? ['amount'] : []),
        });
        for (const e of compact.entries)
          if (e.type === 'range') {
            expect(e.action.type).toBe('bid');
            expect(e.field).toBe('amount');
          }
        expect(expandLegalActions(compact)).toStrictEqual(actions);
      }),
      { seed: lawSeed() },
    );
  });

  it('writes 10,001 bids and a pass as one range and one action', () => {
    const plain = [...bids(0, 10_000_000), { type: 'pass' }];
    const compact = compactLegalActions(plain);
    expect(compact).toEqual({
      count: 10_002,
      entries: [
        {
          type: 'range',
          action: { type: 'bid', amount: 0 },
          field: 'amount',
          from: 0,
          to: 10_000_000,
          step: 1000,
        },
        { type: 'action', action: { type: 'pass' } },
      ],
    });
    expect(JSON.stringify(compact).length).toBeLessThan(200);
  });

  it('its size does not grow with the width of a range', () => {
    const small = JSON.stringify(compactLegalActions(bids(5000, 20_000))).length;
    const large = JSON.stringify(compactLegalActions(bids(5000, 10_000_000))).length;
    expect(large - small).toBeLessThanOrEqual(8);
  });

  it('leaves short runs, floats and runs in two fields at once as they are', () => {
    const plain: AnyAction[] = [
      { type: 'bid', amount: 1 },
      { type: 'bid', amount: 2 },
      { type: 'x', a: 0.5 },
      { type: 'x', a: 1.5 },
      { type: 'x', a: 2.5 },
      { type: 'y', a: 1, b: 1 },
      { type: 'y', a: 2, b: 2 },
      { type: 'y', a: 3, b: 3 },
    ];
    const compact = compactLegalActions(plain);
    expect(compact.entries.every((e) => e.type === 'action')).toBe(true);
  });

  it('counts a malformed range as nothing, so expanding it never loops forever', () => {
    const base = { type: 'range' as const, action: { type: 'bid' }, field: 'amount' };
    expect(legalEntryCount({ ...base, from: 0, to: 10, step: 0 })).toBe(0);
    expect(legalEntryCount({ ...base, from: 0, to: 10, step: 3 })).toBe(0);
    expect(legalEntryCount({ ...base, from: 10, to: 0, step: 1 })).toBe(0);
    expect(legalEntryCount({ ...base, from: 10, to: 0, step: -5 })).toBe(3);
    expect(
      expandLegalActions({ count: 0, entries: [{ ...base, from: 0, to: 1, step: 0.5 }] }),
    ).toEqual([]);
  });
});

describe('legalActionSet', () => {
  it('expands to exactly match.legalActions(seat) at every decision of played matches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 2, max: 4 }),
        (seed, players) => {
          const match = createMatch(liarsDice, { seed, players });
          for (let step = 0; step < 60 && !match.isOver; step++) {
            for (const seat of match.toAct) {
              const set = legalActionSet(match, seat);
              expect(expandLegalActions(set)).toStrictEqual([...match.legalActions(seat)]);
            }
            const seat = match.toAct[0] as number;
            const legal = match.legalActions(seat);
            match.apply(seat, legal[(seed + step) % legal.length] as (typeof legal)[number]);
          }
        },
      ),
      { seed: lawSeed(), numRuns: 20 },
    );
  });
});

describe('normalizeLegalEntries (what the engine makes of enumerateCompact)', () => {
  const range = (from: number, to: number, step = 1000) => ({
    type: 'range' as const,
    action: { type: 'bid', amount: from },
    field: 'amount',
    from,
    to,
    step,
  });

  it('writes ranges as compactLegalActions writes the same list (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            from: fc.integer({ min: -20, max: 20 }),
            length: fc.integer({ min: 0, max: 6 }),
            step: fc.constantFrom(-2, -1, 1, 3),
          }),
          { maxLength: 1 },
        ),
        fc.boolean(),
        (runs, withPass) => {
          const entries = runs.map((r) => range(r.from, r.from + (r.length - 1) * r.step, r.step));
          const all = withPass
            ? [...entries, { type: 'action' as const, action: { type: 'pass' } }]
            : entries;
          const normal = normalizeLegalEntries<AnyAction>(all);
          const plain = expandLegalActions({ count: 0, entries: all });
          expect(normal).toStrictEqual(
            compactLegalActions(plain, { rangeFields: (t) => (t === 'bid' ? ['amount'] : []) }),
          );
        },
      ),
      { seed: lawSeed() },
    );
  });

  it('lists a range of one or two actions as single actions and drops an empty one', () => {
    expect(normalizeLegalEntries([range(5000, 6000)])).toStrictEqual({
      count: 2,
      entries: [
        { type: 'action', action: { type: 'bid', amount: 5000 } },
        { type: 'action', action: { type: 'bid', amount: 6000 } },
      ],
    });
    expect(normalizeLegalEntries([range(5000, 4000)])).toStrictEqual({ count: 0, entries: [] });
    expect(normalizeLegalEntries([range(5000, 7000)]).entries).toHaveLength(1);
  });
});

describe('Engine.legalActionCount', () => {
  it('equals the length of legalActions at every decision', () => {
    const match = createMatch(liarsDice, { seed: 7, players: 3 });
    for (let step = 0; step < 40 && !match.isOver; step++) {
      for (let seat = 0; seat < 3; seat++)
        expect(match.engine.legalActionCount(match.state, seat)).toBe(
          match.legalActions(seat).length,
        );
      const seat = match.toAct[0] as number;
      const legal = match.legalActions(seat);
      match.apply(seat, legal[step % legal.length] as (typeof legal)[number]);
    }
  });
});
