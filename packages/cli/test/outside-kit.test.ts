import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSystemBinary } from '../../../test-utils/system-binary.js';
import { startServe, stopServe } from './serve-process.js';
import { BIN } from './tmux.js';

/*
 * The "done when" of an outside kit, end to end: a new game (Odd Cards, written as
 * docs/guides/write-a-game.md teaches, in fixtures/outside-kit/) is copied into a folder
 * outside the repository beside a node_modules that holds @ruleloom/core (what `npm install
 * @ruleloom/core` leaves), with a variant file that names the kit by its path. The built
 * `ruleloom` (dist/bin.js, colours off) then checks the variant, plays it through a pipe,
 * runs a tournament of it and analyses it, from yet another folder; `ruleloom serve --game
 * <kit> --web` then serves it to the web app, played in Chromium against a bot to the end. No
 * project file names the game. The checks read what the rules decide (hands of the variant's
 * size, the points the narration gives), never timings.
 */
const FIXTURE = fileURLToPath(new URL('./fixtures/outside-kit/', import.meta.url));
const CORE = fileURLToPath(new URL('../../core/', import.meta.url));

let root = '';
let work = '';
const kit = (): string => join(root, 'kit', 'odd-cards.mjs');
const variant = (): string => join(root, 'kit', 'short-hands.yaml');

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ruleloom-outside-kit-'));
  const kitDir = join(root, 'kit');
  mkdirSync(join(kitDir, 'node_modules', '@ruleloom'), { recursive: true });
  for (const file of ['odd-cards.mjs', 'short-hands.yaml'])
    copyFileSync(join(FIXTURE, file), join(kitDir, file));
  symlinkSync(CORE, join(kitDir, 'node_modules', '@ruleloom', 'core'), 'dir');
  work = join(root, 'work');
  mkdirSync(work);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the built CLI in the work folder with `stdin` piped in (then closed), colours off. */
function ruleloom(
  args: readonly string[],
  stdin = '',
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: work,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}

