import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** Debian's chromium (never `playwright install`): searched in the usual folders. */
function findChromium(): string {
  for (const dir of ['/usr/bin', '/usr/local/bin', '/usr/sbin']) {
    try {
      execFileSync(join(dir, 'chromium'), ['--version'], { stdio: 'ignore' });
      return join(dir, 'chromium');
    } catch {
      // not here
    }
  }
  // A missing browser fails the suite: CI installs chromium (apt-get install -y chromium).
  throw new Error('chromium is not installed: apt-get install -y chromium');
}

/** What the test reads of an SVG element (the CLI's tsconfig has no DOM types). */
interface SvgLike {
  getBoundingClientRect(): { width: number; height: number };
  querySelectorAll(selector: string): { length: number };
  readonly textContent: string | null;
}

interface ChartBox {
  width: number;
  height: number;
  marks: number;
  text: string;
}

const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');
const VARIANT = resolve(import.meta.dirname, '../../../docs/guides/variants/cheap-monopolies.yaml');

describe('the HTML analysis report in Chromium', () => {
  it('opens from disk with its plots drawn, for two St. Augustine variants', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruleloom-analyze-html-'));
    const html = join(dir, 'report.html');
    const run = await runCli([
      'analyze',
      'st-augustine',
      '--variant',
      VARIANT,
      '--bots',
      'random',
      '--players',
      '3',
      '--games',
      '60',
      '--seed',
      '3',
      '--workers',
      '0',
      '-o',
      'turns=12',
      '--html',
      html,
    ]);
    expect(run.code, run.err).toBe(0);
    const browser = await chromium.launch({
      executablePath: findChromium(),
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      await page.goto(pathToFileURL(html).href);
      await expect(page.title()).resolves.toBe('st-augustine analysis');
      const charts: ChartBox[] = await page.$$eval('#charts figure svg', (svgs: unknown[]) =>
        svgs.map((node) => {
          const svg = node as SvgLike;
          const box = svg.getBoundingClientRect();
          return {
            width: box.width,
            height: box.height,
            marks: svg.querySelectorAll('path, rect').length,
            text: svg.textContent ?? '',
          };
        }),
      );
      // Win rates, turns, decisions, lead changes, branching, one score curve per variant, groups.
      expect(charts.length).toBe(8);
      for (const chart of charts) {
        expect(chart.width).toBeGreaterThan(300);
        expect(chart.height).toBeGreaterThan(100);
        expect(chart.marks).toBeGreaterThan(5);
      }
      expect(charts.some((c) => c.text.includes('Cheap monopolies'))).toBe(true);
      await expect(page.locator('li').first().textContent()).resolves.toMatch(
        /from|no clear difference/,
      );
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'analysis-report.png'), fullPage: true });
      await page
        .locator('#charts figure')
        .nth(5)
        .screenshot({ path: join(SCREENSHOTS, 'score-curves.png') });
    } finally {
      await browser.close();
    }
  }, 300_000);
});
