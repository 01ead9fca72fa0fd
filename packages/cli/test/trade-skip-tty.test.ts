import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HAS_TMUX, TmuxSession } from './tmux.js';

// Needs the Debian package `tmux` (see tty.test.ts): in CI it always runs.
const skip = !HAS_TMUX;

/**
 * The game: the default St. Augustine (3 players, 40 turns, trading on) against the default
 * bots (greedy: a fixed number of samples, no time budget). `--seed` fixes the deck and every
 * bot's stream (a bot's stream is derived from the match seed and its seat), so the game
 * depends only on the keys typed. With seed 5 a shop is sold on turn 1, so the trade menu is
 * asked on turns 1 and 2.
 */
const ARGV = ['play', 'st-augustine', '--seed', '5'];

/** Longest wait for the next screen (bots think in fractions of a second; CI may be slow). */
const STEP_TIMEOUT_MS = 60_000;

/** The narration of one turn: from its header to the next one (or the end). */
function turnText(text: string, turn: number): string {
  const start = text.indexOf(`— Turn ${String(turn)}:`);
  const end = text.indexOf(`— Turn ${String(turn + 1)}:`);
  return start < 0 ? '' : text.slice(start, end < 0 ? undefined : end);
}

/** A prompt waiting for an answer: its question line and the rows drawn under it. */
interface Prompt {
  readonly question: string;
  readonly rows: readonly string[];
  /** The turn of the board shown last before it. */
  readonly turn: number;
}

/** Prompts answered by typing a line (no menu rows, no footer). */
const TYPED = [/^\? Your bid /, /^\? Money you pay /];

/**
 * The prompt the program waits on, or undefined while there is none or it is still being
 * drawn. Every answered prompt is printed again as a `✔` line, so a prompt is waiting when a
 * `? ` line comes after the last `✔` line and it is drawn completely: a typed prompt is the
 * last line, a menu ends with its key hints (`↑↓ navigate …`).
 */
function waitingPrompt(text: string): Prompt | undefined {
  const lines = text.split('\n').map((l) => l.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let question = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as string;
    if (line.startsWith('✔')) break;
    if (line.startsWith('? ')) {
      question = i;
      break;
    }
  }
  if (question < 0) return undefined;
  const q = lines[question] as string;
  const rows = lines.slice(question + 1);
  const typed = TYPED.some((re) => re.test(q));
  if (typed ? rows.length > 0 : !(rows[rows.length - 1] ?? '').includes('navigate'))
    return undefined;
  let turn = 0;
  for (let i = question; i >= 0; i--) {
    const m = /^Turn (\d+) of \d+ · phase/.exec(lines[i] as string);
    if (m !== null) {
      turn = Number(m[1]);
      break;
    }
  }
  return { question: q, rows: rows.slice(0, -1), turn };
}

/** How many prompts were answered so far (each leaves one `✔` line). */
function answeredCount(text: string): number {
  return text.split('\n').filter((l) => l.startsWith('✔')).length;
}

