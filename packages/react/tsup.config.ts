import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entries: the hooks, and the debug panel (imported only in development builds).
  entry: { index: 'src/index.ts', debug: 'src/debug.ts' },
  format: ['esm', 'cjs'],
  external: ['react', 'react/jsx-runtime'],
  // tsup 8 passes `baseUrl` to the d.ts compiler, which TypeScript 6 rejects (TS5101).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
