import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games.js';
import { seatLabel } from '../../src/presenters.js';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { playGeneric } from './helpers/kit-play.js';
import { auditPage, gameIdentifiers, type AuditProblem } from './helpers/page-audit.js';
import {
  openMoreSettings,
  playColonialFlorida,
  playStAugustine,
  statusChange,
  statusOf,
} from './helpers/play-page.js';
import { shoot } from './helpers/screens.js';

// A development build: the debug panel is one of the screens checked.
const suite = useBrowserSuite({ dev: true, timeout: 180_000 });

/**
 * Short games (the lobby's defaults are the real ones), trading on for St. Augustine; Colonial
 * Florida hot-seat for two (seed 5: the same clicks give the same game, and a battle comes).
 */
const SHORT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'st-augustine': { turns: '4', trading: 'on' },
  'colonial-florida': { maxTurns: '10' },
};

/** One decision of seat 0 through the page's controls. */
function play(page: Page, id: string, n: number): Promise<boolean> {
  if (id === 'st-augustine') return playStAugustine(page, n);
  if (id === 'colonial-florida') return playColonialFlorida(page);
  return playGeneric(page, n);
}

/** The problems as lines, for a readable failure. */
const lines = (found: readonly AuditProblem[]) =>
  found.map((f) => `${f.screen} @${String(f.width)}: ${f.problem}`);

/**
 * A bid between the legal steps ($500 above the minimum): the Bid button is disabled and says
 * why, in words made from the legal bids; then the minimum again.
 */
async function oddBid(
  page: Page,
  ids: ReturnType<typeof gameIdentifiers>,
  found: AuditProblem[],
): Promise<void> {
  const amount = page.getByLabel('bid amount');
  const min = Number(await amount.getAttribute('min'));
  if (Number(await amount.getAttribute('max')) <= min) return;
  await amount.fill(String(min + 500));
  const bid = page.getByRole('group', { name: 'auction' }).getByRole('button', { name: /^Bid \$/ });
  await expect.poll(() => bid.isDisabled()).toBe(true);
  const reason = (await page.locator('#bid-why').textContent()) ?? '';
  // The game's own words for its bids (its presenter), the range from its legal actions.
  expect(reason).toMatch(
    /^Not allowed now: bids \$[\d,]+500\. Allowed: bids \$[\d,]+ up to bids \$[\d,]+ \(\d+ choices\)\.$/,
  );
  expect(await bid.getAttribute('title')).toBe(reason);
  found.push(...(await auditPage(page, 'st-augustine bid between steps', ids)));
  await shoot(page, 'screen-bid-reason');
  await amount.fill(String(min));
  await expect.poll(() => bid.isEnabled()).toBe(true);
}

