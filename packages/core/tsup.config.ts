import { defineConfig } from 'tsup';

export default defineConfig({
  // dist/index.* is the package root, dist/games.* is `@ruleloom/core/games` (the reference
  // games, runtime-safe) and dist/testing.* is `@ruleloom/core/testing` (needs fast-check).
  entry: {
    index: 'src/index.ts',
    games: 'src/games/index.ts',
    testing: 'src/testing/index.ts',
    // `@ruleloom/core/session`: the match session and decision ports (browser-safe).
    session: 'src/session/index.ts',
  },
  format: ['esm', 'cjs'],
  // tsup 8 passes `baseUrl` to the d.ts compiler, which TypeScript 6 rejects (TS5101).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  // Dependencies and peers are external by default; listed to make it explicit.
  external: ['fast-check', 'pure-rand'],
  // @noble/hashes (SHA-256, HMAC for save chains and signatures) is ESM-only: bundled, so the
  // CJS build works on every Node 20 and no consumer installs it.
  noExternal: ['@noble/hashes'],
  // Also split the CJS build, so index.cjs and testing.cjs share one copy of the engine
  // (one module instance: classes and instanceof stay the same across both entries).
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
