/*
 * Browser bundles of the packages that must run in a page: built with esbuild for the
 * browser platform, refusing any Node built-in, then checked for Node globals and measured
 * (minified, then gzipped). `pnpm run bench:size` prints the table (bench/bundle-sizes.ts);
 * browser-bundles.test.ts runs the checks.
 */
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The entry points that must work in a browser, by package. */
export const BROWSER_ENTRIES: readonly { readonly name: string; readonly entry: string }[] = [
  { name: '@ruleloom/core', entry: 'packages/core/dist/index.js' },
  { name: '@ruleloom/core/session', entry: 'packages/core/dist/session.js' },
  { name: '@ruleloom/st-augustine', entry: 'packages/st-augustine/dist/index.js' },
  { name: '@ruleloom/colonial-florida', entry: 'packages/colonial-florida/dist/index.js' },
  { name: '@ruleloom/st-augustine/present', entry: 'packages/st-augustine/dist/present.js' },
  {
    name: '@ruleloom/colonial-florida/present',
    entry: 'packages/colonial-florida/dist/present.js',
  },
  { name: '@ruleloom/client', entry: 'packages/client/dist/index.js' },
  { name: '@ruleloom/bots/browser', entry: 'packages/bots/dist/browser.js' },
  { name: '@ruleloom/server/protocol', entry: 'packages/server/dist/protocol.js' },
];

/** Globals that exist in Node and not in a browser. */
const NODE_GLOBALS =
  /\b(process\.(env|argv|exit|cwd|stdout|stderr|versions)|Buffer\.|__dirname|__filename|require\(|setImmediate\()/;

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Fails the build on any import of a Node built-in (with or without `node:`). */
const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      BUILTINS.has(args.path)
        ? { errors: [{ text: `imports the Node built-in '${args.path}' (from ${args.importer})` }] }
        : undefined,
    );
  },
};

/** One bundle: its size minified and gzipped, and the Node globals its code mentions. */
export interface BrowserBundle {
  readonly name: string;
  readonly minBytes: number;
  readonly gzipBytes: number;
  readonly nodeGlobals: readonly string[];
}

/** Bundles an entry point for the browser; throws when it imports a Node built-in. */
export async function bundleForBrowser(name: string, entry: string): Promise<BrowserBundle> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [noNodeBuiltins],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const globals = [...code.matchAll(new RegExp(NODE_GLOBALS, 'g'))].map((m) => m[0]);
  return {
    name,
    minBytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code).byteLength,
    nodeGlobals: [...new Set(globals)],
  };
}

/** Every browser bundle, in table order. */
export async function browserBundles(): Promise<BrowserBundle[]> {
  const out: BrowserBundle[] = [];
  for (const { name, entry } of BROWSER_ENTRIES) out.push(await bundleForBrowser(name, entry));
  return out;
}
