import { describe, expect, it } from 'vitest';
import { listCommits } from './attack.js';

describe('listCommits', () => {
  it('lists every non-empty subset up to 8 candidates', () => {
    expect(listCommits(['a', 'b'])).toEqual([['a'], ['b'], ['a', 'b']]);
    expect(listCommits(Array.from({ length: 8 }, (_, i) => `c${i}`))).toHaveLength(255);
  });
  it('beyond 8: each single candidate and all of them', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `c${i}`);
    const commits = listCommits(nine);
    expect(commits).toHaveLength(10);
    expect(commits.at(-1)).toEqual(nine);
  });
});
