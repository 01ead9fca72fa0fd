import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { AnyGame } from '@ruleloom/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import liarsDiceKit from '../../../06-liars-dice/src/kit.js';
import { type LiarsDiceState } from '../../../06-liars-dice/src/game.js';
import { REPO_ROOT } from './helpers/built-app.js';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { playGeneric, shownNow, type ShownAt } from './helpers/kit-play.js';
import { hiddenFrom, leaksIn } from './helpers/leaks.js';
import { finalScores, statusChange, statusOf, versionsSeen } from './helpers/play-page.js';
import { privateLeaksIn, privateValues } from './helpers/private-values.js';
import { readStoredMatch } from './helpers/ruleloom-serve.js';
import { shoot } from './helpers/screens.js';

/** The third-party kit module, as `ruleloom serve --game <path>` loads it. */
const KIT_DIR = join(REPO_ROOT, 'examples/06-liars-dice');
const KIT_MODULE = join(KIT_DIR, 'dist/liars-dice.mjs');
const game = liarsDiceKit.game as unknown as AnyGame;

const suite = useBrowserSuite({
  // The kit module from its source (esbuild, about a second), as its own package builds it.
  before: () => {
    execFileSync('pnpm', ['run', 'build'], { cwd: KIT_DIR, stdio: 'inherit' });
  },
  serve: ['--game', KIT_MODULE],
});

/** The match id in a seat link's fragment. */
function matchOf(link: string): string {
  return (
    JSON.parse(Buffer.from(link.split('#seat=')[1]!, 'base64url').toString()) as { match: string }
  ).match;
}

describe.runIf(HAS_CHROMIUM)('a third-party kit served by ruleloom serve --game <path>', () => {
  it("two browser contexts play Liar's Dice on the generic board to the end; no frame shows the other cup", async () => {
    const hosted = (await (await fetch(`${suite.serve.url}/games`)).json()) as {
      games: { id: string }[];
    };
    expect(hosted.games.map((g) => g.id)).toContain('liars-dice');
    const errors: string[] = [];
    const {
      context: contextA,
      page: a,
      frames: framesA,
    } = await openPage(suite.browser, { errors });
    const {
      context: contextB,
      page: b,
      frames: framesB,
    } = await openPage(suite.browser, { errors });

    await a.goto(suite.site.url);
    const online = a.getByRole('region', { name: 'online game' });
    await online.getByLabel('Game').selectOption('liars-dice');
    await online.getByLabel('Players').fill('2');
    await online.locator('details.more > summary').click();
    await online.locator('#option-dice').fill('2');
    await shoot(a, 'online-lobby-liars-dice');
    await online.getByRole('button', { name: 'Create the match' }).click();
    const linkB = await online.getByLabel('link for Player 2').inputValue();
    expect(linkB).toMatch(/#seat=/);
    await online.getByRole('button', { name: 'Play Player 1' }).click();
    await b.goto(linkB);

    const pages: [Page, number, ShownAt[]][] = [
      [a, 0, []],
      [b, 1, []],
    ];
    let decisions = 0;
    let shot = false;
    for (let i = 0; i < 2_000; i++) {
      const statuses = await Promise.all(pages.map(([p]) => statusOf(p)));
      if (statuses.every((s) => s.startsWith('Game over'))) break;
      for (const [k, [page, seat, shown]] of pages.entries()) {
        if (statuses[k] !== `Player ${String(seat + 1)} to play`) continue;
        await page.getByRole('group', { name: 'decision' }).waitFor();
        shown.push(await shownNow(page));
        if (await playGeneric(page, decisions + seat)) decisions++;
        if (!shot && decisions >= 3) {
          shot = true;
          await shoot(page, `online-board-liars-dice-seat${String(seat)}`);
        }
        await statusChange(page, statuses[k], 2_000);
      }
      await a.waitForTimeout(20);
    }
    expect(decisions).toBeGreaterThan(3);
    await a.getByRole('region', { name: 'game over' }).waitFor();
    await b.getByRole('region', { name: 'game over' }).waitFor();
    await shoot(a, 'online-end-liars-dice-seat0');
    await shoot(b, 'online-end-liars-dice-seat1');

    // The truth: the stored match replayed from the server's SQLite file.
    const truth = readStoredMatch(game, suite.serve.dbFile, matchOf(linkB));
    expect(truth.match.isOver).toBe(true);
    expect(await finalScores(a)).toEqual([...truth.match.result!.scores]);
    expect(await finalScores(b)).toEqual([...truth.match.result!.scores]);
    const versions = truth.match.actions.length;

    let checked = 0;
    for (const [frames, viewer] of [
      [framesA, 0],
      [framesB, 1],
    ] as const) {
      const other = 1 - viewer;
      // Each page saw every version, in a welcome's missed entries or in an update.
      expect(versionsSeen(frames)).toEqual(Array.from({ length: versions }, (_, v) => v + 1));
      // No frame to this seat holds the other seat's dice while the game declares them hidden
      // (its `owner` private field `players.*.cup`), read from the true state at the frame's version.
      expect(frames.flatMap((f) => privateLeaksIn(game, truth, viewer, f))).toEqual([]);
      for (const f of frames) {
        const v = (JSON.parse(f) as { version?: unknown }).version;
        if (typeof v === 'number') checked += privateValues(game, truth, v, other).length;
      }
      // Nor anything else of the full state the seat could not know yet (the pool, the seed).
      const hidden = hiddenFrom(truth, viewer);
      expect(frames.flatMap((f) => leaksIn(f, truth, hidden))).toEqual([]);
    }
    expect(checked).toBeGreaterThan(versions);
    // The check can fail: the other seat's own frames, as if sent to this seat, are caught.
    expect(framesB.flatMap((f) => privateLeaksIn(game, truth, 0, f)).length).toBeGreaterThan(0);

    // On screen too: at each decision the page showed its own faces and the other cup hidden.
    for (const [, seat, shown] of pages) {
      expect(shown.length).toBeGreaterThan(0);
      for (const s of shown) {
        const cups = (truth.states[s.version] as { game: LiarsDiceState }).game.players.map(
          (p) => p.cup,
        );
        const lines = s.board.split('\n');
        const line = (n: number) => lines.find((l) => l.startsWith(`Player ${String(n + 1)}:`));
        expect(line(seat)).toContain(`cup ${cups[seat]!.join(' ')}`);
        expect(line(1 - seat)).toContain(`cup ${String(cups[1 - seat]!.length)} hidden`);
      }
    }
    expect(errors).toEqual([]);
    await contextA.close();
    await contextB.close();
  }, 240_000);
});
