import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENS_DIR } from './built-app.js';

/** The widths every screen is photographed at: a desktop and a phone. */
export const WIDTHS = [1280, 390] as const;

/**
 * Writes `<name>-1280.png` and `<name>-390.png` (full page) into the screenshots folder, then
 * puts the page back at its own size.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const own = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({
      path: join(SCREENS_DIR, `${name}-${String(width)}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(own);
}

/** Elements (tag.class and text) that stick out of the viewport sideways, at the page's width. */
export async function outsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const e of document.body.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < -1 || r.right > width + 1)
        out.push(`${e.tagName}.${e.className}: ${(e.textContent ?? '').slice(0, 40)}`);
    }
    if (document.documentElement.scrollWidth > width) out.push('the page scrolls sideways');
    return out;
  });
}

/** At each screenshot width: nothing outside the viewport; then the screenshots. */
export async function checkAndShoot(page: Page, name: string): Promise<void> {
  const own = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect(await outsideViewport(page), `${name} at ${String(width)} px`).toEqual([]);
  }
  await page.setViewportSize(own);
  await shoot(page, name);
}
