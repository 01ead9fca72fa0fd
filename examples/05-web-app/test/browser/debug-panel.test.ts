import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMatch, type SavedMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { openMoreSettings, playStAugustine, statusChange, statusOf } from './helpers/play-page.js';
import { shoot } from './helpers/screens.js';

const suite = useBrowserSuite({ dev: true, timeout: 180_000 });

describe.runIf(HAS_CHROMIUM)('the debug panel of a development build', () => {
  it('is in the development bundle (and so the production check can fail)', () => {
    const files = readdirSync(join(suite.dist, 'assets'));
    expect(
      files.some((f) =>
        readFileSync(join(suite.dist, 'assets', f), 'utf8').includes('ruleloom-debug-panel'),
      ),
    ).toBe(true);
  });

  it('travels back to any version: the view shown is the engine’s replay of the save', async () => {
    const { context, page, errors } = await openPage(suite.browser, { acceptDownloads: true });
    await page.goto(suite.site.url);
    const lobby = page.getByRole('region', { name: 'local game' });
    await lobby.getByLabel('Players', { exact: true }).fill('2');
    await openMoreSettings(page);
    await lobby.getByLabel('Seed').fill('5');
    // Hot-seat: every move is the test's own, so the seed fixes the whole game and where the
    // bot is asked (a bot opponent draws a fresh secret each game: its moves, and so whether
    // seat 0 still has a position to search before the end, would change from run to run).
    await lobby.getByLabel(/^Seat 1/).selectOption('human');
    await lobby.locator('#option-turns').fill('3');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();
    const panel = page.locator('[data-ruleloom-debug="ruleloom-debug-panel"]');
    /** The live version, as the panel's summary shows it. */
    const liveVersion = async (): Promise<number> =>
      Number(
        /version (\d+)/.exec((await panel.locator('summary').first().textContent()) ?? '')?.[1],
      );
    /** Waits until the move just made is the panel's live version. */
    const moved = async (from: number): Promise<void> => {
      await expect.poll(liveVersion, { timeout: 15_000 }).toBeGreaterThan(from);
    };
    // Four decisions through the page, by whichever seat is to play.
    let n = 0;
    const playOne = async (): Promise<boolean> => {
      const from = await liveVersion();
      if (!(await playStAugustine(page, n))) return false;
      n++;
      await moved(from);
      return true;
    };
    for (let i = 0; i < 400 && n < 4; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      if (!(/ to play$/.test(status) && (await playOne()))) await statusChange(page, status, 300);
    }
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

    // The bot's candidates for a live position of seat 0: a forced move (one choice, or one
    // left after the preset prunes bid amounts) has nothing to search and the panel says so;
    // then seat 0 plays on (seat 1 through the page) and asks again at its next decision.
    await panel.getByLabel('debug seat').selectOption('0');
    const choices = panel.getByRole('group', { name: 'debug legal actions' }).getByRole('button');
    const table = panel.getByRole('table', { name: 'debug bot candidates' });
    let searched = false;
    for (let i = 0; i < 400 && !searched; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      if ((await choices.count()) === 0) {
        if (!(/ to play$/.test(status) && (await playOne()))) await statusChange(page, status, 300);
        continue;
      }
      const at = await liveVersion();
      await panel.getByRole('button', { name: 'Ask the bot about this position' }).click();
      // This position's answer (a table or "nothing to search"), never an earlier one's.
      const answer = panel.getByText(new RegExp(`^At version ${String(at)}[:,]`));
      await expect.poll(() => answer.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      searched = (await table.count()) > 0;
      if (!searched) {
        await choices.first().click();
        await moved(at);
      }
    }
    expect(searched).toBe(true);
    const values = await table
      .locator('tbody tr td:nth-child(3)')
      .evaluateAll((tds) => tds.map((td) => Number(td.textContent)));
    for (const v of values) expect(v >= 0 && v <= 1).toBe(true);
    const visits = await table
      .locator('tbody tr td:nth-child(2)')
      .evaluateAll((tds) => tds.map((td) => Number(td.textContent)));
    expect(visits).toEqual([...visits].sort((x, y) => y - x));
    await shoot(page, 'debug-panel-candidates');

    // Restore: the save shown in the panel starts a hot-seat game at the same version.
    await panel.getByRole('button', { name: 'Show the save' }).click();
    const shownSave = JSON.parse(
      await panel.getByLabel('debug save JSON').inputValue(),
    ) as SavedMatch;
    await panel.getByRole('button', { name: 'Restore this save' }).click();
    const restoredPanel = page.locator('[data-ruleloom-debug="ruleloom-debug-panel"]');
    await restoredPanel.locator('summary').first().click();
    await expect
      .poll(() => restoredPanel.locator('summary').first().textContent())
      .toContain(`version ${String(shownSave.actions.length)} (live)`);
    await expect.poll(() => statusOf(page)).toMatch(/^Seat \d to play$/);
    // A tampered save is refused with core's message, and nothing restarts.
    await restoredPanel.getByRole('button', { name: 'Show the save' }).click();
    const text = await restoredPanel.getByLabel('debug save JSON').inputValue();
    await restoredPanel
      .getByLabel('debug save JSON')
      .fill(text.replace(/"hash": "[0-9a-f]/, '"hash": "z'));
    await restoredPanel.getByRole('button', { name: 'Restore this save' }).click();
    await expect.poll(() => restoredPanel.getByRole('alert').count()).toBeGreaterThan(0);
    await shoot(page, 'debug-panel-restored');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
