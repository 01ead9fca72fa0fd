import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { statusOf } from './helpers/play-page.js';
import { outsideViewport, shoot, WIDTHS } from './helpers/screens.js';

// The app and the server's API behind one origin (the site proxies /matches and /play).
const suite = useBrowserSuite({ serve: [] });

/** The chat lines a page shows: who said each, and its text. */
function chatLines(page: Page): Promise<string[][]> {
  return page
    .getByRole('region', { name: 'chat' })
    .locator('li')
    .evaluateAll((lis) =>
      lis.map((li) => [
        li.querySelector('.chat-who')?.textContent ?? '',
        li.querySelector('.chat-text')?.textContent ?? '',
      ]),
    );
}

async function say(page: Page, text: string): Promise<void> {
  const chat = page.getByRole('region', { name: 'chat' });
  await chat.getByLabel('Chat message').fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
  // Sent and stored: the box empties.
  await expect.poll(() => chat.getByLabel('Chat message').inputValue()).toBe('');
}

describe.runIf(HAS_CHROMIUM)('chat in an online game', () => {
  it('two seats chat: each line shows for the other seat as plain text, survives a reload, and the panel fits a 390 px phone', async () => {
    const { context: contextA, page: a, errors } = await openPage(suite.browser);
    const { context: contextB, page: b } = await openPage(suite.browser, { errors });

    await a.goto(suite.site.url);
    const online = a.getByRole('region', { name: 'online game' });
    await online.getByLabel('Game').selectOption('st-augustine');
    await online.getByLabel('name for Seat 0').fill('Ana');
    await online.getByLabel('name for Seat 1').fill('Ben');
    await online.getByRole('button', { name: 'Create the match' }).click();
    const linkB = await online.getByLabel('link for Seat 1').inputValue();
    await online.getByRole('button', { name: 'Play Seat 0' }).click();
    await b.goto(linkB);
    for (const page of [a, b])
      await expect.poll(() => statusOf(page)).toMatch(/to play$|Waiting for/);

    const chatA = a.getByRole('region', { name: 'chat' });
    expect(await chatA.textContent()).toContain('No messages yet.');
    // Markup in a line is text: it shows as typed and makes no element.
    const hostile = '<img src=x onerror="document.title=\'pwned\'"><b>hi</b> Ben';
    await say(a, hostile);
    await expect.poll(() => chatLines(b)).toEqual([['Ana (Seat 0)', hostile]]);
    for (const page of [a, b]) {
      expect(await page.getByRole('region', { name: 'chat' }).locator('img, b').count()).toBe(0);
      expect(await page.title()).not.toBe('pwned');
    }
    await say(b, 'Hello Ana! Good luck 🎲');
    // A long word wraps instead of pushing the page sideways.
    await say(b, `Supercalifragilistic${'expialidocious'.repeat(12)}`);
    await expect.poll(async () => (await chatLines(a)).length).toBe(3);
    expect(await chatLines(a)).toEqual([
      ['Ana (Seat 0) (you)', hostile],
      ['Ben (Seat 1)', 'Hello Ana! Good luck 🎲'],
      ['Ben (Seat 1)', `Supercalifragilistic${'expialidocious'.repeat(12)}`],
    ]);

    // At both screenshot widths, nothing of the page sticks out of the viewport.
    for (const page of [a, b])
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        expect(await outsideViewport(page), `seat page at ${String(width)} px`).toEqual([]);
      }
    await a.setViewportSize({ width: 1280, height: 800 });
    await b.setViewportSize({ width: 1280, height: 800 });
    await chatA.scrollIntoViewIfNeeded();
    await shoot(a, 'online-chat');
    await shoot(b, 'online-chat-other-seat');

    // The chat is stored with the match: a reloaded page shows it again.
    await b.reload();
    await expect.poll(async () => (await chatLines(b)).length).toBe(3);
    expect((await chatLines(b)).map(([, text]) => text)).toEqual(
      (await chatLines(a)).map(([, text]) => text),
    );
    // Empty lines are refused with a sentence, not sent.
    await b.getByRole('region', { name: 'chat' }).getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => b.getByRole('region', { name: 'chat' }).getByRole('alert').textContent())
      .toBe('Type something first.');
    expect(errors).toEqual([]);
    await contextA.close();
    await contextB.close();
  }, 120_000);
});
