import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.js';

describe('formatMoney', () => {
  it('writes dollars with thousands separators', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(5500)).toBe('$5,500');
    expect(formatMoney(1234567)).toBe('$1,234,567');
    expect(formatMoney(-5000)).toBe('-$5,000');
    expect(formatMoney(5500.5)).toBe('$5,500.5');
  });
});
