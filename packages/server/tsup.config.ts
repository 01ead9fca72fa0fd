import { defineConfig } from 'tsup';

export default defineConfig({
  // The bot worker is its own entry: the pool loads dist/bot-worker.js in each thread.
  entry: {
    index: 'src/index.ts',
    protocol: 'src/protocol/index.ts',
    'bot-worker': 'src/bots/bot-worker.ts',
  },
  format: ['esm', 'cjs'],
  // tsup 8 passes `baseUrl` to the d.ts compiler, which TypeScript 6 rejects (TS5101).
  dts: {
    entry: { index: 'src/index.ts', protocol: 'src/protocol/index.ts' },
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
  // `import.meta.url` in the CommonJS build (the pool finds bot-worker.js next to the bundle).
  shims: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