describe.skipIf(skip)('the trade menu at a real pseudo-terminal (tmux)', () => {
  let session: TmuxSession | undefined;
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('a whole default St. Augustine game: "skip this turn" on turn 1, a proposal on turn 2, then "never" lasts; at most one offer a turn', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-trade-'));
    const t = new TmuxSession(ARGV, dir);
    session = t;
    /** What the human did at the trade menu, by turn. */
    const menu: { turn: number; choice: 'skip' | 'offer' | 'never' }[] = [];
    /** The `✔` lines when the last key was sent: the next prompt comes after one more. */
    let answered = -1;
    let text: string;
    for (;;) {
      // Wait for the program: the previous answer printed as a `✔` line and the next prompt
      // drawn, or the end. Keys are sent only then (keys typed while bots play are lost).
      const end = Date.now() + STEP_TIMEOUT_MS;
      let prompt: Prompt | undefined;
      for (;;) {
        text = t.text();
        if (/\[exit \d+\]/.test(text)) break;
        if (answeredCount(text) > answered) {
          prompt = waitingPrompt(text);
          if (prompt !== undefined) break;
        }
        if (Date.now() > end)
          throw new Error(
            `no prompt came after answer ${String(answered)}; screen:\n${t.screen()}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (prompt === undefined) break;
      answered = answeredCount(text);
      const q = prompt.question;
      if (q.startsWith('? Your bid ')) {
        t.type('pass');
        t.keys('Enter');
      } else if (/^\? \d+ offers are possible now/.test(q)) {
        // Rows: Make an offer…, Skip this turn (passes), Never ask again this game, Save and quit.
        expect(prompt.rows[0]).toMatch(/❯ Make an offer…/);
        if (menu.length === 0) {
          menu.push({ turn: prompt.turn, choice: 'skip' });
          t.keys('Down', 'Enter');
        } else if (menu.length === 1) {
          menu.push({ turn: prompt.turn, choice: 'offer' });
          t.keys('Enter');
        } else {
          menu.push({ turn: prompt.turn, choice: 'never' });
          t.keys('Down', 'Down', 'Enter');
        }
      } else if (q.startsWith('? Trade with')) {
        // The first partner who owns a shop (rows read "Seat 1 (greedy) ($13,000, 1 shops)").
        const row = prompt.rows.findIndex((r) => /, [1-9]\d* shops?\)/.test(r));
        expect(row, prompt.rows.join('\n')).toBeGreaterThanOrEqual(0);
        t.keys(...Array.from({ length: row }, () => 'Down'), 'Enter');
      } else if (q.startsWith('? Shops you get')) t.keys('Space', 'Enter');
      else if (q.startsWith('? Shops you give'))
        t.keys('Enter'); // none
      else if (q.startsWith('? Money you pay')) {
        t.type('2');
        t.keys('Enter');
      } else if (q.startsWith('? Send this proposal?')) {
        expect(prompt.rows[0]).toMatch(/❯ Propose it/);
        t.keys('Enter');
      } else if (q.startsWith('? Your answer')) {
        // A bot's offer: the cursor starts on reject.
        expect(prompt.rows[0]).toMatch(/❯ rejects the trade/);
        t.keys('Enter');
      } else throw new Error(`an unexpected prompt: ${q}\n${t.screen()}`);
    }
    const out = await t.waitFor(/\[exit 0\]/);
    expect(out).toContain('Game over:');
    expect(out).toContain('Turn 40 of 40');
    // Skipped on turn 1 only: the menu came back on turn 2 and the proposal reached the game.
    expect(menu.slice(0, 2)).toEqual([
      { turn: 1, choice: 'skip' },
      { turn: 2, choice: 'offer' },
    ]);
    expect(turnText(out, 1)).toMatch(
      /✔ \d+ offers are possible now Skip this turn \(passes\)\nSeat 0 \(you\) passes\n/,
    );
    expect(turnText(out, 2)).toMatch(/✔ \d+ offers are possible now Make an offer…/);
    expect(turnText(out, 2)).toMatch(/\nSeat 0 \(you\) offers Seat \d \(greedy\) \$2,000 for /);
    // "Never" is the sticky choice: asked once more, then never again.
    expect(menu.filter((m) => m.choice === 'never')).toHaveLength(1);
    expect(menu).toHaveLength(3);
    // The bots made the human offers, at most one a turn.
    let offered = 0;
    for (let turn = 1; turn <= 40; turn++) {
      const offers = turnText(out, turn).split('✔ Your answer').length - 1;
      expect(offers, `turn ${String(turn)}`).toBeLessThanOrEqual(1);
      offered += offers;
    }
    expect(offered).toBeGreaterThan(0);
    console.log(
      `${String(answeredCount(out))} prompts answered; trade menu ${JSON.stringify(menu)}; ${String(offered)} offers from the bots`,
    );
  }, 300_000);
});
