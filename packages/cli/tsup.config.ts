import { cpSync, existsSync, rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * `ruleloom serve --web` serves the built web app from dist/web: copied here from
 * examples/05-web-app/dist after each build, so the published package carries it. The root
 * `pnpm run build` builds every other package first, then this one: a devDependency on the
 * (private) app would order the build too, but would name an unpublished package in the
 * published manifest.
 */
function copyWebApp(): void {
  const from = new URL('../../examples/05-web-app/dist/', import.meta.url);
  const to = new URL('./dist/web/', import.meta.url);
  if (!existsSync(new URL('index.html', from)))
    throw new Error(
      'the web app is not built (no examples/05-web-app/dist/index.html): run `pnpm run build` at the repository root, which builds it before this package',
    );
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

export default defineConfig([
  {
    // The library entry: ESM + CJS with types.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    // tsup 8 passes `baseUrl` to the d.ts compiler, which TypeScript 6 rejects (TS5101).
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    // `import.meta.url` in the CommonJS build (the engine command finds engine-worker.js).
    shims: true,
    // The CommonJS build has no `import.meta`: the code that reads `import.meta.resolve`
    // (kit and bot specifiers) already handles its absence, so the CJS build gets an empty
    // object for it (`import.meta.url` keeps its shim) instead of esbuild's
    // "import.meta is not available" warning at every build.
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.define = { ...options.define, 'import.meta': '{}' };
    },
    sourcemap: true,
    // Both configs build in parallel into dist/: never delete the bin's output here.
    clean: [
      '!bin.js',
      '!bin.js.map',
      '!engine-worker.js',
      '!engine-worker.js.map',
      '!bot-thread.js',
      '!bot-thread.js.map',
      '!web/**',
    ],
    target: 'es2022',
  },
  {
    // The `ruleloom` executable: ESM only. tsup keeps the source's `#!/usr/bin/env node`
    // line and marks the output executable.
    // The engine's worker threads (`ruleloom engine --stdio` with workers) load engine-worker.js.
    // `ruleloom play` at a terminal seats each bot in a thread that loads bot-thread.js.
    entry: {
      bin: 'src/bin.ts',
      'engine-worker': 'src/engine/engine-worker.ts',
      'bot-thread': 'src/players/bot-thread.ts',
    },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'es2022',
    onSuccess: async () => {
      copyWebApp();
      return Promise.resolve();
    },
  },
]);
