import { readFileSync } from 'node:fs';
import { createMatch, variantFromData, type SavedMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import {
  finalScores,
  openMoreSettings,
  playStAugustine,
  statusChange,
  statusOf,
} from './helpers/play-page.js';
import { shoot } from './helpers/screens.js';

const suite = useBrowserSuite({ timeout: 180_000 });

/** A variant with one mistake of each kind the lobby must name (JSON). */
const BROKEN = JSON.stringify({
  game: 'st-augustine',
  id: 'broken-rules',
  options: { turnz: 3, trading: 7 },
  cards: { remove: ['no-such-shop'] },
  phases: { remove: ['no-such-phase'] },
});

/** A designer's variant file (YAML): two turns, no trading. */
const SHORT = `# A quick game for the lobby test
game: st-augustine
id: st-augustine-two-turns
name: Two turns
description: the whole game in two turns, without trading
options:
  turns: 2
  trading: 'off'
`;

describe.runIf(HAS_CHROMIUM)('a rules variant uploaded in the lobby', () => {
  it('lists every problem of a bad file with its path, then plays a good one to the end against the bots', async () => {
    const { context, page, errors } = await openPage(suite.browser, { acceptDownloads: true });
    await page.goto(suite.site.url);
    const lobby = page.getByRole('region', { name: 'local game' });
    await lobby.getByLabel('Game').selectOption('st-augustine');
    await openMoreSettings(page);
    const upload = lobby.getByLabel(/^Rules variant/);

    // A bad file: nothing starts with it; each problem is a sentence with its path.
    await upload.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(BROKEN),
    });
    const problems = lobby.getByRole('alert', { name: 'variant problems' });
    await problems.waitFor();
    const lines = await problems.locator('li').allTextContents();
    expect(lines).toContain(
      "options.turnz: 'st-augustine' has no option 'turnz'. Did you mean 'turns'?",
    );
    expect(lines.some((l) => l.startsWith('options.trading: '))).toBe(true);
    expect(lines).toContain("cards.remove[0]: no card 'no-such-shop' to remove.");
    expect(lines).toContain("phases.remove[0]: no phase 'no-such-phase' to remove.");
    await shoot(page, 'lobby-variant-problems');

    // Not a variant file at all.
    await upload.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{ "game": '),
    });
    await expect
      .poll(async () => problems.locator('li').allTextContents())
      .toEqual(['the file is neither JSON nor YAML (check its syntax)']);

    // A good file: its options become the lobby's, and the game is played by its rules.
    await upload.setInputFiles({
      name: 'two-turns.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(SHORT),
    });
    await expect
      .poll(async () => lobby.locator('#variant-help').textContent())
      .toBe('Playing the variant Two turns: the whole game in two turns, without trading');
    expect(await problems.count()).toBe(0);
    expect(await lobby.locator('#option-turns').inputValue()).toBe('2');
    expect(await lobby.locator('#option-trading').inputValue()).toBe('off');
    await lobby.getByLabel('Seed').fill('5');
    await shoot(page, 'lobby-variant-loaded');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();

    await page.getByTestId('prompt').waitFor({ timeout: 120_000 });
    let decisions = 0;
    for (let i = 0; i < 2_000; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      if (/ to play$/.test(status) && (await playStAugustine(page, decisions))) decisions++;
      await statusChange(page, status, 300);
    }
    const end = page.getByRole('region', { name: 'game over' });
    await end.waitFor();
    await shoot(page, 'end-variant');
    expect(decisions).toBeGreaterThan(0);

    // The save names the variant; the variant's rules (from the same file) replay it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the save' }).click();
    const save = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as SavedMatch;
    expect(save.game).toBe('st-augustine-two-turns');
    // The bots (in the worker, told the variant) played their seats.
    expect(new Set(save.actions.map((a) => a.seat))).toEqual(new Set([0, 1, 2]));
    const variant = variantFromData(stAugustine, {
      game: 'st-augustine',
      id: 'st-augustine-two-turns',
      name: 'Two turns',
      description: 'the whole game in two turns, without trading',
      options: { turns: 2, trading: 'off' },
    });
    if (!variant.ok) throw new Error(variant.problems.map((p) => p.message).join('; '));
    const match = createMatch(variant.variant, save.setup);
    for (const a of save.actions) expect(match.applyInput(a.seat, a.action).ok).toBe(true);
    expect(match.isOver).toBe(true);
    expect(match.hash()).toBe(save.hash);
    expect(await finalScores(page)).toEqual([...match.result!.scores]);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});

describe.runIf(HAS_CHROMIUM)('taking back and redoing a move in a local game', () => {
  it("Liar's Dice hot-seat: a bid is taken back and redone; a new move clears the redo; after a challenge (it lifts the cups) Take back says why not", async () => {
    const { context, page, errors } = await openPage(suite.browser);
    await page.goto(suite.site.url);
    const lobby = page.getByRole('region', { name: 'local game' });
    await lobby.getByLabel('Game').selectOption('liars-dice');
    await openMoreSettings(page);
    await lobby.getByLabel(/^Player 2/).selectOption('human');
    await lobby.getByLabel('Seed').fill('3');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();
    await page.getByTestId('prompt').waitFor({ timeout: 60_000 });
    const log = page.getByRole('list', { name: 'log' }).locator(':scope > li');
    const takeBack = page.getByRole('button', { name: 'Take back my move' });
    const redo = page.getByRole('button', { name: 'Redo' });
    // Nothing played, nothing taken back: both disabled, each with its reason beside it.
    expect(await takeBack.isDisabled()).toBe(true);
    expect(await page.locator('#undo-why').textContent()).toBe(
      'There is no move of yours to take back.',
    );
    expect(await takeBack.getAttribute('aria-describedby')).toBe('undo-why');
    expect(await redo.isDisabled()).toBe(true);
    expect(await page.locator('#redo-why').textContent()).toBe('No move was taken back.');

    const decision = page.getByRole('group', { name: 'decision' });
    const bid = async () => {
      const status = await statusOf(page);
      const form = page.getByRole('group', { name: 'Bid' });
      await form.getByRole('button').first().click();
      await statusChange(page, status);
    };
    await bid();
    const before = await statusOf(page);
    const bidLine = await log.first().textContent();
    expect(await log.count()).toBe(1);
    await takeBack.click();
    await expect.poll(() => log.count()).toBe(0);
    expect(await statusOf(page)).not.toBe(before);
    await shoot(page, 'take-back-liars-dice');

    // Redo plays the bid again, as it was.
    expect(await redo.isEnabled()).toBe(true);
    await redo.click();
    await expect.poll(() => log.count()).toBe(1);
    expect(await log.first().textContent()).toBe(bidLine);
    expect(await statusOf(page)).toBe(before);
    expect(await redo.isDisabled()).toBe(true);
    await shoot(page, 'redo-liars-dice');

    // A new move after a take-back clears the redo.
    await takeBack.click();
    await expect.poll(() => log.count()).toBe(0);
    await bid();
    expect(await redo.isDisabled()).toBe(true);
    expect(await page.locator('#redo-why').textContent()).toBe(
      'A move was played since the take-back.',
    );

    // The other seat calls: the cups are lifted, which a take-back would hide again.
    const status = await statusOf(page);
    await decision.getByRole('button', { name: /liar/i }).first().click();
    await statusChange(page, status);
    // Refused with its reason: the game cannot take a challenge back (the client's undoRefusal).
    await expect.poll(() => takeBack.isDisabled()).toBe(true);
    expect(await page.locator('#undo-why').textContent()).toMatch(
      /^That move cannot be taken back/,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
