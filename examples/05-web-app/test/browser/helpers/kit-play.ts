import type { Page } from 'playwright-core';

/**
 * One decision on the generic board, through its controls only (no game named): every
 * `callEvery`-th decision the first button of the decision (a bare action such as "Calls
 * liar"), else the form's button with the legal choice its fields start on (the lowest), else
 * the first button.
 */
export async function playGeneric(page: Page, n: number, callEvery = 3): Promise<boolean> {
  const decision = page.getByRole('group', { name: 'decision' });
  const buttons = decision.locator(':scope > .row > button');
  const form = decision.locator('fieldset.action-form button.primary').first();
  const tryClick = async (b: ReturnType<Page['locator']>) => {
    if ((await b.count()) > 0 && (await b.isEnabled())) {
      await b.click();
      return true;
    }
    return false;
  };
  if (n % callEvery === callEvery - 1 && (await tryClick(buttons.first()))) return true;
  if (await tryClick(form)) return true;
  return tryClick(buttons.first());
}

/** What the page shows at one moment: the version (log length) and the board's and page's text. */
export interface ShownAt {
  readonly version: number;
  readonly board: string;
  readonly page: string;
}

/** The board text (one string per line) and the whole page's HTML, with the log's length. */
export async function shownNow(page: Page): Promise<ShownAt> {
  return page.evaluate(() => ({
    version: document.querySelectorAll('ol[aria-label="log"] > li').length,
    board: [
      ...document.querySelectorAll('[data-testid="board-text"] p, [data-testid="board-text"] tr'),
    ]
      .map((e) => e.textContent ?? '')
      .join('\n'),
    page: document.documentElement.outerHTML,
  }));
}
