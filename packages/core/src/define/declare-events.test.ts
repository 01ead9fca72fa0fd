import { describe, expect, it } from 'vitest';
import { checkActionTraits } from './action-traits.js';
import { checkEvent, defineEvents } from './declare-events.js';

interface Payloads {
  paid: { seat: number; amount: number; card: string | null };
  ended: { reason: 'a' | 'b' };
}
const events = defineEvents<Payloads>()({
  paid: { seat: 'seat', amount: 'integer', card: { kind: 'card', nullable: true } },
  ended: { reason: { kind: 'string', oneOf: ['a', 'b'] } },
});

describe('checkEvent', () => {
  it('accepts declared events with exactly their fields, engine events and redacted ones', () => {
    expect(checkEvent(events, { type: 'paid', seat: 1, amount: 3, card: null })).toEqual([]);
    expect(
      checkEvent(events, { type: 'paid', seat: 1, amount: 3, card: 'x', audience: [1] }),
    ).toEqual([]);
    expect(checkEvent(events, { type: 'roll', dice: '1d6', values: [3], total: 3 })).toEqual([]);
    expect(checkEvent(events, { type: 'secret', hidden: true })).toEqual([]);
  });

  it('names every problem: undeclared type, missing, extra and mistyped fields, values outside oneOf', () => {
    expect(checkEvent(events, { type: 'bankPaid', seat: 0 })).toEqual([
      "event 'bankPaid' is not declared",
    ]);
    expect(checkEvent(events, { type: 'toString' })).toEqual(["event 'toString' is not declared"]);
    expect(
      checkEvent(events, { type: 'paid', seat: -1, amount: 1.5, reason: 'streetBonus:k' }),
    ).toEqual([
      'paid.seat should be a seat number, got -1',
      'paid.amount should be an integer, got 1.5',
      'paid.card is missing',
      "paid has an undeclared field 'reason'",
    ]);
    expect(checkEvent(events, { type: 'ended', reason: 'c' })).toEqual([
      "ended.reason should be one of 'a', 'b', got 'c'",
    ]);
  });

  it('a declaration with an unknown field kind is refused at once', () => {
    expect(() => defineEvents<{ x: { n: number } }>()({ x: { n: 'float' as never } })).toThrow(
      /x\.n should be a field kind/,
    );
  });
});

describe('checkActionTraits', () => {
  it('finds a bad kind, an amount on an undeclared or non-numeric field, a bad step, a pass with an amount', () => {
    const problems = checkActionTraits({
      offer: { traits: { fields: { chips: 'integer', to: 'place' } } },
      raise: {
        traits: { fields: { note: 'string' }, amount: { field: 'note', bounds: 'listed' } },
      },
      bet: { traits: { amount: { field: 'chips', bounds: 'everything', step: 0 } } },
      fold: { traits: { pass: true, amount: { field: 'chips', bounds: 'listed' } } },
      hold: { traits: { pass: true, fields: {} } },
      roll: {},
    }).map((p) => `${p.path}: ${p.message}`);
    expect(problems).toEqual([
      expect.stringMatching(/^actions\.offer\.traits\.fields\.to: to should be a field kind/),
      "actions.raise.traits.amount.field: 'note' should be a declared integer or number field",
      "actions.bet.traits.amount.bounds: should be 'listed' or 'sampled', got 'everything'",
      'actions.bet.traits.amount.step: should be a positive number',
      'actions.fold.traits: a pass action takes no amount: declare one or the other',
    ]);
  });
});
