import { describe, expect, it } from 'vitest';
import { BROWSER_ENTRIES, bundleForBrowser } from './browser-bundle.js';

// The packages a web page imports must bundle for the browser with no Node built-in and no
// Node global (no polyfills). Sizes: `pnpm run bench:size`, kept in docs/benchmarks.md.
describe('browser bundles', () => {
  it.each(BROWSER_ENTRIES.map((e) => [e.name, e.entry]))(
    '%s bundles for the browser with no Node built-in or global',
    async (name, entry) => {
      const bundle = await bundleForBrowser(name, entry);
      expect(bundle.nodeGlobals).toEqual([]);
      expect(bundle.gzipBytes).toBeGreaterThan(1_000);
    },
    60_000,
  );

  it('imports by package name (ismctsBot from @ruleloom/bots, the kits) bundle for the browser', async () => {
    const bundle = await bundleForBrowser(
      'by package name',
      'packages/cli/test/fixtures/browser-by-name.mjs',
    );
    expect(bundle.nodeGlobals).toEqual([]);
    expect(bundle.gzipBytes).toBeGreaterThan(1_000);
  }, 60_000);

  it.each([
    ['cli', 'packages/cli/dist/index.js'],
    // The roots that hold what the browser entries leave out (tournament runner, server).
    ['@ruleloom/bots', 'packages/bots/dist/index.js'],
    ['@ruleloom/server', 'packages/server/dist/index.js'],
  ])(
    '%s imports a Node built-in and is refused (the check is real)',
    async (name, entry) => {
      await expect(bundleForBrowser(name, entry)).rejects.toThrow(/Node built-in/);
    },
    60_000,
  );
});
