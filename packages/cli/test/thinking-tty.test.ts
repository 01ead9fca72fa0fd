import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { TmuxSession } from './tmux.js';

// Loading ./tmux.js throws when tmux is missing (CI installs it): this suite fails, never skips.

/**
 * St. Augustine's kit whose bots' evaluation waits while `hold-the-search` exists in the
 * working folder: the test, not the machine's speed, decides how long a search lasts.
 */
const HELD_KIT = fileURLToPath(new URL('./fixtures/held-search-kit.mjs', import.meta.url));
const HOLD_FILE = 'hold-the-search';

const WATCH = [
  'play',
  HELD_KIT,
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
    // The first search is held until the test has seen the line count up. A search that
    // blocked the event loop would freeze the line at 0.0s, and this wait would time out.
    await writeFile(join(dir, HOLD_FILE), '');
    const t = new TmuxSession(WATCH, dir, { columns: 120, rows: 40 });
    session = t;
    // The times shown by one search: a time below the last one starts another search.
    const seen = new Set<number>();
    let last = 0;
    const end = Date.now() + 60_000;
    while (seen.size < 3) {
      const screen = t.screen();
      const shown = /is thinking… (\d+\.\d)s/.exec(screen);
      if (shown !== null) {
        const now = Number(shown[1]);
        if (now < last) seen.clear();
        seen.add(now);
        last = now;
      }
      if (/\[exit \d+\]/.test(screen) || Date.now() > end)
        throw new Error(`the thinking line did not count up; screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await rm(join(dir, HOLD_FILE));
    const out = await t.waitFor(/\[exit 0\]/, 120_000);
    // Three different times on the line of one held search: it counted up.
    expect(seen.size).toBeGreaterThanOrEqual(3);
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
