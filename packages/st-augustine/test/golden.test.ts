import { readFileSync } from 'node:fs';
import { restoreMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { stAugustine } from '../src/index.js';
import { GOLDEN_GAMES } from './golden/games.js';

describe('golden replays', () => {
  it.each(GOLDEN_GAMES.map((g) => g.name))('%s replays to its pinned hash and result', (name) => {
    const saved = JSON.parse(
      readFileSync(new URL(`./golden/${name}.json`, import.meta.url), 'utf8'),
    ) as { hash: string; result: unknown };
    // Current saves with a hash chain: every action's chain value is verified on restore.
    const restored = restoreMatch(stAugustine, saved);
    if (!restored.ok)
      throw new Error(
        `${restored.error.code}: ${restored.error.message} (a changed outcome is a breaking change: bump rulesVersion and regenerate)`,
      );
    expect(restored.match.hash()).toBe(saved.hash);
    expect(restored.match.isOver).toBe(true);
    expect(restored.match.result).toEqual(saved.result);
  });
});
