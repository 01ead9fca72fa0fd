import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restoreMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida } from '../src/index.js';
import { GOLDEN_GAMES } from './golden/games.js';

const here = dirname(fileURLToPath(import.meta.url));

// If one of these fails after a rules change, the change alters stored games: bump
// `rulesVersion` in src/game.ts and regenerate with test/golden/regenerate.ts.
describe('golden replays', () => {
  it.each(GOLDEN_GAMES.map((g) => g.name))('%s replays to its pinned hash and result', (name) => {
    const saved = JSON.parse(readFileSync(join(here, 'golden', `${name}.json`), 'utf8')) as {
      hash: string;
      result: unknown;
      rulesVersion: number;
    };
    expect(saved.rulesVersion).toBe(colonialFlorida.rulesVersion);
    // Current saves with a hash chain: every action's chain value is verified on restore.
    const restored = restoreMatch(colonialFlorida, saved);
    if (!restored.ok) throw new Error(`${restored.error.code}: ${restored.error.message}`);
    expect(restored.match.hash()).toBe(saved.hash);
    expect(restored.match.result).toEqual(saved.result);
    expect(restored.match.isOver).toBe(true);
  });

  it('an altered save is refused', () => {
    const saved = JSON.parse(
      readFileSync(join(here, 'golden', `${GOLDEN_GAMES[0]!.name}.json`), 'utf8'),
    ) as { hash: string };
    const r = restoreMatch(colonialFlorida, { ...saved, hash: '0000000000000000' });
    expect(r.ok ? '' : r.error.code).toBe('hash_mismatch');
  });
});
