import { readFileSync } from 'node:fs';
import { createMatch, type SavedMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import {
  finalScores,
  openMoreSettings,
  playStAugustine,
  statusChange,
  statusOf,
} from './helpers/play-page.js';

const suite = useBrowserSuite();

describe.runIf(HAS_CHROMIUM)('a hot-seat game (two people, one page, no bot, no server)', () => {
  it('shows each seat its own view when it is to play, and ends with the engine’s scores', async () => {
    const context = await suite.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(suite.site.url);
    const lobby = page.getByRole('region', { name: 'local game' });
    await lobby.getByLabel('Players', { exact: true }).fill('2');
    await openMoreSettings(page);
    await lobby.getByLabel('Seed').fill('21');
    await lobby.getByLabel(/^Seat 1/).selectOption('human');
    await lobby.locator('#option-turns').fill('2');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();
    const seen = new Set<number>();
    let n = 0;
    for (let i = 0; i < 1_000; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      const m = /^Seat (\d) to play$/.exec(status);
      if (m !== null) {
        const seat = Number(m[1]);
        seen.add(seat);
        // The board is that seat's: its card says "(you)".
        expect(
          await page.getByRole('article', { name: `Seat ${String(seat)} (you)` }).count(),
        ).toBe(1);
        await playStAugustine(page, n++);
      }
      await statusChange(page, status, 300);
    }
    const status = await statusOf(page);
    expect(status).toMatch(/^Game over/);
    expect(seen).toEqual(new Set([0, 1]));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the save' }).click();
    const save = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as SavedMatch;
    const match = createMatch(stAugustine, save.setup);
    for (const a of save.actions) match.applyInput(a.seat, a.action);
    expect(await finalScores(page)).toEqual([...match.result!.scores]);
    await context.close();
  }, 60_000);
});
