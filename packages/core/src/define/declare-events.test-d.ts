import { describe, expectTypeOf, it } from 'vitest';
import type { CardDefinition } from '../cards/cards.js';
import type { ActionTraits } from './action-traits.js';
import { defineEvents, type DeclaredEvent } from './declare-events.js';
import type { EffectContext, EffectHandler } from './types.js';

interface Payloads {
  streetBonus: { seat: number; amount: number; street: string };
  gameEnding: { reason: 'noShopsLeft' | 'deckExhausted' };
}
const events = defineEvents<Payloads>()({
  streetBonus: { seat: 'seat', amount: 'integer', street: 'string' },
  gameEnding: { reason: { kind: 'string', oneOf: ['noShopsLeft', 'deckExhausted'] } },
});
type Event = DeclaredEvent<typeof events>;
type Ctx = EffectContext<{ n: number }, unknown, CardDefinition, Event>;

describe('declared events', () => {
  it('the declared union is what handlers may emit', () => {
    expectTypeOf(events.fields.streetBonus).toHaveProperty('street');
    expectTypeOf<Extract<Event, { type: 'streetBonus' }>['street']>().toEqualTypeOf<string>();
    const pay: EffectHandler<{ n: number }, unknown, CardDefinition, undefined, Event> = (ctx) => {
      ctx.emit({ type: 'streetBonus', seat: 0, amount: 2000, street: 'k' });
      ctx.emit({ type: 'gameEnding', reason: 'deckExhausted' });
      // @ts-expect-error an event type that is not declared
      ctx.emit({ type: 'bankPaid', seat: 0, amount: 2000, reason: 'streetBonus:k' });
      // @ts-expect-error a declared event without one of its fields
      ctx.emit({ type: 'streetBonus', seat: 0, amount: 2000 });
      // @ts-expect-error a field of the wrong type
      ctx.emit({ type: 'streetBonus', seat: 0, amount: '2000', street: 'k' });
      // @ts-expect-error a value outside the declared literal union
      ctx.emit({ type: 'gameEnding', reason: 'bored' });
    };
    expectTypeOf(pay).parameter(0).toEqualTypeOf<Ctx>();
  });

  it('the declaration must name every event and exactly its payload fields', () => {
    defineEvents<Payloads>()({
      streetBonus: { seat: 'seat', amount: 'integer', street: 'string' },
      // @ts-expect-error a declared field the payload does not have
      gameEnding: { reason: 'string', why: 'string' },
    });
    // @ts-expect-error an event of the payloads left out of the declaration
    defineEvents<Payloads>()({
      streetBonus: { seat: 'seat', amount: 'integer', street: 'string' },
    });
    defineEvents<Payloads>()({
      // @ts-expect-error a payload field left undeclared
      streetBonus: { seat: 'seat', amount: 'integer' },
      gameEnding: { reason: 'string' },
    });
  });

  it('action traits name the action’s own fields, and an amount only a numeric one', () => {
    type Offer = { readonly type: 'offer'; readonly chips: number; readonly note: string };
    const ok: ActionTraits<Offer> = {
      fields: { chips: 'integer', note: 'string' },
      amount: { field: 'chips', bounds: 'listed', step: 1 },
    };
    expectTypeOf(ok.amount?.field).toEqualTypeOf<'chips' | undefined>();
    // @ts-expect-error 'note' is a string, not an amount
    const notNumeric: ActionTraits<Offer> = { amount: { field: 'note', bounds: 'listed' } };
    const unknownField: ActionTraits<Offer> = {
      // @ts-expect-error a field the action does not have
      fields: { chips: 'integer', note: 'string', to: 'seat' },
    };
    expectTypeOf(notNumeric).not.toBeAny();
    expectTypeOf(unknownField).not.toBeAny();
  });
});
