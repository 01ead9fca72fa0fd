import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMatch, type AnyGame, type SavedMatch } from '@ruleloom/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { markerLabel } from '@ruleloom/colonial-florida/present';
import { describeStAugustineAction } from '@ruleloom/st-augustine';
import { BOARDS } from '../../src/boards.js';
import { GAMES } from '../../src/games.js';
import { seatLabel } from '../../src/presenters.js';
import { openPage, useBrowserSuite } from './helpers/browser-suite.js';
import { HAS_CHROMIUM } from './helpers/chromium.js';
import {
  finalScores,
  openMoreSettings,
  playColonialFlorida,
  playStAugustine,
  statusChange,
  statusOf,
} from './helpers/play-page.js';
import { shoot } from './helpers/screens.js';

const suite = useBrowserSuite({ timeout: 180_000 });

/** The games with a board of their own (a kit on the generic board: `kit-local-game.test.ts`). */
const BOARDED = GAMES.filter((g) => BOARDS[g.id] !== undefined);

const game = (id: string): AnyGame => GAMES.find((g) => g.id === id)!.game;

/** Short games for the tests; the lobby's defaults stay the real games (checked below). */
const SHORT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'st-augustine': { turns: '3' },
  'colonial-florida': { maxTurns: '4' },
};

/** Sets options in the lobby's folded settings, then starts with every other default. */
async function startLocal(page: Page, options: Readonly<Record<string, string>>, seed?: number) {
  const lobby = page.getByRole('region', { name: 'local game' });
  await openMoreSettings(page);
  if (seed !== undefined) await lobby.getByLabel('Seed').fill(String(seed));
  for (const [key, value] of Object.entries(options)) {
    const field = lobby.locator(`#option-${key}`);
    if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await lobby.getByRole('button', { name: 'Start the local game' }).click();
}

/** Checks St. Augustine's trade builder refuses an offer the other side cannot pay. */
async function checkImpossibleOffer(page: Page): Promise<void> {
  const builder = page.getByRole('group', { name: 'trade proposal' });
  await builder.getByLabel('You are paid ($)').fill('10000000');
  await expect
    .poll(() => builder.getByRole('button', { name: /^Propose to / }).isDisabled())
    .toBe(true);
  expect(await page.getByTestId('trade-problem').textContent()).toMatch(
    /could not pay \$10,000,000/,
  );
  await shoot(page, 'trade-builder-st-augustine');
  await builder.getByLabel('You are paid ($)').fill('0');
}

/** Plays seat 0 by clicking until the end screen; photographs the board on the way. */
async function playToEnd(page: Page, id: string): Promise<number> {
  let decisions = 0;
  let tradeChecked = false;
  for (let i = 0; i < 3_000; i++) {
    const status = await statusOf(page);
    if (status.startsWith('Game over')) return decisions;
    if (/ to play$/.test(status)) {
      const prompt = (await page.getByTestId('prompt').textContent()) ?? '';
      if (id === 'st-augustine') {
        if (/^Bid on /.test(prompt))
          expect(prompt).toMatch(/^Bid on .+\? .*(minimum \$[\d,]+|so pass\.)$/);
        if (!tradeChecked && prompt.startsWith('Trade phase')) {
          tradeChecked = true;
          await checkImpossibleOffer(page);
        }
      } else if (prompt.startsWith('You rolled')) {
        const moves = await page
          .getByRole('group', { name: 'decision' })
          .getByRole('button')
          .allTextContents();
        for (const m of moves) expect(m).toMatch(/^Move \d+ to .+ \(\d+\)$/);
      }
      const clicked =
        id === 'st-augustine'
          ? await playStAugustine(page, decisions)
          : await playColonialFlorida(page);
      if (clicked) {
        decisions++;
        if (decisions === 2) await shoot(page, `board-${id}`);
      }
    }
    await statusChange(page, status, 300);
  }
  throw new Error(`the game did not end: ${await statusOf(page)}`);
}

describe.runIf(HAS_CHROMIUM)('from the default lobby against the default bots', () => {
  it.each(BOARDED.map((g) => g.id))(
    '%s: real defaults, prompts, an end screen with names, winner and the engine’s scores',
    async (id) => {
      const { context, page, errors } = await openPage(suite.browser, { acceptDownloads: true });
      await page.goto(suite.site.url);
      const lobby = page.getByRole('region', { name: 'local game' });
      await lobby.getByLabel('Game').selectOption(id);
      // The defaults: normal (ISMCTS) bots, the real game's options, readable labels.
      expect(await lobby.getByLabel('Opponents').inputValue()).toBe('normal');
      await lobby.getByText('How to play').click();
      await openMoreSettings(page);
      await shoot(page, `lobby-${id}`);
      const text = (await lobby.textContent()) ?? '';
      for (const raw of [
        'startingMoney',
        'turnCounting',
        'onDeckExhausted',
        'goldToWin',
        'maxTurns',
      ])
        expect(text).not.toContain(raw);
      if (id === 'st-augustine') {
        expect(await lobby.locator('#option-turns').inputValue()).toBe('40');
        expect(await lobby.locator('#option-trading').inputValue()).toBe('on');
      } else {
        expect(await lobby.locator('#option-goldToWin').inputValue()).toBe('50');
        expect(Number(await lobby.locator('#option-maxTurns').inputValue())).toBeGreaterThanOrEqual(
          50,
        );
      }
      expect(await lobby.getByLabel(new RegExp(`^${seatLabel(id, 1)}`)).inputValue()).toMatch(
        /^ismcts-fast-/,
      );
      await startLocal(page, SHORT[id]!, 11);
      await page.getByTestId('prompt').waitFor({ timeout: 120_000 });
      // A card's effect is there on hover or tap.
      const chip = page.locator('.card-chip').first();
      if ((await chip.count()) > 0) expect(await chip.getAttribute('data-effect')).toMatch(/\w{4}/);
      const decisions = await playToEnd(page, id);
      expect(decisions).toBeGreaterThan(0);

      const end = page.getByRole('region', { name: 'game over' });
      await end.waitFor();
      await shoot(page, `end-${id}`);
      expect(await end.getByRole('heading').first().textContent()).toMatch(/wins!$|^A tie/);
      const rows = await end.locator('tbody tr').allTextContents();
      expect(rows).toHaveLength(3);
      expect(rows.join(' ')).toContain('(you)');
      expect(rows.join(' ')).toContain('Normal bot');
      for (const r of rows) expect(r).toMatch(id === 'st-augustine' ? /\$[\d,]+$/ : /\d+ gold$/);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the save' }).click();
      const save = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as SavedMatch;
      expect(save.setup.seed).toBe(11);
      expect(new Set(save.actions.map((a) => a.seat))).toEqual(new Set([0, 1, 2]));
      const match = createMatch(game(id), save.setup);
      for (const a of save.actions) expect(match.apply(a.seat, a.action).ok).toBe(true);
      expect(match.isOver).toBe(true);
      expect(await finalScores(page)).toEqual([...match.result!.scores]);
      // The whole log is there (scrollable), one entry per action.
      expect(await page.getByRole('list', { name: 'log' }).locator(':scope > li').count()).toBe(
        save.actions.length,
      );
      expect(errors).toEqual([]);
      await context.close();
    },
    300_000,
  );

  it('the production bundle has no debug panel in it', () => {
    const files = readdirSync(join(suite.dist, 'assets'));
    for (const f of files)
      expect(readFileSync(join(suite.dist, 'assets', f), 'utf8')).not.toContain(
        'ruleloom-debug-panel',
      );
  });
});

describe.runIf(HAS_CHROMIUM)('keyboard play and small screens', () => {
  it('every control of a turn is reached with Tab, shows its focus and plays with Enter', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(suite.site.url);
    await startLocal(page, { turns: '2' }, 3);
    await page.getByRole('button', { name: 'Pass' }).waitFor();
    const before = await statusOf(page);
    let focused = '';
    const reached = new Set<string>();
    for (let i = 0; i < 40 && focused !== 'Pass'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      reached.add(focused);
    }
    expect(focused).toBe('Pass');
    expect([...reached].some((t) => t.startsWith('Bid $'))).toBe(true);
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await shoot(page, 'keyboard-focus');
    await page.keyboard.press('Enter');
    await statusChange(page, before);
    const log = await page.getByRole('list', { name: 'log' }).textContent();
    expect(log).toContain(`Seat 0 (you): ${describeStAugustineAction({ type: 'pass' })}`);
    await context.close();
  }, 120_000);

  it.each(BOARDED.map((g) => g.id))(
    '%s on a phone (390 px): nothing wider than the screen, the start button and the decision in sight',
    async (id) => {
      const context = await suite.browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto(suite.site.url);
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await wide()).toBeLessThanOrEqual(390);
      const inSight = async (name: string | RegExp) => {
        const box = await page.getByRole('button', { name }).first().boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      };
      await page.getByRole('region', { name: 'local game' }).getByLabel('Game').selectOption(id);
      await inSight('Start the local game');
      await page.getByRole('button', { name: 'Start the local game' }).click();
      await page.getByTestId('prompt').waitFor({ timeout: 120_000 });
      await inSight(id === 'st-augustine' ? /^Bid \$/ : /^Move \d/);
      expect(await wide()).toBeLessThanOrEqual(390);
      await page.screenshot({
        path: join(suite.dist, '..', 'test-output/screens', `phone-${id}.png`),
      });
      await context.close();
    },
    180_000,
  );
});

