import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_DIR, builtApp } from './helpers/built-app.js';
import { openPage } from './helpers/browser-suite.js';
import { HAS_CHROMIUM, launchChromium } from './helpers/chromium.js';
import { statusChange, statusOf } from './helpers/play-page.js';
import { startRuleloomServe, type RuleloomServe } from './helpers/ruleloom-serve.js';
import { checkAndShoot } from './helpers/screens.js';

/**
 * A kit the app was never built with (Stone Pile, a plain ES module of this test), served by
 * `ruleloom serve --game <path> --web`: the page, the API and the kit's browser bundle all
 * come from that one server; nothing of the app names the game.
 */
const KIT = fileURLToPath(new URL('./fixtures/stone-pile-kit.mjs', import.meta.url));

let browser: Browser | undefined;
let serve: RuleloomServe | undefined;
beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  builtApp();
  serve = await startRuleloomServe(['--game', KIT, '--web']);
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

/** The served origin (the web app and the API). */
function origin(): string {
  if (serve === undefined) throw new Error('no ruleloom serve');
  return serve.url;
}

/**
 * One decision on the generic board, through the kit's form: open "Gather stones…", type the
 * most stones the form's bounds allow, then confirm after the form's explanation. With
 * `check`, also checks what each step shows (and `shoot` takes the screenshots of the open form).
 */
