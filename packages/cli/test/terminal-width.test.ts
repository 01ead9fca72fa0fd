import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TmuxSession, type TerminalSize } from './tmux.js';

// Loading ./tmux.js throws when tmux is missing (CI installs it), so this suite fails rather
// than skips there.

const EXAMPLE = fileURLToPath(new URL('../../../examples/06-liars-dice/', import.meta.url));
const LIARS_DICE = join(EXAMPLE, 'dist', 'liars-dice.mjs');

const SIZES: readonly TerminalSize[] = [
  { columns: 80, rows: 24 },
  { columns: 120, rows: 40 },
];

/**
 * The lines of the whole scrollback wider than the terminal. capture-pane -J joins the lines
 * the terminal wrapped, so a line printed wider than the window reads as one line here, wider
 * than the window, and is caught (without -J a wrapped line reads as two that fit).
 */
function tooWide(t: TmuxSession, columns: number): string[] {
  return t
    .text()
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => stringWidth(line) > columns);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays a session to its end the way a person would: types `pass` at an amount prompt
 * (Enter alone passes nothing), never asks about trades again, Enter at other menus;
 * returns the whole scrollback.
 */
async function playToEnd(t: TmuxSession, timeoutMs: number): Promise<string> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    const screen = t.screen();
    if (/\[exit \d+\]/.test(screen)) return t.text();
    const lines = screen.trimEnd().split('\n');
    const prompt = [...lines].reverse().find((l) => l.startsWith('? ')) ?? '';
    if (screen !== last) {
      if (/^\? Your bid/.test(prompt) && lines.at(-1)?.startsWith('? Your bid') === true) {
        t.type('pass');
        t.keys('Enter');
      } else if (/^\? \d+ offers are possible now/.test(prompt) && screen.includes('navigate')) {
        // "Never ask again this game": two rows below "Make an offer…".
        t.keys('Down', 'Down', 'Enter');
      } else if (prompt !== '' && (screen.includes('navigate') || lines.at(-1) === prompt))
        t.keys('Enter');
      last = screen;
    }
    await sleep(120);
  }
  throw new Error(`the session did not end in time; screen:\n${t.screen()}`);
}

describe.each(SIZES)('every line fits a $columns×$rows terminal (tmux)', (size) => {
  let dir = '';
  let session: TmuxSession | undefined;
  const run = (argv: readonly string[]): TmuxSession => {
    session?.close();
    session = new TmuxSession(argv, dir, size);
    return session;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-width-'));
    if (!existsSync(LIARS_DICE))
      execFileSync('pnpm', ['run', 'build'], { cwd: EXAMPLE, stdio: 'ignore' });
  });
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('plays St. Augustine against a bot, then replays the save', async () => {
    const file = join(dir, `sa-${String(size.columns)}.json`);
    const t = run([
      'play',
      'st-augustine',
      '--bots',
      'greedy',
      '--players',
      '2',
      '--seed',
      '3',
      '--option',
      'turns=3',
      '--save',
      file,
    ]);
    const out = await playToEnd(t, 60_000);
    expect(out).toContain('Game over:');
    // The final table is drawn whole: a border on every line of it.
    expect(out).toMatch(/┌─+┬/u);
    expect(tooWide(t, size.columns)).toEqual([]);
    const r = run(['replay', file]);
    await r.waitFor(/\[exit 0\]/, 20_000);
    expect(r.text()).toContain('verified');
    expect(tooWide(r, size.columns)).toEqual([]);
  }, 120_000);

  it('plays Colonial Florida against a bot', async () => {
    const t = run([
      'play',
      'colonial-florida',
      '--bots',
      'greedy',
      '--seed',
      '2',
      '--option',
      'maxTurns=3',
    ]);
    const out = await playToEnd(t, 60_000);
    expect(out).toContain('Game over:');
    expect(tooWide(t, size.columns)).toEqual([]);
  }, 90_000);

  it("plays the Liar's Dice kit from examples/06 and replays it", async () => {
    const file = join(dir, `ld-${String(size.columns)}.json`);
    const t = run(['play', LIARS_DICE, '--bots', 'random', '--seed', '5', '--save', file]);
    const out = await playToEnd(t, 60_000);
    expect(out).toContain('Game over:');
    expect(tooWide(t, size.columns)).toEqual([]);
    const r = run(['replay', file, '--game', LIARS_DICE]);
    await r.waitFor(/\[exit 0\]/, 20_000);
    expect(tooWide(r, size.columns)).toEqual([]);
  }, 90_000);

  it('prints the rules of every built-in game and a tournament table', async () => {
    // The four `rules` commands and the tournament are independent: they run at once, each
    // in its own tmux server (their start-up, mostly module loading, overlaps).
    const rules = ['st-augustine', 'colonial-florida', 'pig', 'liars-dice'].map(
      (game) => new TmuxSession(['rules', game], dir, size),
    );
    const t = run([
      'tournament',
      'st-augustine',
      '--bots',
      'greedy,random',
      '--games',
      '2',
      '--workers',
      '0',
      '--seed',
      '1',
      '--option',
      'turns=4',
    ]);
    try {
      await Promise.all(rules.map((r) => r.waitFor(/\[exit 0\]/, 30_000)));
      for (const r of rules) {
        expect(r.text()).toContain('Options (--option key=value)');
        expect(tooWide(r, size.columns)).toEqual([]);
      }
    } finally {
      for (const r of rules) r.close();
    }
    await t.waitFor(/\[exit 0\]/, 60_000);
    expect(t.text()).toMatch(/│ Bot/u);
    expect(tooWide(t, size.columns)).toEqual([]);
  }, 120_000);
});
