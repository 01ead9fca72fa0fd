import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { TmuxSession } from './tmux.js';

// Loading ./tmux.js throws when tmux is missing (CI installs it): this suite fails, never skips.

const WATCH = [
  'play',
  'st-augustine',
  '--watch',
  '--bots',
  'ismcts',
  '--seed',
  '1',
  '--option',
  'turns=3',
];

describe('the thinking indicator moves while a bot searches (tmux)', () => {
  let dir = '';
  let session: TmuxSession | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-thinking-'));
  });
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('counts up during one search (the bot is in its own thread) and plays as it would in this thread', async () => {
    const t = new TmuxSession(WATCH, dir, { columns: 120, rows: 40 });
    session = t;
    const seen = new Set<number>();
    const end = Date.now() + 120_000;

    while (Date.now() < end) {
      const screen = t.screen();
      for (const m of screen.matchAll(/is thinking… (\d+\.\d)s/g)) seen.add(Number(m[1]));
      if (/\[exit \d+\]/.test(screen)) break;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const out = await t.waitFor(/\[exit 0\]/, 5_000);
    // A search that blocked the event loop would only ever show 0.0s.
    expect(Math.max(0, ...seen)).toBeGreaterThanOrEqual(0.2);
    expect(seen.size).toBeGreaterThan(1);
    // The same game as in this thread (piped output: no thread, no indicator).
    const piped = await runCli(WATCH);
    // The final scores, as the game-over line and the final table print them.
    const scores = (text: string): string =>
      /Game over:([\s\S]*?)\./
        .exec(text)?.[1]
        ?.match(/\$[\d,]+/g)
        ?.join(' ') ?? 'none';
    expect(scores(out)).toBe(scores(piped.out));
    expect(scores(piped.out)).not.toBe('none');
  }, 180_000);
});