describe.runIf(HAS_CHROMIUM)('Colonial Florida’s battles', () => {
  it('a battle is shown as a battle: attacker and defender, their dice, the totals and the winner', async () => {
    const { context, page } = await openPage(suite.browser, { acceptDownloads: true });
    await page.goto(suite.site.url);
    const lobby = page.getByRole('region', { name: 'local game' });
    await lobby.getByLabel('Game').selectOption('colonial-florida');
    await lobby.getByLabel('Players', { exact: true }).fill('2');
    await openMoreSettings(page);
    await lobby.getByLabel('Seed').fill('5');
    // Hot-seat, no bot: the same clicks give the same game, so the battle always comes.
    await lobby
      .getByLabel(new RegExp(`^${seatLabel('colonial-florida', 1)}`))
      .selectOption('human');
    await lobby.getByRole('button', { name: 'Start the local game' }).click();
    const battle = page.getByRole('region', { name: 'battle' });
    for (let i = 0; i < 1_000 && (await battle.count()) === 0; i++) {
      const status = await statusOf(page);
      if (status.startsWith('Game over')) break;
      if (/ to play$/.test(status)) await playColonialFlorida(page);
      await statusChange(page, status, 300);
    }
    await battle.waitFor({ timeout: 1_000 });
    await battle.scrollIntoViewIfNeeded();
    await shoot(page, 'battle-colonial-florida');
    // What it shows is the engine's last battle of the save so far.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the save' }).click();
    const save = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as SavedMatch;
    const match = createMatch(game('colonial-florida'), save.setup);
    for (const a of save.actions) expect(match.applyInput(a.seat, a.action).ok).toBe(true);
    const events = match.logFor(0).flatMap((e) => e.events);
    const last = events.filter((e) => e.type === 'battle').at(-1)!;
    expect(last).toBeDefined();
    const who = (w: unknown) =>
      typeof w === 'number' ? seatLabel('colonial-florida', w) : String(w);
    const attacker = battle.getByTestId('battle-attacker');
    const defender = battle.getByTestId('battle-defender');
    expect(await battle.getByTestId('battle-attacker-total').textContent()).toBe(
      String(last.attackTotal),
    );
    expect(await battle.getByTestId('battle-defender-total').textContent()).toBe(
      String(last.defenceTotal),
    );
    expect(await attacker.textContent()).toContain(
      typeof last.attacker === 'number' ? who(last.attacker) : markerLabel(String(last.attacker)),
    );
    if (typeof last.defender === 'number')
      expect(await defender.textContent()).toContain(who(last.defender));
    // One face per die rolled, and the winner's side marked.
    for (const [side, dice] of [
      [attacker, last.attackDice],
      [defender, last.defenceDice],
    ] as const)
      expect(await side.locator('.dice span').count()).toBe(Number(String(dice).split('d')[0]));
    const won = last.winner === 'attacker' ? attacker : defender;
    expect(await won.getAttribute('class')).toContain('battle-won');
    await context.close();
  }, 180_000);
});
