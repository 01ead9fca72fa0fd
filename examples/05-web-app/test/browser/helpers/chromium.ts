import { chromium, type Browser } from 'playwright-core';
import { requireSystemBinary } from '../../../../../test-utils/system-binary.js';

/**
 * Debian's chromium by absolute path, found without the caller's PATH (`.ci/run` installs
 * it; never `playwright install`). Missing in CI, loading this file throws, so the browser
 * suites fail rather than skip.
 */
const path = requireSystemBinary('chromium', 'apt-get install -y chromium (.ci/run installs it)');

/** Debian's chromium, if installed. */
export function findChromium(): string | null {
  return path ?? null;
}

/** Whether the browser tests can run here. */
export const HAS_CHROMIUM = path !== undefined;

/** Launches the headless Chromium of the system. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: path ?? 'chromium', args: ['--no-sandbox'] });
}
