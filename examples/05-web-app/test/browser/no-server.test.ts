import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApp } from './helpers/built-app.js';
import { HAS_CHROMIUM, launchChromium } from './helpers/chromium.js';
import { shoot } from './helpers/screens.js';
import { startStaticServer, type StaticServer } from './helpers/static-server.js';

// The app served alone (no `ruleloom serve` behind it): local play only, every server path 404.
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

/** Raw statuses, codes and developer messages that must never reach a player. */
const RAW = /\b(404|500|502)\b|answered|http_|network_error|bad_answer|[a-z]+_[a-z]+_?[a-z]*:/;

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('region', { name: 'online game' }).getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describe.runIf(HAS_CHROMIUM)('the web app without a server (local play only)', () => {
  it('shows a friendly sentence under "Your matches" and sentences for every online refusal', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    const online = page.getByRole('region', { name: 'online game' });
    const mine = online.getByRole('region', { name: 'your matches' });
    const note = mine.getByRole('status');
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toBe(
      `Online play needs a Ruleloom server, and none answers at ${site.url}.`,
    );
    // Checked without the site's address: its port is random (the sentence above checks it).
    const lobbyText = ((await mine.textContent()) ?? '').replaceAll(site.url, '<site>');
    expect(lobbyText).not.toMatch(RAW);
    expect(lobbyText).not.toContain('No matches yet');
    expect(await mine.getByRole('alert').count()).toBe(0);
    await shoot(page, 'lobby-no-server');

    // Creating a match here is refused as the same sentence, never a status.
    await online.getByRole('button', { name: 'Create the match' }).click();
    const refused = await alertText(page);
    expect(refused).toBe(`Online play needs a Ruleloom server, and none answers at ${site.url}.`);

    // A server address where nothing listens: a sentence too, for the list and for create.
    await online.getByLabel('Server URL').fill('http://127.0.0.1:9');
    await expect
      .poll(() => note.textContent())
      .toBe('Online play needs a Ruleloom server, and none answers at http://127.0.0.1:9.');
    await online.getByRole('button', { name: 'Create the match' }).click();
    await expect
      .poll(() => alertText(page))
      .toBe('Online play needs a Ruleloom server, and none answers at http://127.0.0.1:9.');

    // A pasted text that is not a seat link.
    await online.getByLabel('Seat link', { exact: true }).fill('hello');
    await online.getByRole('button', { name: 'Join with the link' }).click();
    await expect.poll(() => alertText(page)).toMatch(/^That is not a seat link: .*\.$/);

    const whole = ((await online.textContent()) ?? '').replaceAll(site.url, '<site>');
    expect(whole).not.toMatch(RAW);
    expect(errors).toEqual([]);
    await page.close();
  });
});
