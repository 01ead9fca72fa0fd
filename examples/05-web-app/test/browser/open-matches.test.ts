import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { statusOf } from './helpers/play-page.js';
import { checkAndShoot } from './helpers/screens.js';

const suite = useBrowserSuite({ serve: [] });

/** The match id in a page's seat-link fragment. */
async function matchOf(page: Page): Promise<string> {
  const hash = await page.evaluate(() => location.hash);
  return (
    JSON.parse(Buffer.from(hash.replace('#seat=', ''), 'base64url').toString()) as {
      match: string;
    }
  ).match;
}

describe.runIf(HAS_CHROMIUM)('the public list of open matches', () => {
  it('one browser lists its match publicly, a second joins it from the list; a private match is never listed', async () => {
    const errors: string[] = [];
    const { context: contextA, page: a } = await openPage(suite.browser, { errors });
    const { context: contextB, page: b } = await openPage(suite.browser, { errors });

    await a.goto(suite.site.url);
    const online = a.getByRole('region', { name: 'online game' });
    await online.getByLabel('Game').selectOption('st-augustine');
    await online.getByLabel('name for Seat 0').fill('Ana');
    await online.locator('details.more > summary').click();
    await online.locator('#option-turns').fill('2');
    const mine = online.getByRole('region', { name: 'your matches' }).getByLabel(/^match /);

    // First a private match (the box unticked, as by default): it is never listed.
    const optIn = online.getByLabel(/^List this match publicly/);
    expect(await optIn.isChecked()).toBe(false);
    await online.getByRole('button', { name: 'Create the match' }).click();
    await expect.poll(() => mine.count()).toBe(1);
    const privateId = await mine.first().getAttribute('data-match');

    // Then a listed one; Ana takes her seat.
    await optIn.check();
    await online.getByRole('button', { name: 'Create the match' }).click();
    await expect.poll(() => mine.count()).toBe(2);
    const listedId = await mine.first().getAttribute('data-match');
    expect(listedId).not.toBe(privateId);
    // Ana named seat 0, so the listed match holds it for her: before she plays, a stranger's
    // claim of it is refused (seat 1, unnamed, is the one offered).
    const early = await fetch(`${suite.site.url}/matches/${listedId!}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seat: 0 }),
    });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      error: { code: 'seat_not_free', message: 'seat 0 is taken already' },
    });
    await checkAndShoot(a, 'open-matches-created');
    // Every person's seat named: nothing would be offered, so the page says so and makes none.
    await online.getByLabel('name for Seat 1').fill('Cleo');
    await online.getByRole('button', { name: 'Create the match' }).click();
    await expect
      .poll(() => online.getByRole('alert').textContent())
      .toBe('A listed match needs a free seat for a stranger: leave a person’s name empty.');
    expect(await mine.count()).toBe(2);
    await online.getByLabel('name for Seat 1').fill('');
    await mine.first().getByRole('button', { name: 'Play as Ana' }).click();
    await expect.poll(() => statusOf(a)).toMatch(/^(Ana to play|Waiting for Seat 1)$/);
    expect(await matchOf(a)).toBe(listedId);

    // Browser B: the listed match, with Ana's seat taken and seat 1 free; no private match.
    await b.goto(suite.site.url);
    const list = b.getByRole('region', { name: 'open matches' });
    const item = list.locator(`[data-match="${listedId!}"]`);
    await expect
      .poll(async () => {
        await list.getByRole('button', { name: 'Refresh' }).click();
        return (await item.count()) === 1 ? item.textContent() : '';
      })
      .toContain('Seat 0: Ana (taken)');
    expect(await item.textContent()).toContain('Seat 1 (free)');
    expect(await item.textContent()).toContain('St. Augustine · 1 free seat of 2');
    expect(await list.locator(`[data-match="${privateId!}"]`).count()).toBe(0);
    // No seat token anywhere in the list's page.
    const html = await b.content();
    expect(html).not.toMatch(/"token"|#seat=/);
    await b.getByLabel('your name for joining').fill('Ben');
    await checkAndShoot(b, 'open-matches-list');

    await item.getByRole('button', { name: 'Join as Seat 1' }).click();
    await expect.poll(() => matchOf(b)).toBe(listedId);
    await expect.poll(() => statusOf(b)).toMatch(/^(Ben to play|Waiting for Ana \(Seat 0\))$/);
    await expect.poll(() => statusOf(a)).toMatch(/^(Ana to play|Waiting for Ben \(Seat 1\))$/);
    await checkAndShoot(b, 'open-matches-joined');

    // The match is full now: no longer listed.
    const c = await contextB.newPage();
    await c.goto(suite.site.url);
    const again = c.getByRole('region', { name: 'open matches' });
    await expect
      .poll(() => again.getByText('No open matches right now.', { exact: false }).count())
      .toBe(1);
    expect(await again.locator(`[data-match="${listedId!}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
    await contextA.close();
    await contextB.close();
  }, 240_000);
});