async function gather(page: Page, check?: (step: string) => Promise<void>): Promise<boolean> {
  const decision = page.getByRole('group', { name: 'decision' });
  const open = decision.getByRole('button', { name: 'Gather stones…' });
  if ((await open.count()) === 0) return false;
  // The form replaces the take buttons: one control per declared form, not per action.
  expect(await decision.getByRole('button', { name: /^Gather [1-3] stones?$/ }).count()).toBe(0);
  const clicked = await open.click({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  if (!clicked) return false;
  const form = decision.getByRole('group', { name: 'Gather stones…' });
  const amount = form.getByLabel(/^How many stones of the \d+\?$/);
  await amount.waitFor({ timeout: 5_000 });
  // The bounds the form gives: the legal takes, 1 up to 3 (or what is left).
  const bounds = (await form.getByText(/^From 1 to [1-3]\.$/).textContent()) ?? '';
  const most = Number(/to ([1-3])/.exec(bounds)?.[1]);
  await check?.('amount');
  // A take the rules would refuse is refused by the form first, with its bounds.
  await amount.fill(String(most + 1));
  await form.getByRole('button', { name: 'Next' }).click();
  await form
    .getByText(`${String(most + 1)} is above the highest, ${String(most)}.`)
    .waitFor({ timeout: 5_000 });
  await amount.fill(String(most));
  await form.getByRole('button', { name: 'Next' }).click();
  const explain = form.getByRole('list', { name: 'what it does' });
  expect(await explain.textContent()).toMatch(
    new RegExp(`^The pile goes from (\\d+) to (\\d+)(\\.|: the last stone, the win\\.)$`),
  );
  const [, from, to] = /from (\d+) to (\d+)/.exec((await explain.textContent()) ?? '') ?? [];
  expect(Number(from) - Number(to)).toBe(most);
  await check?.('confirm');
  await form
    .getByRole('group', { name: 'Gather them?' })
    .getByRole('button', { name: 'Gather' })
    .click();
  return true;
}

/** The form can be left: "Not now" at its confirmation goes back to the decision's controls. */
async function leaveTheForm(page: Page): Promise<void> {
  const decision = page.getByRole('group', { name: 'decision' });
  await decision.getByRole('button', { name: 'Gather stones…' }).click();
  const form = decision.getByRole('group', { name: 'Gather stones…' });
  await form.getByLabel(/^How many stones of the \d+\?$/).fill('1');
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('button', { name: 'Not now' }).click();
  await decision.getByRole('button', { name: 'Gather stones…' }).waitFor({ timeout: 5_000 });
  expect(await decision.getByRole('group', { name: 'Gather stones…' }).count()).toBe(0);
}

/** What the board and the log show: the presenter's text, never the raw view. */
async function expectPresented(page: Page): Promise<void> {
  const board = page.getByTestId('board-text');
  expect(await board.textContent()).toMatch(/Pile: \d+ stones left/);
  expect(await board.textContent()).toContain('Stones taken');
  expect(await page.locator('.view-json').count()).toBe(0);
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toContain('"pile"');
  expect(text).not.toContain('{"type"');
  expect(text).not.toMatch(/take: stones/);
}

describe.runIf(HAS_CHROMIUM)('ruleloom serve --game <new kit> --web', () => {
  it('serves the built app itself, and the kit in its manifest', async () => {
    const index = await (await fetch(`${origin()}/`)).text();
    // The app the command line carries is this example's build (`pnpm run build` copies it),
    // with the script tag of the kits' boot module added.
    const tag =
      /<script type="module" src="\.\/served-kits\.js" data-ruleloom-served-kits><\/script>\n\s*/;
    expect(index).toMatch(tag);
    expect(index.replace(tag, '')).toBe(readFileSync(join(APP_DIR, 'dist/index.html'), 'utf8'));
    const manifest = (await (await fetch(`${origin()}/served-kits.json`)).json()) as {
      kits: { id: string }[];
    };
    expect(manifest.kits.map((k) => k.id)).toEqual(['stone-pile']);
  });

  it('plays the kit locally against a bot to the end: board text, narration, the kit’s form', async () => {
    const { context, page, errors } = await openPage(browser!);
    await page.goto(`${origin()}/`);
    const lobby = page.getByRole('region', { name: 'local game' });
    // The served kit comes first in the lobby, by the name its game gives.
    expect(await lobby.getByLabel('Game').inputValue()).toBe('stone-pile');
    expect(await lobby.getByLabel('Game').locator('option:checked').textContent()).toBe(
      'Stone Pile',
    );
    await checkAndShoot(page, 'served-kit-lobby');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();
    await page.getByTestId('prompt').waitFor({ timeout: 60_000 });
    let decisions = 0;
    for (let i = 0; i < 500; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      if (status === 'Gatherer 1 to play') {
        if (decisions === 0) {
          await expectPresented(page);
          await checkAndShoot(page, 'served-kit-local-board');
          await leaveTheForm(page);
        }
        const first = decisions === 0;
        if (
          await gather(
            page,
            first ? (step) => checkAndShoot(page, `served-kit-local-form-${step}`) : undefined,
          )
        )
          decisions++;
      }
      await statusChange(page, status, 500);
    }
    expect(decisions).toBeGreaterThan(0);
    const end = page.getByRole('region', { name: 'game over' });
    await end.waitFor({ timeout: 60_000 });
    const rows = (await end.locator('tbody tr').allTextContents()).join(' ');
    expect(rows).toMatch(/took the last stone/);
    expect(rows).toContain('bot');
    // The log narrates with the kit's sentences: every move of both seats.
    const log = (await page.getByRole('list', { name: 'log', exact: true }).textContent()) ?? '';
    expect(log).toMatch(/Gatherer 1 gathers [1-3] stones?; \d+ left on the pile\./);
    expect(log).toMatch(/Gatherer 2 gathers [1-3] stones?; \d+ left on the pile\./);
    expect(log).toContain('; 0 left on the pile.');
    await expectPresented(page);
    await checkAndShoot(page, 'served-kit-local-end');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('plays the kit online through the same server, two pages to the end', async () => {
    const errors: string[] = [];
    const { context: contextA, page: a } = await openPage(browser!, { errors });
    const { context: contextB, page: b } = await openPage(browser!, { errors });
    await a.goto(`${origin()}/`);
    const online = a.getByRole('region', { name: 'online game' });
    expect(await online.getByLabel('Game').inputValue()).toBe('stone-pile');
    await online.getByRole('button', { name: 'Create the match' }).click();
    const linkB = await online.getByLabel('link for Gatherer 2').inputValue();
    expect(linkB.startsWith(`${origin()}/`)).toBe(true);
    await online.getByRole('button', { name: 'Play Gatherer 1' }).click();
    await b.goto(linkB);
    const pages: [Page, number][] = [
      [a, 0],
      [b, 1],
    ];
    let decisions = 0;
    for (let i = 0; i < 500; i++) {
      const statuses = await Promise.all(pages.map(([p]) => statusOf(p)));
      if (statuses.every((s) => s.startsWith('Game over'))) break;
      for (const [k, [page, seat]] of pages.entries()) {
        if (statuses[k] !== `Gatherer ${String(seat + 1)} to play`) continue;
        if (await gather(page)) {
          decisions++;
          if (decisions === 2) {
            await expectPresented(page);
            await checkAndShoot(page, `served-kit-online-board-seat${String(seat)}`);
          }
        }
        await statusChange(page, statuses[k], 2_000);
      }
    }
    expect(decisions).toBeGreaterThan(1);
    for (const [page] of pages) {
      await page.getByRole('region', { name: 'game over' }).waitFor({ timeout: 30_000 });
      const log = (await page.getByRole('list', { name: 'log', exact: true }).textContent()) ?? '';
      expect(log).toContain('; 0 left on the pile.');
      await expectPresented(page);
    }
    await checkAndShoot(a, 'served-kit-online-end-seat0');
    expect(errors).toEqual([]);
    await contextA.close();
    await contextB.close();
  }, 240_000);
});

describe.runIf(HAS_CHROMIUM)('ruleloom serve --web with a kit that throws in the page', () => {
  it('starts the app with its own games and says that the served game could not be loaded', async () => {
    const failing = await startRuleloomServe([
      '--game',
      fileURLToPath(new URL('./fixtures/browser-failing-kit.mjs', import.meta.url)),
      '--web',
    ]);
    try {
      const { context, page, errors } = await openPage(browser!);
      await page.goto(`${failing.url}/`);
      const alert = page.getByRole('alert', { name: 'served game problems' });
      expect(await alert.textContent()).toBe(
        'The games served beside this app could not be loaded (the browser console says why): only the built-in games are here.',
      );
      const games = await page
        .getByRole('region', { name: 'local game' })
        .getByLabel('Game')
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(games).toEqual(['st-augustine', 'colonial-florida', 'liars-dice']);
      // The kit's own error, uncaught in its module: in the console, not a broken app.
      expect(errors).toEqual(['this kit cannot start in a browser']);
      await context.close();
    } finally {
      await failing.stop();
    }
  }, 120_000);
});
