import { join } from 'node:path';
import { stAugustine } from '@ruleloom/st-augustine';
import type { AnyGame } from '@ruleloom/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENS_DIR } from './helpers/built-app.js';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { hiddenFrom, leaksIn } from './helpers/leaks.js';
import { finalScores, playStAugustine, statusOf, versionsSeen } from './helpers/play-page.js';
import { readStoredMatch } from './helpers/ruleloom-serve.js';

// The app and the server's API behind one origin (the site proxies /matches and /play).
const suite = useBrowserSuite({ serve: [] });

describe.runIf(HAS_CHROMIUM)('an online game through a real ruleloom serve', () => {
  it('two browsers play it to the end; one reloads mid-game and resumes; no frame leaks', async () => {
    const { context: contextA, page: a, frames: framesA } = await openPage(suite.browser);
    const { context: contextB, page: b, frames: framesB } = await openPage(suite.browser);

    await a.goto(suite.site.url);
    const online = a.getByRole('region', { name: 'online game' });
    expect(await online.getByLabel('Server URL').inputValue()).toBe(suite.site.url);
    await online.getByLabel('Game').selectOption('st-augustine');
    // The seats offer the bots the server itself lists in GET /games.
    const hosted = (await (await fetch(`${suite.serve.url}/games`)).json()) as { bots: string[] };
    await expect
      .poll(() => online.getByTestId('server-bots').textContent())
      .toBe(`The server plays these bots: ${hosted.bots.join(', ')}.`);
    const offered = await online
      .getByLabel('Seat 1')
      .locator('option')
      .evaluateAll((os) => os.map((o) => o.textContent));
    expect(offered).toEqual([
      'a person (seat link)',
      ...hosted.bots.map((b) => `server bot: ${b}`),
    ]);
    // A server that does not answer offers no bots.
    const url = online.getByLabel('Server URL');
    await url.fill('http://127.0.0.1:9');
    await expect
      .poll(() => online.getByTestId('server-bots').textContent())
      .toMatch(/^Waiting for the server/);
    expect(await online.getByLabel('Seat 1').locator('option').count()).toBe(1);
    await url.fill(suite.site.url);
    await expect
      .poll(() => online.getByTestId('server-bots').textContent())
      .toMatch(/plays these bots/);
    await online.locator('details.more > summary').click();
    await online.locator('#option-turns').fill('2');
    await online.getByRole('button', { name: 'Create the match' }).click();
    const linkB = await online.getByLabel('link for Seat 1').inputValue();
    expect(linkB).toMatch(/#seat=/);
    expect(linkB.split('#')[0]).not.toContain('rl1.');
    await a.screenshot({ path: join(SCREENS_DIR, 'online-lobby.png') });
    await online.getByRole('button', { name: 'Play Seat 0' }).click();
    await b.goto(linkB);

    const pages: [Page, number][] = [
      [a, 0],
      [b, 1],
    ];
    let decisions = 0;
    let reloaded = false;
    for (let i = 0; i < 3_000; i++) {
      const statuses = await Promise.all(pages.map(([p]) => statusOf(p)));
      if (statuses.every((s) => s.startsWith('Game over'))) break;
      for (const [k, [page, seat]] of pages.entries()) {
        if (statuses[k] !== `Seat ${String(seat)} to play`) continue;
        if (await playStAugustine(page, decisions + seat)) decisions++;
      }
      if (!reloaded && decisions >= 4) {
        reloaded = true;
        await b.screenshot({ path: join(SCREENS_DIR, 'online-before-reload.png') });
        const before = framesB.length;
        await b.reload();
        // It resumes: a new welcome, then the seat's turn or the wait for the other seat.
        await b.waitForFunction(() =>
          /to play$|Waiting for|Game over/.test(
            document.querySelector('[data-testid="status"]')?.textContent ?? '',
          ),
        );
        const welcome = framesB
          .slice(before)
          .map((f) => JSON.parse(f) as { type: string; version?: number; lastSeq?: number });
        const w = welcome.find((f) => f.type === 'welcome');
        expect(w?.version).toBeGreaterThan(0);
        expect(w?.lastSeq).toBeGreaterThan(0);
      }
      await a.waitForTimeout(30);
    }
    expect(reloaded).toBe(true);
    await a.screenshot({ path: join(SCREENS_DIR, 'online-game-over.png'), fullPage: true });
    const id = (
      JSON.parse(Buffer.from(linkB.split('#seat=')[1]!, 'base64url').toString()) as {
        match: string;
      }
    ).match;
    const truth = readStoredMatch(stAugustine as AnyGame, suite.serve.dbFile, id);
    expect(truth.match.isOver).toBe(true);
    expect(await finalScores(a)).toEqual([...truth.match.result!.scores]);
    expect(await finalScores(b)).toEqual([...truth.match.result!.scores]);
    // Every frame each page received: no seed, no generator, no card it could not yet see.
    for (const [frames, seat] of [
      [framesA, 0],
      [framesB, 1],
    ] as const) {
      // The page saw every version, in a welcome's missed entries or in an update.
      const versions = truth.match.actions.length;
      expect(versions).toBeGreaterThan(4);
      expect(versionsSeen(frames)).toEqual(Array.from({ length: versions }, (_, v) => v + 1));
      const hidden = hiddenFrom(truth, seat);
      const leaks = frames.flatMap((f) => leaksIn(f, truth, hidden));
      expect(leaks).toEqual([]);
    }
    // The seat tokens never were in a URL the site saw (only in fragments and join messages).
    expect(suite.site.requested.filter((u) => u.includes('rl1.'))).toEqual([]);
    await contextA.close();
    await contextB.close();
  }, 120_000);
});
