import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HAS_TMUX, TmuxSession } from './tmux.js';

// Needs the Debian package `tmux` (see tty.test.ts): in CI it always runs.
const skip = !HAS_TMUX;

/** The index of the last element of `list` that `test` holds for, else -1. */
function lastIndex(list: readonly string[], test: (line: string) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i] ?? '')) return i;
  return -1;
}

/** The story printed since the last decision before the newest board: its lines, trimmed. */
function latestStory(text: string): string[] {
  const lines = text.split('\n');
  const board = lastIndex(lines, (l) => /^Turn \d+ · phase/.test(l));
  const before = lines.slice(0, board);
  const start = Math.max(
    lastIndex(before, (l) => l.includes('navigate') || l.startsWith('✔') || l.startsWith('Turn ')),
    0,
  );
  return before
    .slice(start + 1)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
}

describe.skipIf(skip)('Colonial Florida at 80×24 (tmux)', () => {
  let session: TmuxSession | undefined;
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('every decision keeps the gold table, the hazards, the prompt and the turn’s story on screen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-compact-'));
    const t = new TmuxSession(
      ['play', 'colonial-florida', '--bots', 'random', '--seed', '2'],
      dir,
      { columns: 80, rows: 24 },
    );
    session = t;
    let decisions = 0;
    let answered = '';
    for (let i = 0; i < 4000 && decisions < 40; i++) {
      const screen = t.screen();
      const rows = screen.trimEnd().split('\n');
      const last = rows[rows.length - 1] ?? '';
      if (rows.some((l) => /\[exit \d+\]/.test(l))) break;
      if (screen === answered || !last.includes('navigate')) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      answered = screen;
      decisions += 1;
      // The decision: its prompt and the die rows.
      expect(screen).toMatch(/^\? Choose an action/m);
      expect(screen).toMatch(/rolled \d and \d: choose a die to move by/);
      // The gold table (every player's row) and the hazards.
      expect(screen).toMatch(/^Player +Gold/m);
      for (const seat of ['Spanish (you)', 'British (random)', 'French (random)'])
        expect(screen).toContain(seat);
      expect(screen).toMatch(/^Markers: .*Hurricane/m);
      expect(screen).toMatch(/Disease/);
      // The turn's story: its last lines (up to 5) are still on the screen.
      const story = latestStory(t.text()).slice(-5);
      expect(story.length).toBeGreaterThan(0);
      for (const line of story)
        expect(screen, `${screen}\n--- story:\n${story.join('\n')}`).toContain(line.trim());
      t.keys('Enter');
    }
    expect(decisions).toBeGreaterThanOrEqual(10);
  }, 240_000);
});
