import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMatch, type AnyGame, type SavedMatch } from '@ruleloom/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStAugustineAction } from '@ruleloom/st-augustine';
import { GAMES } from '../../src/games.js';
import { builtApp, SCREENS_DIR } from './helpers/built-app.js';
import { HAS_CHROMIUM, launchChromium } from './helpers/chromium.js';
import {
  playColonialFlorida,
  playStAugustine,
  scoresOf,
  statusChange,
  statusOf,
} from './helpers/play-page.js';
import { startStaticServer, type StaticServer } from './helpers/static-server.js';

let browser: Browser;
let site: StaticServer;
beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  site = await startStaticServer(builtApp());
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const game = (id: string): AnyGame => GAMES.find((g) => g.id === id)!.game;

/** Sets up a local game in the lobby: seat 0 a person, seat 1 random, seat 2 the greedy bot. */
async function startLocal(page: Page, id: string, seed: number, options: Record<string, string>) {
  const lobby = page.getByRole('region', { name: 'local game' });
  await lobby.getByLabel('Game').selectOption(id);
  await lobby.getByLabel('Seed').fill(String(seed));
  await lobby.getByLabel(/^(Seat 2|French)/).selectOption(`greedy-${id}`);
  for (const [key, value] of Object.entries(options)) {
    const field = lobby.locator(`#option-${key}`);
    if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await page.screenshot({ path: join(SCREENS_DIR, `lobby-${id}.png`) });
  await lobby.getByRole('button', { name: 'Start the local game' }).click();
}

/** Plays seat 0 by clicking until the game is over; returns the final status line. */
async function playToEnd(page: Page, id: string): Promise<{ status: string; decisions: number }> {
  let decisions = 0;
  for (let i = 0; i < 2_000; i++) {
    const status = await statusOf(page);
    if (status.startsWith('Game over')) return { status, decisions };
    if (/ to play$/.test(status)) {
      const clicked =
        id === 'st-augustine'
          ? await playStAugustine(page, decisions)
          : await playColonialFlorida(page);
      if (clicked) {
        decisions++;
        if (decisions === 3)
          await page.screenshot({ path: join(SCREENS_DIR, `board-${id}.png`), fullPage: true });
      }
    }
    await statusChange(page, status, 300);
  }
  throw new Error(`the game did not end: ${await statusOf(page)}`);
}

describe.runIf(HAS_CHROMIUM)('a whole local game against two bots, played by clicking', () => {
  it.each([
    ['st-augustine', 11, { turns: '3', trading: 'on' }],
    ['colonial-florida', 5, { maxTurns: '4' }],
  ] as const)(
    '%s: the scores shown are the engine’s for the same seed and actions',
    async (id, seed, options) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(site.url);
      await startLocal(page, id, seed, options);
      const { status, decisions } = await playToEnd(page, id);
      await page.screenshot({ path: join(SCREENS_DIR, `game-over-${id}.png`), fullPage: true });
      expect(decisions).toBeGreaterThan(0);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the save' }).click();
      const save = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as SavedMatch;
      expect(save.setup.seed).toBe(seed);
      // The bots played their seats (in the page's Web Worker), the person seat 0.
      expect(new Set(save.actions.map((a) => a.seat))).toEqual(new Set([0, 1, 2]));
      const match = createMatch(game(id), save.setup);
      for (const a of save.actions) expect(match.apply(a.seat, a.action).ok).toBe(true);
      expect(match.isOver).toBe(true);
      expect(scoresOf(status)).toEqual([...match.result!.scores]);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );
});

describe.runIf(HAS_CHROMIUM)('keyboard play and small screens', () => {
  it('every control of a turn is reached with Tab, shows its focus and plays with Enter', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(site.url);
    await startLocal(page, 'st-augustine', 3, { turns: '2' });
    await page.getByRole('button', { name: 'Pass' }).waitFor();
    const before = await statusOf(page);
    let focused = '';
    const reached = new Set<string>();
    for (let i = 0; i < 40 && focused !== 'Pass'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      reached.add(focused);
    }
    expect(focused).toBe('Pass');
    expect([...reached].some((t) => t.startsWith('Bid $'))).toBe(true);
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.screenshot({ path: join(SCREENS_DIR, 'keyboard-focus.png') });
    await page.keyboard.press('Enter');
    await statusChange(page, before);
    const log = await page.getByRole('list', { name: 'log' }).textContent();
    expect(log).toContain(`Seat 0: ${describeStAugustineAction({ type: 'pass' })}`);
    await context.close();
  }, 60_000);

  it.each(GAMES.map((g) => g.id))(
    '%s is readable 390 px wide: nothing wider than the screen',
    async (id) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto(site.url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await startLocal(page, id, 8, {});
      await page.getByRole('region', { name: 'board' }).waitFor();
      await page.waitForFunction(() =>
        / to play$/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.screenshot({ path: join(SCREENS_DIR, `phone-${id}.png`), fullPage: true });
      await context.close();
    },
    60_000,
  );
});