describe('an outside kit with a variant file, through the built ruleloom', () => {
  it('variant check resolves the file’s `game:` path and finds the variant valid', async () => {
    const run = await ruleloom(['variant', 'check', variant()]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out.trim()).toBe(
      `valid: ${variant()} is a variant of odd-cards (Short hands; id short-hands; changes 1 options)`,
    );
  });

  it('play --variant through a pipe: hands of two, the kit’s board and narration, points as narrated', async () => {
    const run = await ruleloom(
      ['play', '--variant', variant(), '--bots', 'random', '--seed', '3'],
      '1\n1\n',
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Short hands · 2 players\n/);
    // The kit's board: its own hand shown to the human, the bot's only counted.
    expect(run.out).toMatch(/│ Dealer 1 \(you\)\s+│ \d \d\s+│\s+0 │/);
    expect(run.out).toMatch(/│ Dealer 2 \(random\)\s+│ 2 cards\s+│\s+0 │/);
    // The kit's form: its title as the one row, then its question with a row per card of the
    // hand, each saying whether it scores; the human's lines `1`, `1` lay the first card.
    expect(run.out).toMatch(/Your decision, Dealer 1 \(you\):\n\s+1\) Lay a card…\n/);
    const rows =
      /\n\s+1\) The (\d)( \(odd: a point\))?\n\s+2\) The (\d)( \(odd: a point\))?\nWhich card, on a pile at 0\? > /.exec(
        run.out,
      );
    expect(rows, run.out).not.toBeNull();
    // On an empty pile, a card scores when it is odd: the form says so of exactly those.
    for (const [value, note] of [
      [rows?.[1], rows?.[2]],
      [rows?.[3], rows?.[4]],
    ])
      expect(note !== undefined, `the ${String(value)}`).toBe(Number(value) % 2 === 1);
    // The kit's narration: every card of both hands of two, in turn, from the first row chosen.
    const laid = [
      ...run.out.matchAll(
        /^ {2}Dealer (\d) \((?:you|random)\) lays a (\d): the pile is at (\d+), (odd: a point|even)\.$/gm,
      ),
    ];
    expect(laid.map((m) => Number(m[1]))).toEqual([1, 2, 1, 2]);
    expect(laid[0]?.[2]).toBe(rows?.[1]);
    // The totals add up, and a point goes to whoever made the total odd: the final scores.
    const points = [0, 0];
    let total = 0;
    for (const [, seat, value, shown, outcome] of laid) {
      total += Number(value);
      expect(Number(shown)).toBe(total);
      expect(outcome).toBe(total % 2 === 1 ? 'odd: a point' : 'even');
      if (total % 2 === 1) points[Number(seat) - 1]! += 1;
    }
    const over =
      /Game over: .*Scores: Dealer 1 \(you\) (\d+) points?, Dealer 2 \(random\) (\d+) points?\./.exec(
        run.out,
      );
    expect(over, run.out).not.toBeNull();
    expect([Number(over?.[1]), Number(over?.[2])]).toEqual(points);
  });

  it('tournament --variant plays hands of two on worker threads, every game to its end', async () => {
    const json = join(work, 'tournament.json');
    const run = await ruleloom([
      'tournament',
      kit(),
      '--variant',
      variant(),
      '--bots',
      'random,ismcts',
      '--games',
      '4',
      '--seed',
      '1',
      '--workers',
      '2',
      '--json',
      json,
    ]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^Short hands · 4 games · 2 players · seed 1 · 2 workers/m);
    expect(run.out).toMatch(/│ random │\s+4 │/);
    expect(run.out).toMatch(/│ ismcts │\s+4 │/);
    const result = JSON.parse(readFileSync(json, 'utf8')) as {
      gamesPlayed: number;
      failed: number;
      games: { scores: number[]; seatDecisions: number[] }[];
    };
    expect(result.gamesPlayed).toBe(4);
    expect(result.failed).toBe(0);
    for (const game of result.games) {
      // Two cards each: one choice, then the last card laid for the seat (a forced move).
      expect(game.seatDecisions).toEqual([1, 1]);
      for (const score of game.scores) expect(score).toBeLessThanOrEqual(2);
    }
  });

  it('analyze --variant compares the kit with its variant: what the hand size decides', async () => {
    const json = join(work, 'analysis.json');
    const run = await ruleloom([
      'analyze',
      kit(),
      '--variant',
      variant(),
      '--bots',
      'random',
      '--games',
      '4',
      '--seed',
      '1',
      '--json',
      json,
    ]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(
      /^Odd Cards · analysis · 4 games per variant · bots random, random · seed 1/,
    );
    expect(run.out).toMatch(/^ {2}Odd Cards: wins by seat /m);
    expect(run.out).toMatch(/^ {2}Short hands: wins by seat /m);
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      game: string;
      variants: {
        id: string;
        failed: number;
        metrics: { id: string; estimate: { mean: number } | null }[];
      }[];
    };
    expect(report.game).toBe('odd-cards');
    expect(report.variants.map((v) => v.id)).toEqual(['base', 'short-hands']);
    const mean = (v: number, metric: string): number | undefined =>
      report.variants[v]?.metrics.find((m) => m.id === metric)?.estimate?.mean;
    // Hands of three (the kit's default): two choices per seat, the third card forced; hands of
    // two: one choice per seat, the second forced.
    expect(mean(0, 'decisions')).toBe(4);
    expect(mean(1, 'decisions')).toBe(2);
    expect(mean(0, 'forcedShare')).toBeCloseTo(1 / 3, 5);
    expect(mean(1, 'forcedShare')).toBeCloseTo(1 / 2, 5);
    for (const v of report.variants) expect(v.failed).toBe(0);
  });
});

/** Debian's chromium (never `playwright install`); missing in CI, this suite fails. */
const CHROMIUM = requireSystemBinary(
  'chromium',
  'apt-get install -y chromium (.ci/run installs it)',
);
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Waits until the game screen's status line is no longer `previous` (or `ms` pass). The
 * page's code is a string: this package's types have no DOM.
 */
async function statusChange(page: Page, previous: string, ms: number): Promise<void> {
  await page
    .waitForFunction(
      `document.querySelector('[data-testid="status"]')?.textContent !== ${JSON.stringify(previous)}`,
      undefined,
      { timeout: ms, polling: 25 },
    )
    .catch(() => undefined);
}

