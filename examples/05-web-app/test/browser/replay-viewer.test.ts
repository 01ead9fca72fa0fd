import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderRichText, restoreMatch, type GameEvent, type SavedMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import {
  narrateStAugustineEvent,
  type StAugustinePresentContext,
} from '@ruleloom/st-augustine/present';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_BIN, SCREENS_DIR } from './helpers/built-app.js';
import { useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';

let dir: string;
let saveFile: string;
let save: SavedMatch;
const suite = useBrowserSuite({
  before: () => {
    dir = mkdtempSync(join(tmpdir(), 'ruleloom-replay-'));
    saveFile = join(dir, 'cli-save.json');
    // A save made by the real CLI: three bots play a short game.
    execFileSync(
      process.execPath,
      [
        CLI_BIN,
        'play',
        'st-augustine',
        '--players',
        '3',
        '--bots',
        'random',
        '--watch',
        '--seed',
        '7',
        '--option',
        'turns=6',
        '--save',
        saveFile,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], timeout: 60_000 },
    );
    save = JSON.parse(readFileSync(saveFile, 'utf8')) as SavedMatch;
  },
});
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

async function openViewer(page: Page, file: string): Promise<void> {
  await page.goto(suite.site.url);
  await page.getByRole('button', { name: 'Open the replay viewer' }).click();
  await page.getByLabel(/^Save file/).setInputFiles(file);
}

describe.runIf(HAS_CHROMIUM)('the replay viewer', () => {
  it('verifies a CLI save, scrubs through it and marks where hidden cards were revealed', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await openViewer(page, saveFile);
    await expect
      .poll(() => page.getByTestId('verified').textContent())
      .toContain(`Verified: ${String(save.actions.length)} actions`);
    const restored = restoreMatch(stAugustine, save);
    if (!restored.ok) throw new Error(restored.error.message);
    await expect
      .poll(() => page.getByText(/^Final scores:/).textContent())
      .toBe(`Final scores: ${restored.match.result!.scores.join(', ')}`);
    await page.screenshot({ path: join(SCREENS_DIR, 'replay-end.png'), fullPage: true });
    // The log narrates payments and attractions through St. Augustine's presenter.
    const events = restored.match.logFor('spectator').flatMap((e) => e.events);
    const ctx = {
      names: ['Seat 0', 'Seat 1', 'Seat 2'],
      rules: restored.match.engine,
    } as unknown as StAugustinePresentContext;
    const sentence = (e: GameEvent | undefined): string => {
      if (e === undefined) throw new Error('the save has no such event');
      const own = narrateStAugustineEvent(e, ctx, []);
      if (own === null || own === undefined || (typeof own === 'object' && 'narration' in own))
        throw new Error(`no sentence for ${e.type}`);
      return renderRichText(own);
    };
    const payment = sentence(
      events.find((e) => ['revenue', 'streetBonus', 'monopolyBonus'].includes(e.type)),
    );
    const attraction = sentence(events.find((e) => e.type === 'attractionPaid'));
    expect(payment).toMatch(/^Seat \d earns \$[\d,]+ \((revenue|street bonus|monopoly)/);
    expect(attraction).toMatch(/^Seat \d earns \$[\d,]+ \(/);
    const pageLog = await page.getByRole('list', { name: 'log' }).textContent();
    expect(pageLog).toContain(payment);
    expect(pageLog).toContain(attraction);
    // The first action after which a card is flipped reveals it (it lay hidden in the deck).
    const log = restored.match.logFor('spectator');
    const step = log.findIndex((e, i) => i > 0 && e.events.some((ev) => ev.type === 'cardFlipped'));
    const flippedId = String(log[step]!.events.find((ev) => ev.type === 'cardFlipped')!.card);
    // Named as the card table names it, never by its id.
    const flipped = stAugustine.cards.find((c) => c.id === flippedId)!.name;
    await page.getByLabel('step', { exact: true }).fill(String(step));
    await expect
      .poll(() => page.getByLabel('step number').textContent())
      .toBe(`step ${String(step)} of ${String(save.actions.length)}`);
    expect(await page.getByTestId('revealed').textContent()).toContain(flipped);
    expect(await page.getByTestId('revealed').textContent()).not.toContain(flippedId);
    // A card lies flipped there (the one revealed, or the shop an attraction flipped after it).
    expect(await page.getByTestId('flipped').count()).toBe(1);
    // Step back: the card is not flipped there yet; each seat's view can be picked.
    await page.getByRole('button', { name: 'previous step' }).click();
    expect(await page.getByLabel('step number').textContent()).toBe(
      `step ${String(step - 1)} of ${String(save.actions.length)}`,
    );
    await page.getByLabel('View of').selectOption('1');
    expect(await page.getByRole('article', { name: 'Seat 1 (you)' }).count()).toBe(1);
    await page.getByRole('button', { name: 'next step' }).click();
    expect(await page.getByTestId('revealed').textContent()).toContain(flipped);
    await page.screenshot({ path: join(SCREENS_DIR, 'replay-reveal.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('refuses a tampered save with core’s reason', async () => {
    const tampered = structuredClone(save) as unknown as {
      actions: { action: Record<string, unknown> }[];
    };
    const bid = tampered.actions.find((a) => a.action.type === 'bid')!;
    bid.action.amount = Number(bid.action.amount) + 1000;
    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(tampered));
    const expected = restoreMatch(stAugustine, tampered);
    expect(expected.ok).toBe(false);
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await openViewer(page, file);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      `Refused (${expected.ok ? '' : expected.error.code}): ${expected.ok ? '' : expected.error.message.slice(0, 300)}`,
    );
    expect(await page.getByTestId('verified').count()).toBe(0);
    await page.screenshot({ path: join(SCREENS_DIR, 'replay-refused.png') });
    await page.close();
  }, 60_000);
});
