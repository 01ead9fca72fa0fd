import { join } from 'node:path';
import type { Page } from 'playwright-core';
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
