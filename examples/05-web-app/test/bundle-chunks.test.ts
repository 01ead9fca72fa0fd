import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_DIR } from './browser/helpers/built-app.js';

/** Vite's limit before it warns about a chunk (500 kB, minified). */
const LIMIT = 500 * 1000;

describe('the production build is split into chunks', () => {
  it('prints no chunk-size warning; the page loads the lobby only, each game board apart', () => {
    const out = join(APP_DIR, 'test-output/chunks/dist');
    rmSync(out, { recursive: true, force: true });
    const printed = execFileSync('pnpm', ['exec', 'vite', 'build', '--outDir', out], {
      cwd: APP_DIR,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(printed).toContain('built in');
    expect(printed).not.toMatch(/larger than 500 kB/);
    const assets = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js'));
    for (const f of assets) expect(statSync(join(out, 'assets', f)).size, f).toBeLessThan(LIMIT);
    // The page's entry does not hold the game screen, the replay viewer, nor a game's board.
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const entry = /src="\.\/assets\/(index-[\w-]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const code = readFileSync(join(out, 'assets', entry!), 'utf8');
    expect(code).not.toContain('Take back my move');
    expect(code).not.toContain('replay controls');
    expect(assets.filter((f) => f.startsWith('board-'))).toHaveLength(2);
    rmSync(out, { recursive: true, force: true });
  }, 120_000);
});
