import { readFileSync } from 'node:fs';
import { createMatch, type SavedMatch } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import liarsDiceKit from '../../../06-liars-dice/src/kit.js';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import { playGeneric, shownNow, type ShownAt } from './helpers/kit-play.js';
import { finalScores, openMoreSettings, statusChange, statusOf } from './helpers/play-page.js';
import { shoot } from './helpers/screens.js';

const suite = useBrowserSuite({ timeout: 180_000 });

const game = liarsDiceKit.game;

describe.runIf(HAS_CHROMIUM)('a third-party kit as a local game, on the generic board', () => {
  it("Liar's Dice from the default lobby against the default bots to the end screen; no other cup shown", async () => {
    const { context, page, errors } = await openPage(suite.browser, { acceptDownloads: true });
    await page.goto(suite.site.url);
    const lobby = page.getByRole('region', { name: 'local game' });
    const names = await lobby
      .getByLabel('Game')
      .locator('option')
      .evaluateAll((os) => os.map((o) => o.textContent));
    expect(names).toContain("Liar's Dice");
    await lobby.getByLabel('Game').selectOption('liars-dice');
    // The kit's default setup and its presets' bots; options from the game's declarations.
    expect(await lobby.getByLabel('Opponents').inputValue()).toBe('normal');
    expect(await lobby.getByLabel('Players').inputValue()).toBe(
      String(liarsDiceKit.defaultSetup.players),
    );
    await lobby.getByText('How to play').click();
    expect(await lobby.textContent()).toContain(liarsDiceKit.presenter!.summary[0]!.slice(0, 40));
    await openMoreSettings(page);
    expect(await lobby.locator('#option-dice').inputValue()).toBe('3');
    expect(await lobby.locator('#option-dice').getAttribute('max')).toBe('5');
    expect(await lobby.getByLabel(/^Player 2/).inputValue()).toBe('ismcts-fast-liars-dice');
    const kinds = await lobby
      .getByLabel(/^Player 2/)
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(kinds).toEqual(['human', 'ismcts-liars-dice', 'ismcts-fast-liars-dice', 'random']);
    await lobby.getByLabel('Seed').fill('7');
    await shoot(page, 'lobby-liars-dice');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();

    await page.getByTestId('prompt').waitFor({ timeout: 60_000 });
    const shown: ShownAt[] = [];
    let decisions = 0;
    let formChecked = false;
    for (let i = 0; i < 2_000; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      if (status === 'Player 1 to play') {
        shown.push(await shownNow(page));
        const form = page.getByRole('group', { name: 'Bid' });
        if (!formChecked && (await form.count()) > 0) {
          // The fields offer only legal values: a quantity, then the faces legal with it.
          formChecked = true;
          const quantities = await form.locator('#action-bid-quantity option').allTextContents();
          expect(quantities.length).toBeGreaterThan(1);
          await form.locator('#action-bid-quantity').selectOption({ label: quantities[1]! });
          expect(await page.getByTestId('choice-bid').textContent()).toMatch(
            new RegExp(`^Bids ${quantities[1]!} × [1-6]$`),
          );
          await shoot(page, 'board-liars-dice');
          // On a phone: nothing wider than the screen, the decision in sight without scrolling.
          await page.setViewportSize({ width: 390, height: 844 });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(390);
          const box = await form.getByRole('button', { name: 'Bid' }).boundingBox();
          expect(box!.y + box!.height).toBeLessThanOrEqual(844);
          await page.setViewportSize({ width: 1280, height: 800 });
        }
        if (await playGeneric(page, decisions)) {
          decisions++;
          // Later in the game: the latest moves narrated under the board.
          if (decisions === 4) await shoot(page, 'board-liars-dice-later');
        }
      }
      await statusChange(page, status, 300);
    }
    expect(decisions).toBeGreaterThan(2);
    const end = page.getByRole('region', { name: 'game over' });
    await end.waitFor({ timeout: 60_000 });
    await shoot(page, 'end-liars-dice');
    expect(await end.getByRole('heading').first().textContent()).toMatch(/wins!$|^A tie/);
    const rows = await end.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows.join(' ')).toContain('(you)');
    expect(rows.join(' ')).toContain('Normal bot');
    for (const r of rows) expect(r).toMatch(/\d (die|dice)$/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the save' }).click();
    const save = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as SavedMatch;
    expect(save.setup.seed).toBe(7);
    const match = createMatch(game, save.setup);
    // The true cups after each version, to check what the page showed then.
    const cups: number[][][] = [match.state.game.players.map((p) => [...p.cup])];
    for (const a of save.actions) {
      expect(match.applyInput(a.seat, a.action).ok).toBe(true);
      cups.push(match.state.game.players.map((p) => [...p.cup]));
    }
    expect(match.isOver).toBe(true);
    expect(await finalScores(page)).toEqual([...match.result!.scores]);

    // While seat 0 was to play, the bots' cups were hidden (their board lines say "hidden")
    // and seat 0's own faces were shown.
    expect(shown.length).toBe(decisions);
    let checkedHidden = 0;
    for (const s of shown) {
      const truth = cups[s.version]!;
      const lines = s.board.split('\n');
      for (const [seat, cup] of truth.entries()) {
        const line = lines.find((l) => l.startsWith(`Player ${String(seat + 1)}:`)) ?? '';
        if (seat === 0) {
          expect(line).toContain(`cup ${cup.join(' ')}`);
          continue;
        }
        if (cup.length > 0) expect(line).toContain(`cup ${String(cup.length)} hidden`);
        checkedHidden += cup.length;
      }
    }
    expect(checkedHidden).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
