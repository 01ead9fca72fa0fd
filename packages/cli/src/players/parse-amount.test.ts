import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBidAnswer, parseMoney } from './parse-amount.js';

const seed = Number(process.env.FC_SEED ?? 20261129);
const ctx = { minimum: 6000, highBid: 5000, step: 1000 } as const;

describe('parseBidAnswer: the bid prompt reads amounts as people type them', () => {
  it('7, 7000, $7,000, 7k and "$ 7,000" are all $7,000', () => {
    for (const text of ['7', '7000', '$7,000', '7,000', '7k', '$ 7,000', ' 7000 '])
      expect(parseBidAnswer(text, ctx)).toEqual({ type: 'bid', amount: 7000 });
  });

  it('+1 is one step over the high bid, +3 three steps; with no bids +1 is the minimum', () => {
    expect(parseBidAnswer('+1', ctx)).toEqual({ type: 'bid', amount: 6000 });
    expect(parseBidAnswer('+3', ctx)).toEqual({ type: 'bid', amount: 8000 });
    expect(parseBidAnswer('+1', { minimum: 5000, highBid: null, step: 1000 })).toEqual({
      type: 'bid',
      amount: 5000,
    });
  });

  it('pass and p pass; Enter alone is no answer; nonsense is a message, not a bid', () => {
    expect(parseBidAnswer('pass', ctx)).toEqual({ type: 'pass' });
    expect(parseBidAnswer('P', ctx)).toEqual({ type: 'pass' });
    const empty = parseBidAnswer('  ', ctx);
    expect(empty.type).toBe('invalid');
    if (empty.type === 'invalid') expect(empty.message).toMatch(/Enter alone does nothing/);
    expect(parseBidAnswer('seven', ctx)).toEqual({
      type: 'invalid',
      message: "'seven' is not an amount (try 7, 7000 or $7,000)",
    });
    expect(parseBidAnswer('+0', ctx).type).toBe('invalid');
    expect(parseBidAnswer('-7', ctx).type).toBe('invalid');
  });

  it('a step below 1,000 reads numbers as typed', () => {
    expect(parseBidAnswer('7', { minimum: 1, highBid: null, step: 1 })).toEqual({
      type: 'bid',
      amount: 7,
    });
  });

  it('a long junk answer is echoed bounded', () => {
    const answer = parseBidAnswer('x'.repeat(500), ctx);
    expect(answer.type).toBe('invalid');
    if (answer.type === 'invalid') expect(answer.message.length).toBeLessThan(80);
  });

  it('property: every whole number of thousands reads back the same in each spelling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), (k) => {
        const dollars = k * 1000;
        const spelled = [
          String(k),
          String(dollars),
          `$${dollars.toLocaleString('en-US')}`,
          `${k}k`,
        ];
        return spelled.every((t) => {
          const a = parseBidAnswer(t, ctx);
          return a.type === 'bid' && a.amount === dollars;
        });
      }),
      { seed },
    );
  });

  it('property: the parser never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        const a = parseBidAnswer(t, ctx);
        return a.type === 'bid' ? Number.isFinite(a.amount) : true;
      }),
      { seed },
    );
  });
});

describe('parseMoney', () => {
  it('keeps a minus sign only when asked (the trade builder: they pay you)', () => {
    expect(parseMoney('-2', true)).toEqual({ amount: -2000 });
    expect(parseMoney('-$2,000', true)).toEqual({ amount: -2000 });
    expect('error' in parseMoney('-2')).toBe(true);
  });
});
