import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // The wire protocol comes from @ruleloom/server/protocol (one source of truth) and is
  // bundled in: a client install never pulls in the server and its Node dependencies.
  noExternal: ['@ruleloom/server'],
  // tsup 8 passes `baseUrl` to the d.ts compiler, which TypeScript 6 rejects (TS5101).
  // Its types are bundled in too: an app installs the client without the server, so the
  // published .d.ts may not import `@ruleloom/server/protocol`. (tsup's dts.resolve cannot read
  // a package's `exports` subpaths; `paths` points TypeScript at the server's built protocol
  // types, outside node_modules, so the d.ts bundler inlines them. The server builds first.)
  dts: {
    compilerOptions: {
      ignoreDeprecations: '6.0',
      paths: { '@ruleloom/server/protocol': ['../server/dist/protocol.d.ts'] },
    },
  },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
