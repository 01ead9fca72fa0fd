import { describe, expect, it } from 'vitest';
import { estimateRemaining } from './progress.js';

describe('estimateRemaining', () => {
  it('is the time left at the mean rate since the start', () => {
    // A quarter done in 30 s: three quarters left take 90 s.
    expect(estimateRemaining(30_000, 1, 4)).toBe('1m 30s');
    // Fractional positions (games under way) count.
    expect(estimateRemaining(10_000, 0.5, 12)).toBe('3m 50s');
    expect(estimateRemaining(3_000, 3, 4)).toBe('1s');
    expect(estimateRemaining(3_600_000, 1, 3)).toBe('2h 00m');
  });

  it('says nothing it does not know: an ellipsis until something is done, 0s at the end', () => {
    expect(estimateRemaining(0, 0, 10)).toBe('…');
    expect(estimateRemaining(5_000, 0, 10)).toBe('…');
    expect(estimateRemaining(5_000, 10, 10)).toBe('0s');
  });
});
