import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMatch, type SavedMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtDevApp } from './helpers/built-app.js';
import { HAS_CHROMIUM, launchChromium } from './helpers/chromium.js';
import { openMoreSettings, playStAugustine, statusChange, statusOf } from './helpers/play-page.js';
import { shoot } from './helpers/screens.js';
import { startStaticServer, type StaticServer } from './helpers/static-server.js';

let browser: Browser;
let site: StaticServer;
let dist: string;
beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  dist = builtDevApp();
  site = await startStaticServer(dist);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe.runIf(HAS_CHROMIUM)('the debug panel of a development build', () => {
  it('is in the development bundle (and so the production check can fail)', () => {
    const files = readdirSync(join(dist, 'assets'));
    expect(
      files.some((f) =>
        readFileSync(join(dist, 'assets', f), 'utf8').includes('ruleloom-debug-panel'),
      ),
    ).toBe(true);
  });

  it('travels back to any version: the view shown is the engine’s replay of the save', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    const lobby = page.getByRole('region', { name: 'local game' });
    await lobby.getByLabel('Opponents').selectOption('easy');
    await openMoreSettings(page);
    await lobby.getByLabel('Seed').fill('5');
    await lobby.locator('#option-turns').fill('3');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();
    // Play a few decisions as seat 0.
    let n = 0;
    for (let i = 0; i < 400 && n < 4; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      if (/ to play$/.test(status) && (await playStAugustine(page, n))) n++;
      await statusChange(page, status, 300);
    }
    const panel = page.locator('[data-ruleloom-debug="ruleloom-debug-panel"]');
    await panel.locator('summary').first().click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the save' }).click();
    const save = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as SavedMatch;
    expect(save.actions.length).toBeGreaterThanOrEqual(3);

    // Seat 1's view at version 2, picked in the panel's log.
    await panel.getByLabel('debug seat').selectOption('1');
    await panel.getByRole('button', { name: /^v2:/ }).click();
    const replay = createMatch(stAugustine, save.setup);
    for (const a of save.actions.slice(0, 2)) replay.applyInput(a.seat, a.action);
    const shown = JSON.parse(
      (await panel.getByTestId('debug-view').textContent()) ?? '',
    ) as unknown;
    expect(shown).toEqual(JSON.parse(JSON.stringify(replay.view(1))));
    expect(await panel.locator('summary').first().textContent()).toContain('version 2 of');
    await panel.getByText(/^State at version 2/).click();
    expect(
      JSON.parse((await panel.getByTestId('debug-state').textContent()) ?? '') as unknown,
    ).toEqual(JSON.parse(JSON.stringify(replay.state)));
    await shoot(page, 'debug-panel');
    // Time travel only shows: the game's own log still has every action.
    expect(
      await page.getByRole('list', { name: 'log', exact: true }).locator(':scope > li').count(),
    ).toBeGreaterThanOrEqual(save.actions.length);
    await panel.getByRole('button', { name: 'Back to live' }).click();
    expect(await panel.locator('summary').first().textContent()).toContain('(live)');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
