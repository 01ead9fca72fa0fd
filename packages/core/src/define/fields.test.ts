import { describe, expect, it } from 'vitest';
import { checkActionFields, checkFields, parseBareAction } from './fields.js';

describe('checkActionFields', () => {
  it('accepts an action with only its type and the listed fields', () => {
    expect(checkActionFields({ type: 'bid', amount: 5000 }, ['amount'])).toBeUndefined();
    expect(checkActionFields({ type: 'bid' }, ['amount'])).toBeUndefined();
  });

  it('names every unexpected field and the fields the action takes', () => {
    expect(checkActionFields({ type: 'bid', amount: 1, note: 'x', by: 2 }, ['amount'])).toBe(
      "'bid' takes only 'amount'; unexpected 'note', 'by'",
    );
    expect(checkActionFields({ type: 'pass', extra: 1 }, [])).toBe(
      "'pass' takes no fields; unexpected 'extra'",
    );
  });
});

describe('checkFields', () => {
  it('does not allow `type` unless listed, and names the record', () => {
    expect(checkFields({ money: 0, shops: [] }, ['money', 'shops'], 'give')).toBeUndefined();
    expect(checkFields({ money: 0, type: 'x' }, ['money', 'shops'], 'give')).toBe(
      "'give' takes only 'money', 'shops'; unexpected 'type'",
    );
  });
});

describe('parseBareAction', () => {
  it('returns a fresh { type } and rejects any other field', () => {
    const parse = parseBareAction('endTurn');
    const input = { type: 'endTurn' };
    const parsed = parse(input);
    expect(parsed).toEqual({ action: { type: 'endTurn' } });
    expect('action' in parsed && parsed.action).not.toBe(input);
    expect(parse({ type: 'endTurn', card: 'x' })).toEqual({
      error: "'endTurn' takes no fields; unexpected 'card'",
    });
  });
});
