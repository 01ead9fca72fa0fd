import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker is its own entry: the pool loads dist/worker.js in each thread.
  entry: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    worker: 'src/tournament/worker.ts',
    'bot-worker': 'src/tournament/competition/bot-worker.ts',
  },
  format: ['esm', 'cjs'],
  // tsup 8 passes `baseUrl` to the d.ts compiler, which TypeScript 6 rejects (TS5101).
  dts: {
    entry: { index: 'src/index.ts', browser: 'src/browser.ts' },
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
  // `import.meta.url` in the CommonJS build (the pool finds worker.js next to the bundle).
  shims: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
