import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMatch, isGameKit } from '@ruleloom/core';
import { gameLaws } from '@ruleloom/core/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, TmuxSession } from '../../../packages/cli/test/tmux.js';
import { liarsDice } from '../src/game.js';
import kit from '../src/kit.js';
import { liarsDiceObservation } from '../src/observation.js';

const here = fileURLToPath(new URL('..', import.meta.url));

describe("Liar's Dice obeys the laws every Ruleloom game must pass", () => {
  for (const law of gameLaws({
    game: liarsDice,
    setups: [{ players: 2, options: { dice: 2 } }, { players: 3 }],
    numRuns: 8,
  })) {
    it(law.name, law.run, 60_000);
  }
});

describe("Liar's Dice keeps each cup private", () => {
  it('a seat sees its own dice, the others only how many', () => {
    expect(isGameKit(kit)).toBe(true);
    const match = createMatch(liarsDice, { seed: 4, players: 2 });
    const cups = match.state.game.players.map((p) => p.cup);
    const mine = match.view(0) as unknown as { players: { cup?: number[]; diceLeft: number }[] };
    expect(mine.players[0]?.cup).toEqual(cups[0]);
    expect(mine.players[1]).not.toHaveProperty('cup');
    expect(mine.players[1]?.diceLeft).toBe(3);
    // Seat 0's log holds its own roll; seat 1's is hidden from it.
    const rolls = match.logFor(0).flatMap((entry) => entry.events.filter((e) => e.type === 'roll'));
    expect(rolls).toEqual([
      expect.objectContaining({ type: 'roll', reason: 'cup', audience: [0] }),
      { type: 'roll', hidden: true },
    ]);
    const own = (rolls[0] as unknown as { values: number[] }).values;
    expect([...own].sort((a, b) => a - b)).toEqual(cups[0]);
  });

  it("the observation features count a seat's own faces and nothing of another cup", () => {
    const match = createMatch(liarsDice, { seed: 4, players: 2 });
    const encode = (seat: number): number[] => {
      const into = new Float32Array(liarsDiceObservation.size);
      liarsDiceObservation.encode(match.view(seat), seat, into);
      return [...into.slice(0, 6)].map((x) => Math.round(x * 5));
    };
    match.state.game.players.forEach((p, seat) => {
      const counts = [1, 2, 3, 4, 5, 6].map((f) => p.cup.filter((x) => x === f).length);
      expect(encode(seat)).toEqual(counts);
    });
  });
});

// The pseudo-terminal test needs `tmux` (CI installs it); a local machine without it skips.
const skip = !HAS_TMUX && process.env.CI === undefined;

describe.skipIf(skip)('the kit plays in a terminal with no edit to any host package', () => {
  let session: TmuxSession | undefined;
  beforeAll(() => {
    execFileSync('pnpm', ['run', 'build'], { cwd: here, stdio: 'ignore' });
  });
  afterEach(() => {
    session?.close();
    session = undefined;
  });

  it('ruleloom play ./dist/liars-dice.mjs: the human sees their own cup and plays to the end', async () => {
    const t = new TmuxSession(
      ['play', './dist/liars-dice.mjs', '--bots', 'random', '--seed', '5'],
      here,
    );
    session = t;
    const first = await t.waitFor(/Player 1 \(you\): 3 dice · cup \d \d \d/);
    expect(first).toMatch(/Player 2 \(random\): 3 dice · cup 3 hidden/);
    // Enter takes the first choice: the lowest raise, or calling liar once nothing raises.
    // One Enter per menu: a key only once a menu is shown and the output grew since the last
    // one (no key typed ahead into whatever comes next on a slow machine).
    let out = first;
    let answered = '';
    const end = Date.now() + 40_000;
    while (!/Game over:/.test(out) && Date.now() < end) {
      const menuShown = t.screen().trimEnd().endsWith('navigate • ⏎ select');
      if (menuShown && out !== answered) {
        t.keys('Enter');
        answered = out;
      }
      await new Promise((r) => setTimeout(r, 50));
      out = t.text();
    }
    out = await t.waitFor(/Game over: Player \d \((you|random)\) wins!/, 5_000);
    expect(out).toContain('Cups lifted');
  }, 60_000);
});

describe('the kit is benchmarked as it declares, with no edit to any host package', () => {
  beforeAll(() => {
    execFileSync('pnpm', ['run', 'build'], { cwd: here, stdio: 'ignore' });
  });

  it('ruleloom bench ./dist/liars-dice.mjs: its bench setup, uniform random play and its scaling row', () => {
    const dir = mkdtempSync(join(tmpdir(), 'liars-dice-bench-'));
    try {
      const out = join(dir, 'bench.json');
      const cli = fileURLToPath(new URL('../../../packages/cli/dist/bin.js', import.meta.url));
      const text = execFileSync(
        process.execPath,
        [cli, 'bench', './dist/liars-dice.mjs', '--quick', '--no-mcts', '--out', out],
        { cwd: here, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      );
      expect(text).toContain('public API games, 4 players, 3 dice');
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        results: { name: string; note?: string }[];
      };
      const note = (name: string): string | undefined =>
        report.results.find((r) => r.name === name)?.note;
      expect(note('public API games (createMatch, legalActions, apply)')).toBe(
        '2 players, {"dice":2}, policy: uniform random',
      );
      expect(note('public API games, 4 players, 3 dice')).toBe(
        '{"players":4,"options":{"dice":3}}',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
