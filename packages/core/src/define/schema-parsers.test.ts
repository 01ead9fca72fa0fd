import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { lawSeed } from '../testing/laws.js';
import { ACTION_LIMITS, checkJsonLimits } from '../util/json-limits.js';
import { checkParamFields, checkParamsWith, parseFields, parseWith } from './schema-parsers.js';
import type { StandardSchemaV1 } from './standard-schema.js';

/** A Standard Schema written by hand, as any library other than valibot would provide. */
function handMade<T>(
  check: (value: unknown) => value is T,
  message: string,
): StandardSchemaV1<unknown, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'hand-made',
      validate: (value) => (check(value) ? { value } : { issues: [{ message }] }),
    },
  };
}

const wholeNumber = handMade(
  (x): x is number => typeof x === 'number' && Number.isInteger(x),
  'must be a whole number',
);

const bid = parseFields('bid', {
  amount: v.pipe(v.number(), v.integer()),
  note: v.optional(v.string()),
});

describe('parseFields', () => {
  it('gives a fresh action of the declared fields', () => {
    const input = { type: 'bid', amount: 5000 };
    const r = bid(input);
    expect(r).toEqual({ action: { type: 'bid', amount: 5000 } });
    expect('action' in r && r.action).not.toBe(input);
    expect(bid.fields).toHaveProperty('amount');
    expect(bid.type).toBe('bid');
  });

  it('refuses an unexpected field first, naming every declared one', () => {
    expect(bid({ type: 'bid', amount: 'x', colour: 1 })).toEqual({
      error: "'bid' takes only 'amount', 'note'; unexpected 'colour'",
    });
  });

  it("says where a library's own message is about, and keeps a message that names its field", () => {
    const r = bid({ type: 'bid', amount: '5000' });
    expect('error' in r && r.error).toMatch(/^amount: Invalid type: Expected number/);
    const named = parseFields('move', {
      die: v.picklist([0, 1], "'move' needs 'die': 0 or 1"),
    });
    expect(named({ type: 'move' })).toEqual({ error: "'move' needs 'die': 0 or 1" });
  });

  it('checks a missing field as undefined, so an optional field may be left out', () => {
    expect(bid({ type: 'bid', amount: 1 })).toEqual({ action: { type: 'bid', amount: 1 } });
    expect(bid({ type: 'bid' })).toMatchObject({ error: expect.stringMatching(/^amount: /) });
  });

  it('says where in a list the problem is', () => {
    const commit = parseFields('attack', { commit: v.array(v.string()) });
    expect(commit({ type: 'attack', commit: ['a', 3] })).toMatchObject({
      error: expect.stringMatching(/^commit\[1\]: Invalid type/),
    });
  });

  it('accepts a Standard Schema of any library', () => {
    const roll = parseFields('roll', { dice: wholeNumber });
    expect(roll({ type: 'roll', dice: 2 })).toEqual({ action: { type: 'roll', dice: 2 } });
    expect(roll({ type: 'roll', dice: 2.5 })).toEqual({ error: 'dice: must be a whole number' });
  });

  it('refuses fields nested in a value that the schema dropped', () => {
    const trade = parseFields('trade', { give: v.object({ money: v.number() }) });
    expect(trade({ type: 'trade', give: { money: 1, shops: [] } })).toEqual({
      error: "'give' takes only 'money'; unexpected 'shops'",
    });
  });

  it('turns a schema that throws or is asynchronous into a message, never an exception', () => {
    const throwing: StandardSchemaV1 = {
      '~standard': {
        version: 1,
        vendor: 'x',
        validate: () => {
          throw new Error('boom');
        },
      },
    };
    const asynchronous = v.pipeAsync(
      v.number(),
      v.checkAsync(() => Promise.resolve(true)),
    );
    expect(parseFields('a', { x: throwing })({ type: 'a', x: 1 })).toEqual({
      error: 'x: could not be checked (its schema threw)',
    });
    const r = parseFields('a', { x: asynchronous })({ type: 'a', x: 1 });
    expect('error' in r && r.error).toMatch(/asynchronous schema/);
  });

  it('bounds every message, whatever the schema and the input', () => {
    const long = parseFields('a', { x: v.string((i) => `bad ${i.received}`) });
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (x, y) => {
        const input = { type: 'a', x, y } as Record<string, unknown>;
        if (checkJsonLimits(input, ACTION_LIMITS) !== undefined) return;
        const r = long(input);
        if ('error' in r) expect(r.error.length).toBeLessThan(400);
        else expect(Object.keys(r.action).sort()).toEqual(['type', 'x']);
      }),
      { seed: lawSeed(), numRuns: 200 },
    );
    const wordy = parseFields('a', { x: v.string(() => 'y'.repeat(5000)) });
    const r = wordy({ type: 'a', x: 1 });
    expect('error' in r && r.error.length).toBeLessThanOrEqual(210);
  });
});

describe('parseWith', () => {
  const schema = v.variant('type', [
    v.object({ type: v.literal('bid'), amount: v.number() }),
    v.object({ type: v.literal('pass') }),
  ]);
  const parse = parseWith(schema);

  it('parses with one schema of the whole action and refuses the fields it drops', () => {
    expect(parse({ type: 'bid', amount: 3 })).toEqual({ action: { type: 'bid', amount: 3 } });
    expect(parse({ type: 'pass', amount: 3 })).toEqual({
      error: "'pass' takes no fields; unexpected 'amount'",
    });
    expect(parse({ type: 'bid', amount: 'x' })).toMatchObject({
      error: expect.stringMatching(/^amount: /),
    });
  });
});

describe('checkParamFields', () => {
  const check = checkParamFields({
    amount: v.pipe(v.number(), v.minValue(1, 'amount must be at least 1')),
    street: v.string('street must be text'),
  });

  it('lists every problem at once: unknown, missing and invalid params', () => {
    expect(check({ amount: 0, colour: 'red' })).toEqual([
      "unknown param 'colour' (expected amount, street)",
      'amount must be at least 1',
      'street must be text',
    ]);
    expect(check([])).toEqual(['expected params { amount, street }']);
    expect(check({ amount: 2, street: 'k' })).toEqual([]);
  });

  it('checkParamsWith takes one schema of the whole params', () => {
    const whole = checkParamsWith(v.object({ n: v.pipe(v.number(), v.integer('not whole')) }));
    expect(whole({ n: 1 })).toEqual([]);
    expect(whole({ n: 1.5 })).toEqual(['n: not whole']);
    expect(checkParamsWith(wholeNumber)(1.5)).toEqual(['must be a whole number']);
    expect(whole({ n: 1, m: 2 })).toEqual(["'params' takes only 'n'; unexpected 'm'"]);
  });
});
