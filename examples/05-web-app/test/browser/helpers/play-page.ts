import type { Page } from 'playwright-core';

/** The status line of the game screen. */
export async function statusOf(page: Page): Promise<string> {
  return (await page.getByTestId('status').textContent()) ?? '';
}

/** Waits until the status line is no longer `previous` (or the timeout passes). */
export async function statusChange(page: Page, previous: string, timeoutMs = 5_000): Promise<void> {
  await page
    .waitForFunction(
      (p) => document.querySelector('[data-testid="status"]')?.textContent !== p,
      previous,
      { timeout: timeoutMs, polling: 25 },
    )
    .catch(() => undefined);
}

/** Keeps every text frame the page's WebSockets receive. */
export function recordFrames(page: Page, frames: string[]): void {
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string') frames.push(f.payload);
    });
  });
}

/**
 * The versions recorded frames carried, in order: each update's entry and each welcome's
 * missed entries (a page that saw every version of a match of `n` actions gives 1 to n).
 */
export function versionsSeen(frames: readonly string[]): number[] {
  const seen = new Set<number>();
  for (const f of frames) {
    const m = JSON.parse(f) as {
      type: string;
      entry?: { seq: number };
      missed?: { seq: number }[];
    };
    if (m.type === 'update') seen.add(m.entry!.seq);
    if (m.type === 'welcome') for (const e of m.missed!) seen.add(e.seq);
  }
  return [...seen].sort((x, y) => x - y);
}

/** Clicks the first of the named buttons that is there and enabled; false when none is. */
export async function clickFirst(
  page: Page,
  names: readonly (string | RegExp)[],
): Promise<boolean> {
  for (const name of names) {
    const button = page.getByRole('button', { name }).and(page.locator(':enabled')).first();
    if ((await button.count()) === 0) continue;
    // The page can re-render between the count and the click (the other seat's move arrives):
    // a button gone by then is not clicked, and the caller looks at the page again. (Asking
    // `isEnabled` of a button that has just gone waited 30 s for it to come back.)
    if (
      await button.click({ timeout: 2_000 }).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/** One St. Augustine decision through the UI: sometimes the minimum bid, else pass or reject. */
export async function playStAugustine(page: Page, n: number): Promise<boolean> {
  const names: (string | RegExp)[] =
    n % 3 === 0
      ? [/^Bid \$/, 'Pass', 'Propose nothing', 'Reject the trade']
      : ['Pass', 'Propose nothing', 'Reject the trade', /^Bid \$/];
  return clickFirst(page, names);
}

/** One Colonial Florida decision through the UI: attack with everything, else the first decision. */
export async function playColonialFlorida(page: Page): Promise<boolean> {
  if (await clickFirst(page, [/^Attack with [1-9]/])) return true;
  const first = page.getByRole('group', { name: 'decision' }).getByRole('button').first();
  if ((await first.count()) > 0 && (await first.isEnabled())) {
    await first.click();
    return true;
  }
  return clickFirst(page, ['Decline the attack']);
}

/** The final scores on the end screen, by seat (its rows are sorted by rank). */
export async function finalScores(page: Page): Promise<number[]> {
  const rows = await page
    .getByTestId('final-scores')
    .locator('tr[data-seat]')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        Number(tr.getAttribute('data-seat')),
        Number(tr.getAttribute('data-score')),
      ]),
    );
  return rows.sort((a, b) => a[0]! - b[0]!).map(([, score]) => score!);
}

/** Opens the lobby's folded settings (seats, seed, options) when they are closed. */
export async function openMoreSettings(page: Page): Promise<void> {
  const more = page.getByRole('region', { name: 'local game' }).locator('details.more');
  if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
}
