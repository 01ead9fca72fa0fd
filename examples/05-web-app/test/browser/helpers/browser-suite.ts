import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { builtApp, builtDevApp } from './built-app.js';
import { HAS_CHROMIUM, launchChromium } from './chromium.js';
import { recordFrames } from './play-page.js';
import { startRuleloomServe, type RuleloomServe } from './ruleloom-serve.js';
import { startStaticServer, type StaticServer } from './static-server.js';

/** What a browser test file runs against, started once before its tests. */
export interface BrowserSuite {
  /** The system's headless Chromium. */
  readonly browser: Browser;
  /** The built app on a loopback static server (proxying to `serve` when there is one). */
  readonly site: StaticServer;
  /** The folder of the built app it serves. */
  readonly dist: string;
  /** The `ruleloom serve` behind the site (only with the `serve` option). */
  readonly serve: RuleloomServe;
}

/** How a browser test file sets up its suite. */
export interface BrowserSuiteOptions {
  /** Serve a development build (with the debug panel) instead of the production build. */
  readonly dev?: boolean;
  /** Start a `ruleloom serve` with these arguments and put its API behind the site. */
  readonly serve?: readonly string[];
  /** Runs first, before anything starts (building a kit, making a save). */
  readonly before?: () => void | Promise<void>;
  /** The setup's timeout in ms (a build may run in it). */
  readonly timeout?: number;
}

/**
 * Starts, before the file's tests, the built app on a static server (with a `ruleloom serve`
 * behind it when asked) and Chromium; stops them after. Nothing starts without Chromium (the
 * suites then run only under `describe.runIf(HAS_CHROMIUM)`).
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let browser: Browser | undefined;
  let site: StaticServer | undefined;
  let dist: string | undefined;
  let serve: RuleloomServe | undefined;
  beforeAll(async () => {
    if (!HAS_CHROMIUM) return;
    await options.before?.();
    if (options.serve !== undefined) serve = await startRuleloomServe(options.serve);
    dist = options.dev === true ? builtDevApp() : builtApp();
    site = await startStaticServer(dist, serve?.url);
    browser = await launchChromium();
  }, options.timeout ?? 120_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await serve?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the browser suite has no ${what}`);
    return value;
  };
  return {
    get browser() {
      return started(browser, 'browser');
    },
    get site() {
      return started(site, 'site');
    },
    get dist() {
      return started(dist, 'built app');
    },
    get serve() {
      return started(serve, '`ruleloom serve` (give the serve option)');
    },
  };
}

/** A page in a fresh context, and the uncaught errors it throws. */
export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every `pageerror` message of the page, in order. */
  readonly errors: string[];
  /** Every text frame the page's WebSockets received, in order. */
  readonly frames: string[];
}

/**
 * Opens a page in a new 1280×800 context (downloads allowed with `acceptDownloads`) that
 * records its uncaught errors into `errors` (a new array unless one is given, so that several
 * pages can share one) and the text frames its WebSockets receive into `frames`.
 */
export async function openPage(
  browser: Browser,
  options: { readonly acceptDownloads?: boolean; readonly errors?: string[] } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(options.acceptDownloads === true ? { acceptDownloads: true } : {}),
  });
  const page = await context.newPage();
  const errors = options.errors ?? [];
  page.on('pageerror', (e) => errors.push(e.message));
  const frames: string[] = [];
  recordFrames(page, frames);
  return { context, page, errors, frames };
}
