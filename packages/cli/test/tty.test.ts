import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { createMatch } from '@ruleloom/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, TmuxSession } from './tmux.js';

// The pseudo-terminal tests need the Debian package `tmux`: `.ci/run` installs it, so in CI
// they always run (./tmux.js throws when it is missing); only a machine without tmux outside
// CI skips them (and says so).
const skip = !HAS_TMUX;

/** Seeds of the St. Augustine session below: 2 players, 4 turns, against greedy. */
const SA = ['play', 'st-augustine', '--players', '2', '--bots', 'greedy', '--seed', '3'];
// 4 turns: in a shorter game no trade gains a bot anything, so none offers one.
const SA_OPTIONS = ['--option', 'turns=4'];

/** The first seed whose opening Colonial Florida decision is the human's, on a double. */
function doubleSeed(): number {
  for (let seed = 1; seed < 1000; seed++) {
    const match = createMatch(colonialFlorida, { seed, players: 2 });
    const pending = (match.view(0) as { pending?: { type: string; dice?: number[] } }).pending;
    if (match.toAct[0] === 0 && pending?.type === 'move' && pending.dice?.[0] === pending.dice?.[1])
      return seed;
  }
  throw new Error('no seed opens with a double for seat 0');
}

/** Matches `text` occurrences in `s`. */
function count(s: string, text: string): number {
  return s.split(text).length - 1;
}

