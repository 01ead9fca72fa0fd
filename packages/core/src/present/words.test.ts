import { describe, expect, it } from 'vitest';
import { identifierWords } from './words.js';

describe('identifierWords', () => {
  it('splits camel case, dashes and underscores into lower-case words', () => {
    expect(identifierWords('maxBid')).toBe('max bid');
    expect(identifierWords('gameOver')).toBe('game over');
    expect(identifierWords('street_bonus')).toBe('street bonus');
    expect(identifierWords('art-gallery')).toBe('art gallery');
    expect(identifierWords('round2Start')).toBe('round2 start');
    expect(identifierWords('__private__')).toBe('private');
    expect(identifierWords('bid')).toBe('bid');
  });
});
