import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TmuxSession } from './tmux.js';

// Loading ./tmux.js throws when tmux is missing (CI installs it): this suite fails, never skips.

describe('Ctrl+C in a tournament (tmux)', () => {
  let session: TmuxSession | undefined;
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('prints the table of the finished games and exits with 130', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-interrupt-'));
    const t = new TmuxSession(
      [
        'tournament',
        'st-augustine',
        '--bots',
        'greedy,random',
        '--games',
        '400',
        '--workers',
        '1',
        '--seed',
        '1',
        '--option',
        'turns=6',
      ],
      dir,
      { columns: 120, rows: 40 },
    );
    session = t;
    // Wait until a few games are done (the bar counts them), then interrupt.
    await t.waitFor(/ (?:[3-9]|\d\d+)\/400 games/, 60_000);
    t.keys('C-c');
    const out = await t.waitFor(/\[exit 130\]/, 20_000);
    const header = /interrupted: (\d+) of 400 games finished · seed 1/.exec(out);
    expect(header).not.toBeNull();
    const done = Number(header?.[1]);
    expect(done).toBeGreaterThanOrEqual(3);
    expect(done).toBeLessThan(400);
    expect(out).toMatch(/│ Bot/u);
    // Each bot played every finished game (two seats, one bot each).
    expect(out).toMatch(new RegExp(`│ greedy\\s*│\\s*${String(done)} │`, 'u'));
  }, 120_000);
});