describe.skipIf(skip)('terminal play through a real pseudo-terminal (tmux)', () => {
  let dir = '';
  let session: TmuxSession | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-tty-'));
  });
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('bids at an amount prompt (Enter alone asks again), builds a proposal, rejects an offer, quits with Ctrl+C, and resumes to the end', async () => {
    const file = join(dir, 'sa.json');
    const t = new TmuxSession([...SA, ...SA_OPTIONS, '--save', file], dir);
    session = t;
    // The header: the terminal hint, no seed (#13: the seed is shown only at game over).
    let out = await t.waitFor(/\? Your bid \(an amount, \+1, or pass\)/);
    expect(out).toContain('Use the arrow keys and Enter to choose');
    expect(out).not.toMatch(/seed/i);
    expect(out).toContain('Lowest: bids $5,000 · or passes');
    expect(out).not.toMatch(/\d+\) bids/);
    // Enter alone neither bids nor passes: the prompt asks again, with a hint.
    t.keys('Enter');
    await t.waitFor(/Enter alone does nothing/);
    expect(t.text()).not.toMatch(/Seat 0 \(you\) passes/);
    t.type('$7,000');
    t.keys('Enter');
    await t.waitFor(/Seat 0 \(you\) bids \$7,000/);
    out = await t.waitFor(/\? \d+ offers are possible now/);
    expect(out).toContain('Skip this turn (passes)');
    expect(out).toContain('Never ask again this game');
    const tradeStart = out.lastIndexOf('phase: trading');
    // The proposal builder (the cursor starts on it): a partner, the shops to give, an amount
    // ("-9": they pay $9,000).
    t.keys('Enter');
    await t.waitFor(/\? Trade with/);
    t.keys('Enter');
    await t.waitFor(/\? Shops you give/);
    t.keys('Space', 'Enter');
    await t.waitFor(/\? Money you pay/);
    t.type('-9');
    t.keys('Enter');
    out = await t.waitFor(/\? Send this proposal\?/);
    expect(out).toContain('You offer Seat 1 (greedy) Restaurant (St George Street) for $9,000.');
    expect(out).toContain(
      'Seat 0 (you): money $13,000 → $22,000 · shops 1 → 0 · income per turn $1,000 → $0',
    );
    t.keys('Enter');
    await t.waitFor(
      /Seat 0 \(you\) offers Seat 1 \(greedy\) Restaurant \(St George Street\) for \$9,000/,
    );
    // The bot's offer says what it does to both sides; the cursor starts on reject.
    out = await t.waitFor(/\? Your answer/);
    expect(out).toMatch(
      /Seat 1 \(greedy\) offers you \$\d+,000 for Restaurant \(St George Street\)\. What it does:/,
    );
    expect(out).toMatch(/Seat 1 \(greedy\): money \$20,000 → \$\d+,000 · shops 0 → 1/);
    expect(out).toMatch(/❯ rejects the trade/);
    t.keys('Enter');
    out = await t.waitFor(/Seat 0 \(you\) rejects the trade[\s\S]*\? \d+ offers are possible now/);
    // One board for the whole trade phase: later calls show only what changed.
    expect(count(out.slice(tradeStart), '│ Player')).toBe(1);
    t.keys('C-c');
    out = await t.waitFor(/\[exit 0\]/);
    expect(out).toContain(`continue with: ruleloom play --resume ${file}`);
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { cli?: { seats?: string[] } };
    expect(saved.cli?.seats).toEqual(['human', 'greedy']);
    t.close();

    // --resume: the same seats, from where it stopped, to the end; exits at game over.
    const r = new TmuxSession(['play', '--resume', file], dir);
    session = r;
    await r.waitFor(/Resumed .*sa\.json: \d+ actions played\.[\s\S]*Seat 1 \(greedy\)/);
    // Answers each prompt once: a key is sent only after the screen changed since the last
    // one (a prompt still shown on a slow machine is not answered twice).
    let answered = '';
    for (let i = 0; i < 300; i++) {
      const screen = r.screen();
      const lines = screen.trimEnd().split('\n');
      const last = lines[lines.length - 1] ?? '';
      if (lines.some((l) => /\[exit \d+\]/.test(l))) break;
      if (screen === answered) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        continue;
      }
      answered = screen;
      if (last.startsWith('? Your bid')) {
        r.type('pass');
        r.keys('Enter');
      } else if (
        lines.some((l) => /^\? \d+ offers are possible now/.test(l)) &&
        last.includes('navigate')
      ) {
        // "Never ask again this game": two rows down from "Make an offer…".
        r.keys('Down', 'Down', 'Enter');
      } else if (last.includes('navigate') || last.startsWith('? ')) r.keys('Enter');
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    out = await r.waitFor(/\[exit 0\]/);
    expect(out).toContain('Game over:');
    expect(out).toContain('The seed of this game was 3.');
    expect(out).not.toMatch(/Seat 0 \(you\) accepts/);
  }, 90_000);

  it('replay --step goes back (b), jumps (4 Enter) and quits on q (one key) at the position shown', async () => {
    const file = join(dir, 'pig.json');
    const play = new TmuxSession(
      ['play', 'pig', '--watch', '--players', '2', '--seed', '4', '--save', file],
      dir,
    );
    session = play;
    await play.waitFor(/\[exit 0\]/);
    play.close();
    const t = new TmuxSession(['replay', file, '--step'], dir);
    session = t;
    await t.waitFor(/\[step 1\/\d+\]/);
    t.keys('Enter');
    await t.waitFor(/\[step 2\/\d+\]/);
    // b: back one step (the position is rebuilt), then a jump to step 4 typed as digits + Enter.
    t.type('b');
    await t.waitFor(/\(jumped to step 1 of \d+\)[\s\S]*\[step 1\/\d+\]/);
    t.type('4');
    t.keys('Enter');
    await t.waitFor(/\(jumped to step 4 of \d+\)[\s\S]*\[step 4\/\d+\]/);
    t.type('q');
    const out = await t.waitFor(/\[exit 0\]/);
    expect(out).toMatch(/Stopped at step 4 of \d+ \(the position above\)\./);
    expect(out).not.toContain('Game over:');
  }, 30_000);

  it('Colonial Florida: a double is one menu row, and the move reads "moves"', async () => {
    const seed = doubleSeed();
    const t = new TmuxSession(
      ['play', 'colonial-florida', '--bots', 'random', '--seed', String(seed)],
      dir,
    );
    session = t;
    let out = await t.waitFor(/\? Choose an action/);
    const menu = out.slice(out.lastIndexOf('? Choose an action'));
    expect(count(menu, 'move ')).toBe(1);
    t.keys('Enter');
    out = await t.waitFor(/Spanish \(you\) moves \d+ to /);
    expect(out).not.toMatch(/Spanish \(you\) move \d/);
    // Ctrl+C at a prompt saves and quits (between prompts it would interrupt the shell too).
    await t.waitFor(/Spanish \(you\) moves \d+ to [^\n]*\n[\s\S]*↑↓ navigate/);
    t.keys('C-c');
    await t.waitFor(/\[exit 0\]/);
  }, 30_000);
});
