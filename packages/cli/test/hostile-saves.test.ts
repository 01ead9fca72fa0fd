import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { errorLines, runCli } from './run-cli.js';

// `ruleloom replay` of a 200-byte save once allocated until the process died (issue #13).
describe('replay of hostile save files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-hostile-'));
  const write = (name: string, text: string): string => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it.each([
    [
      'a card with a billion copies',
      JSON.stringify({
        format: 'ruleloom.match/2',
        game: 'st-augustine',
        rulesVersion: stAugustine.rulesVersion,
        setup: { seed: 1, players: 2, options: { cards: { add: [{ id: 'zz', copies: 1e9 }] } } },
        actions: [],
        hash: '0000000000000000',
      }),
      /does not verify: the save's setup is invalid/,
    ],
    [
      'nesting 100,000 deep',
      `{"game":"st-augustine","format":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      /./,
    ],
    [
      'an action with a 50 KB type',
      JSON.stringify({
        format: 'ruleloom.match/2',
        game: 'st-augustine',
        rulesVersion: stAugustine.rulesVersion,
        setup: { seed: 1, players: 2, options: {} },
        actions: [{ seat: 0, action: { type: 'x'.repeat(50_000) }, chain: '0'.repeat(32) }],
        hash: '0000000000000000',
      }),
      /rejected on replay/,
    ],
    [
      'an action with a 1 MB type',
      JSON.stringify({
        format: 'ruleloom.match/2',
        game: 'st-augustine',
        rulesVersion: stAugustine.rulesVersion,
        setup: { seed: 1, players: 2, options: {} },
        actions: [{ seat: 0, action: { type: 'x'.repeat(1_000_000) }, chain: '0'.repeat(32) }],
        hash: '0000000000000000',
      }),
      /not plain JSON within limits/,
    ],
  ])('refuses %s with one short error line', async (_what, text, message) => {
    const run = await runCli(['replay', write('save.json', text)]);
    expect(run.code).not.toBe(0);
    const lines = errorLines(run);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(run.err.length).toBeLessThan(1_000);
  });
});
