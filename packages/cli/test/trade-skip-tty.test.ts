import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HAS_TMUX, TmuxSession } from './tmux.js';

// Needs the Debian package `tmux` (see tty.test.ts): in CI it always runs.
const skip = !HAS_TMUX;

/** The turn the narration is in (its last "— Turn N:" header), 0 before the first. */
function turnOf(text: string): number {
  const turns = [...text.matchAll(/— Turn (\d+):/g)];
  return Number(turns[turns.length - 1]?.[1] ?? 0);
}

/** The narration of one turn: from its header to the next one (or the end). */
function turnText(text: string, turn: number): string {
  const start = text.indexOf(`— Turn ${String(turn)}:`);
  const end = text.indexOf(`— Turn ${String(turn + 1)}:`);
  return start < 0 ? '' : text.slice(start, end < 0 ? undefined : end);
}

describe.skipIf(skip)('the trade menu at a real pseudo-terminal (tmux)', () => {
  let session: TmuxSession | undefined;
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('a whole default St. Augustine game: "skip this turn" on turn 1, a proposal on turn 2, then "never" lasts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-trade-'));
    const t = new TmuxSession(['play', 'st-augustine', '--seed', '5'], dir);
    session = t;
    await t.waitFor(/\? Your bid/);
    /** What the human did at the trade menu, by turn. */
    const menu: { turn: number; choice: 'skip' | 'offer' | 'never' }[] = [];
    // Answers each prompt once: a key is sent only after the screen changed since the last
    // answer and shows a prompt (the short pause only paces the polling).
    let answered = '';
    for (let i = 0; i < 3000; i++) {
      const screen = t.screen();
      const lines = screen.trimEnd().split('\n');
      const last = lines[lines.length - 1] ?? '';
      if (lines.some((l) => /\[exit \d+\]/.test(l))) break;
      const prompt = [...lines].reverse().find((l) => l.startsWith('? ')) ?? '';
      const asking = last.startsWith('? ') || last.includes('navigate');
      if (screen === answered || !asking) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      answered = screen;
      if (prompt.startsWith('? Your bid')) {
        t.type('pass');
        t.keys('Enter');
      } else if (/^\? \d+ offers are possible now/.test(prompt)) {
        const turn = turnOf(t.text());
        if (menu.length === 0) {
          menu.push({ turn, choice: 'skip' });
          t.keys('Down', 'Enter'); // Skip this turn
        } else if (!menu.some((m) => m.choice === 'offer')) {
          menu.push({ turn, choice: 'offer' });
          t.keys('Enter'); // Make an offer…
        } else {
          menu.push({ turn, choice: 'never' });
          t.keys('Down', 'Down', 'Enter'); // Never ask again this game
        }
      } else if (prompt.startsWith('? Shops you get')) t.keys('Space', 'Enter');
      else if (prompt.startsWith('? Money you pay')) {
        t.type('2');
        t.keys('Enter');
      } else t.keys('Enter'); // a partner, no shops to give, send it; reject offers
    }
    const out = await t.waitFor(/\[exit 0\]/);
    expect(out).toContain('Game over:');
    expect(out).toContain('Turn 40 of 40');
    // Skipped on turn 1 only: the menu came back on turn 2 and the proposal reached the game.
    expect(menu.slice(0, 2)).toEqual([
      { turn: 1, choice: 'skip' },
      { turn: 2, choice: 'offer' },
    ]);
    expect(turnText(out, 1)).toContain('Seat 0 (you) passes');
    expect(turnText(out, 2)).toMatch(/Seat 0 \(you\) offers Seat \d \(greedy\) \$2,000 for /);
    // "Never" is the sticky choice: asked once more at most, then never again.
    expect(menu.filter((m) => m.choice === 'never')).toHaveLength(1);
    expect(menu).toHaveLength(3);
  }, 300_000);
});
