import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The example's folder. */
export const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the screenshots go (gitignored; CI keeps the folder as its test output). */
export const SCREENS_DIR = join(APP_DIR, 'test-output/screens');

/** The built app's folder (built here when the build step has not run). */
export function builtApp(): string {
  const dist = join(APP_DIR, 'dist');
  if (!existsSync(join(dist, 'index.html')))
    execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], {
      cwd: APP_DIR,
      stdio: 'inherit',
    });
  mkdirSync(SCREENS_DIR, { recursive: true });
  return dist;
}

/**
 * A development build of the app (`NODE_ENV=development`: `import.meta.env.DEV` is true, so
 * the debug panel is in it), built afresh into `test-output/dev/dist/` (git-ignored, and a `dist` folder for the linters).
 */
export function builtDevApp(): string {
  const dist = join(APP_DIR, 'test-output/dev/dist');
  execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn', '--outDir', dist], {
    cwd: APP_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  mkdirSync(SCREENS_DIR, { recursive: true });
  return dist;
}

/** The repository's root. */
export const REPO_ROOT = join(APP_DIR, '../..');

/** The CLI's entry (`ruleloom`), built by the build step. */
export const CLI_BIN = join(REPO_ROOT, 'packages/cli/dist/bin.js');