/** At 1280 and 390 px: the page is no wider than the screen; then a full-page screenshot. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(
      await page.evaluate<boolean>(
        'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
      ),
      `${name} at ${String(width)} px scrolls sideways`,
    ).toBe(true);
    await page.screenshot({
      path: join(SCREENSHOTS, `${name}-${String(width)}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.runIf(CHROMIUM !== undefined)(
  'the outside kit in the web app (ruleloom serve --game <kit> --web)',
  () => {
    it('plays locally against a bot to the end: the kit’s board, form and narration, never raw JSON', async () => {
      const server = await startServe(
        ['--db', join(work, 'serve.sqlite'), '--game', kit(), '--web'],
        { RULELOOM_SECRET: 's'.repeat(32), RULELOOM_CREATE_KEYS: '' },
        work,
      );
      expect(server.url, server.out).toBeDefined();
      const browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        // Every request the page makes is answered, but the browser's own favicon guess.
        page.on('response', (r) => {
          if (r.status() >= 400 && new URL(r.url()).pathname !== '/favicon.ico')
            errors.push(`${String(r.status())} ${r.url()}`);
        });
        await page.goto(`${server.url!}/`);
        const lobby = page.getByRole('region', { name: 'local game' });
        expect(await lobby.getByLabel('Game').inputValue()).toBe('odd-cards');
        await lobby.getByRole('button', { name: 'Start the local game' }).click();
        await page.getByTestId('prompt').waitFor({ timeout: 60_000 });
        const board = page.getByTestId('board-text');
        let decisions = 0;
        for (let i = 0; i < 200; i++) {
          const status = (await page.getByTestId('status').textContent()) ?? '';
          if (status.startsWith('Game over')) break;
          const decision = page.getByRole('group', { name: 'decision' });
          const open = decision.getByRole('button', { name: 'Lay a card…' });
          if (status === 'Dealer 1 to play' && (await open.count()) > 0) {
            // The board: the kit's text; the bot's hand only counted, never its cards.
            expect(await board.textContent()).toMatch(/^Pile total: \d+/);
            expect(await board.locator('tr', { hasText: 'Dealer 2' }).textContent()).toMatch(
              /^Dealer 2\d cards\d+$/,
            );
            await open.click();
            const question = decision
              .getByRole('group', { name: 'Lay a card…' })
              .getByRole('group', { name: /^Which card, on a pile at \d+\?$/ });
            const rows = await question.getByRole('button').allTextContents();
            // A row per card of the hand (at least two: a last card is laid for the seat).
            expect(rows.length).toBeGreaterThanOrEqual(2);
            for (const row of rows) expect(row).toMatch(/^The \d( \(odd: a point\))?$/);
            if (decisions === 0) await shoot(page, 'outside-kit-form');
            await question.getByRole('button').first().click();
            decisions++;
          }
          await statusChange(page, status, 2_000);
        }
        expect(decisions).toBeGreaterThan(0);
        const end = page.getByRole('region', { name: 'game over' });
        await end.waitFor({ timeout: 60_000 });
        // The kit's narration of every card laid, both seats, in the log.
        const log =
          (await page.getByRole('list', { name: 'log', exact: true }).textContent()) ?? '';
        expect(log).toMatch(/Dealer 1 lays a \d: the pile is at \d+, (odd: a point|even)\./);
        expect(log).toMatch(/Dealer 2 lays a \d: the pile is at \d+, (odd: a point|even)\./);
        expect(log.match(/ lays a \d: the pile is at /g)).toHaveLength(6);
        // The kit's score words on the end screen.
        expect((await end.locator('tbody').textContent()) ?? '').toMatch(/\d points?/);
        const text = (await page.locator('body').textContent()) ?? '';
        expect(text).not.toContain('{"type"');
        expect(text).not.toContain('"pile"');
        expect(await page.locator('.view-json').count()).toBe(0);
        await shoot(page, 'outside-kit-end');
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
        await stopServe(server.child);
      }
    }, 120_000);
  },
);
