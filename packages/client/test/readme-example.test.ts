import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBot } from '@ruleloom/bots';
import { createMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { createClient, createInlineBotRunner } from '../src/index.js';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('the README example', () => {
  it('runs as published (a real child process importing the built package) and prints the engine’s scores', async () => {
    const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
    const code = /A local game against a bot[^\n]*\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const lines = code!.trim().split('\n').length;
    expect(lines).toBeGreaterThanOrEqual(10);
    expect(lines).toBeLessThanOrEqual(20);
    // Inside the package folder, `@ruleloom/client` resolves to this package's own build.
    mkdirSync(join(pkg, 'temp'), { recursive: true });
    const file = join(pkg, 'temp', 'readme-example.ts');
    writeFileSync(file, code!);
    const out = execFileSync(process.execPath, ['--import', 'tsx', file], {
      cwd: join(pkg, '../..'),
      encoding: 'utf8',
    });
    const scores = /scores \[([\d, ]+)\]/
      .exec(out)?.[1]
      ?.split(',')
      .map((x) => Number(x.trim()));

    // The same game in the engine: the same seed, the same actions (the bot's choices come
    // from the stream its botSeed seeds, so a second run makes them again).
    const client = createClient({
      type: 'local',
      game: stAugustine,
      setup: { seed: 42, players: 2, options: { turns: 3, trading: 'off' } },
      bots: { 1: 'random' },
      botRunner: createInlineBotRunner({ games: [stAugustine], bots: { random: randomBot() } }),
      botSeed: 'readme-example',
    });
    while (!client.getSnapshot().isOver) {
      await client.whenIdle();
      const { legalActions, isOver } = client.getSnapshot();
      if (!isOver) await client.act(legalActions[0]!);
    }
    const save = client.save();
    const match = createMatch(stAugustine, save.setup);
    for (const a of save.actions) match.apply(a.seat, a.action);
    expect(scores).toEqual(match.result?.scores);
    expect(out).toMatch(/^version 1$/m);
  });
});