describe.runIf(HAS_CHROMIUM)('every screen at 1280 and 390 px', () => {
  it('the lobby names as many games as it offers', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(suite.site.url);
    const hero = (await page.locator('header.hero p').textContent()) ?? '';
    expect(hero).not.toMatch(/\b(one|two|three|four|five|six) (board )?games?\b/i);
    for (const g of GAMES) expect(hero).toContain(g.name);
    expect(
      await page
        .getByRole('region', { name: 'local game' })
        .getByLabel('Game')
        .locator('option')
        .count(),
    ).toBe(GAMES.length);
    await context.close();
  });

  it('the audit finds each kind of problem on a page made to have them (so it can fail)', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.setContent(`<body style="margin:0">
      <p>Turn 2 · phase bid · 1 shops · monopoly of art gallerys · cafes · proposeTrade</p>
      <button disabled>Bid $5,500</button>
      <div style="width: 1400px">a row wider than the screen</div>
      <span class="card-chip" tabindex="0" style="position: absolute; left: 300px"
        data-effect="an effect">Chip</span>
      <style>.card-chip:focus::after { content: attr(data-effect); position: absolute; left: 0;
        width: 18rem; padding: 0 0.5rem; }</style>
    </body>`);
    const ids = gameIdentifiers(GAMES.find((g) => g.id === 'st-augustine')!.game);
    const found = lines(await auditPage(page, 'made', ids)).join('\n');
    expect(found).toContain('raw identifier "proposeTrade"');
    expect(found).toContain('raw identifier "cafes"');
    expect(found).toContain('raw phase "phase bid"');
    expect(found).toContain('"1 shops"');
    expect(found).toContain('wrong plural "gallerys"');
    expect(found).toContain('disabled without a reason: <button> "Bid $5,500"');
    expect(found).toMatch(/made @1280: the page is \d+ px wide/);
    expect(found).toMatch(/made @390: off-screen \(0\.\.1400\): <div> "a row wider/);
    expect(found).toContain('made @390: the effect bubble of "Chip" spans');
    await context.close();
  });

  it.each(GAMES.map((g) => g.id))(
    '%s: lobby, how to play, each kind of decision, end screen, debug panel and replay: nothing off-screen, no raw identifier, every disabled control says why',
    async (id) => {
      const ids = gameIdentifiers(GAMES.find((g) => g.id === id)!.game);
      const found: AuditProblem[] = [];
      const { context, page, errors } = await openPage(suite.browser, { acceptDownloads: true });
      await page.goto(suite.site.url);
      const lobby = page.getByRole('region', { name: 'local game' });
      await lobby.getByLabel('Game').selectOption(id);
      await lobby.getByLabel('Opponents').selectOption('easy');
      await lobby.getByText('How to play').first().click();
      await openMoreSettings(page);
      await lobby.getByLabel('Seed').fill(id === 'colonial-florida' ? '5' : '7');
      if (id === 'colonial-florida') {
        await lobby.getByLabel('Players', { exact: true }).fill('2');
        await lobby.getByLabel(new RegExp(`^${seatLabel(id, 1)}`)).selectOption('human');
      }
      for (const [key, value] of Object.entries(SHORT[id] ?? {})) {
        const field = lobby.locator(`#option-${key}`);
        if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
        else await field.fill(value);
      }
      found.push(...(await auditPage(page, `lobby ${id}`, ids)));
      await shoot(page, `screen-lobby-${id}`);
      await lobby.getByRole('button', { name: 'Start the local game' }).click();
      await page.getByTestId('prompt').waitFor({ timeout: 120_000 });

      // Every kind of decision (the prompt's first words) is audited once, with a screenshot.
      const seen = new Set<string>();
      const kinds: string[] = [];
      let decisions = 0;
      for (let i = 0; i < 3_000; i++) {
        const status = await statusOf(page);
        if (status.startsWith('Game over')) break;
        if (/ to play$/.test(status)) {
          const prompt = (await page.getByTestId('prompt').textContent()) ?? '';
          // A kind of decision: the prompt's first words and the first word of each control.
          const controls = await page
            .getByRole('region', { name: 'your turn' })
            .getByRole('button')
            .allTextContents();
          const kind = [
            ...prompt.split(/[\s:?.,]+/).slice(0, 2),
            ...new Set(controls.map((c) => c.split(/\s+/)[0] ?? '')),
          ].join(' ');
          if (!seen.has(kind)) {
            seen.add(kind);
            found.push(...(await auditPage(page, `${id} "${kind}"`, ids)));
            kinds.push(kind);
            await shoot(page, `screen-game-${id}-${String(seen.size)}`);
            if (id === 'st-augustine' && kind.startsWith('Bid')) await oddBid(page, ids, found);
          }
          const battle = page.getByRole('region', { name: 'battle' });
          if (!seen.has('battle') && (await battle.count()) > 0) {
            seen.add('battle');
            kinds.push('battle');
            found.push(...(await auditPage(page, `${id} battle`, ids)));
            await shoot(page, `screen-battle-${id}`);
          }
          if (await play(page, id, decisions)) decisions++;
        }
        await statusChange(page, status, 300);
      }
      await page.getByRole('region', { name: 'game over' }).waitFor();
      expect(decisions).toBeGreaterThan(0);
      // More than one kind of decision was met and audited (bids and trades, moves and attacks).
      if (id !== 'liars-dice') expect(kinds.length, kinds.join(' | ')).toBeGreaterThan(1);
      found.push(...(await auditPage(page, `end ${id}`, ids)));
      await shoot(page, `screen-end-${id}`);

      // The debug panel, opened with its state and view sections.
      const panel = page.locator('[data-ruleloom-debug]');
      await panel.locator('summary').first().click();
      found.push(...(await auditPage(page, `debug panel ${id}`, ids)));
      await shoot(page, `screen-debug-${id}`);

      // The replay viewer with this game's save.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the save' }).click();
      const save = readFileSync(await (await download).path(), 'utf8');
      await page.getByRole('button', { name: '← Lobby' }).click();
      await page.getByRole('button', { name: 'Open the replay viewer' }).click();
      await page.getByLabel(/^Save file/).setInputFiles({
        name: `${id}.json`,
        mimeType: 'application/json',
        buffer: Buffer.from(save),
      });
      await page.getByRole('group', { name: 'replay controls' }).waitFor();
      found.push(...(await auditPage(page, `replay ${id}`, ids)));
      await shoot(page, `screen-replay-${id}`);

      expect(lines(found)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    300_000,
  );
});
