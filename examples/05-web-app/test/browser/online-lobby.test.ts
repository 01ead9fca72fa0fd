import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { playStAugustine, statusOf } from './helpers/play-page.js';
import { shoot } from './helpers/screens.js';

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

/** Plays both seats through their pages until both show the end screen. */
async function playToEnd(seats: readonly [Page, string][]): Promise<void> {
  let decisions = 0;
  for (let i = 0; i < 3_000; i++) {
    const statuses = await Promise.all(seats.map(([p]) => statusOf(p)));
    if (statuses.every((s) => s.startsWith('Game over'))) return;
    for (const [k, [page, name]] of seats.entries())
      if (statuses[k] === `${name} to play` && (await playStAugustine(page, decisions + k)))
        decisions++;
    await seats[0]![0].waitForTimeout(30);
  }
  throw new Error('the game did not end');
}

describe.runIf(HAS_CHROMIUM)('the online lobby with player names', () => {
  it('creates with names, both browsers see them, play to the end, play again, leave a seat', async () => {
    const errors: string[] = [];
    const { context: contextA, page: a } = await openPage(suite.browser, { errors });
    const { context: contextB, page: b } = await openPage(suite.browser, { errors });

    await a.goto(suite.site.url);
    const online = a.getByRole('region', { name: 'online game' });
    await online.getByLabel('Game').selectOption('st-augustine');
    await online.getByLabel('name for Seat 0').fill('Ana');
    await online.getByLabel('name for Seat 1').fill('  Ben ');
    await online.locator('details.more > summary').click();
    await online.locator('#option-turns').fill('2');
    // A hostile name is refused by the server, as a sentence.
    await online.getByLabel('name for Seat 0').fill('Ana\u202E');
    await online.getByRole('button', { name: 'Create the match' }).click();
    await expect
      .poll(() => online.getByRole('alert').textContent())
      .toMatch(/control or invisible characters/);
    await online.getByLabel('name for Seat 0').fill('Ana');
    await online.getByRole('button', { name: 'Create the match' }).click();

    const mine = online.getByRole('region', { name: 'your matches' });
    const first = mine.getByRole('listitem').filter({ hasText: 'Seat 0: Ana' }).first();
    await expect.poll(() => first.textContent()).toContain('Seat 1: Ben');
    await expect.poll(() => first.textContent()).toContain('in play');
    await shoot(a, 'online-lobby-created');
    const linkB = await first.getByLabel('seat link of Seat 1').inputValue();
    await first.getByRole('button', { name: 'Play as Ana' }).click();
    await b.goto(linkB);
    const firstMatch = await matchOf(a);
    expect(await matchOf(b)).toBe(firstMatch);

    // Names on both screens: the status line, the seats, and later the log and the end screen.
    await expect.poll(() => statusOf(a)).toMatch(/^(Ana to play|Waiting for Ben \(Seat 1\))$/);
    await expect.poll(() => statusOf(b)).toMatch(/^(Ben to play|Waiting for Ana \(Seat 0\))$/);
    await shoot(b, 'online-named-game');

    await playToEnd([
      [a, 'Ana'],
      [b, 'Ben'],
    ]);
    for (const page of [a, b]) {
      const table = (await page.getByTestId('final-scores').textContent()) ?? '';
      expect(table).toContain('Ana (Seat 0)');
      expect(table).toContain('Ben (Seat 1)');
      const log = (await page.getByRole('list', { name: 'log', exact: true }).textContent()) ?? '';
      expect(log).toMatch(/Ana \(Seat 0\)/);
      expect(log).toMatch(/Ben \(Seat 1\)/);
    }
    await shoot(a, 'online-named-game-over');

    // Play again from the end screen: a new match, same names, Ana in her seat again.
    await a.getByRole('button', { name: 'Play again' }).click();
    await expect.poll(() => matchOf(a)).not.toBe(firstMatch);
    const secondMatch = await matchOf(a);
    await expect.poll(() => statusOf(a)).toMatch(/^(Ana to play|Waiting for Ben \(Seat 1\))$/);

    // Back in the lobby, the new match is listed first, with its links.
    await a.getByRole('button', { name: '← Lobby' }).click();
    const listed = a.getByRole('region', { name: 'your matches' }).getByLabel(/^match /);
    await expect.poll(() => listed.count()).toBe(2);
    expect(await listed.first().getAttribute('data-match')).toBe(secondMatch);
    await shoot(a, 'online-lobby-matches');
    // A new document: only the fragment differs from the page B is on.
    const linkB2 = await listed.first().getByLabel('seat link of Seat 1').inputValue();
    await b.goto('about:blank');
    await b.goto(linkB2);
    await expect.poll(() => statusOf(b)).toMatch(/^(Ben to play|Waiting for Ana \(Seat 0\))$/);
    expect(await matchOf(b)).toBe(secondMatch);

    // Ana's lobby makes Ben leave his seat: his token is revoked and his page is closed.
    await listed.first().getByRole('button', { name: 'Leave Seat 1' }).click();
    await expect.poll(() => statusOf(b)).toMatch(/^Closed/);
    await expect.poll(() => listed.first().getByLabel('seat link of Seat 1').count()).toBe(0);
    await shoot(b, 'online-seat-left');
    expect(errors).toEqual([]);
    await contextA.close();
    await contextB.close();
  }, 240_000);
});
