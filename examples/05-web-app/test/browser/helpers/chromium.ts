import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium, if installed (`.ci/run` installs it; never `playwright install`). */
export function findChromium(): string | null {
  try {
    const path = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
    return path === '' ? null : path;
  } catch {
    return null;
  }
}

const path = findChromium();
if (path === null) {
  // In CI the browser tests must run: .ci/run installs chromium, so a missing one is an error.
  if (process.env.CI === 'true')
    throw new Error('chromium is not installed: .ci/run installs it (apt-get install chromium)');
  console.warn('skipping the Chromium tests: no `chromium` on PATH (apt-get install -y chromium)');
}

/** Whether the browser tests can run here. */
export const HAS_CHROMIUM = path !== null;

/** Launches the headless Chromium of the system. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: path ?? 'chromium', args: ['--no-sandbox'] });
}
