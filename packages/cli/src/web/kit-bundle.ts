/*
 * A kit for the browser: `ruleloom serve --web` bundles each hosted kit module into one
 * self-contained ES module (its imports, `@ruleloom/core` included, inlined), which the web
 * app and its bot worker `import()` by URL (a module worker has no import map, so the bundle
 * may keep no bare specifier).
 */
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import type { ExportRef } from '../games/cli-game.js';

/** A kit bundled for the browser. */
export interface KitBundle {
  /** The game id of the kit. */
  readonly id: string;
  /** The file name it is served under (`<id>-<hash>.js`: the name changes with the code). */
  readonly file: string;
  /** The ES module: its default export is the kit. */
  readonly code: Buffer;
}

/** What bundling a kit came to: the bundle, or a sentence saying why not. */
export type KitBundleResult =
  | { readonly ok: true; readonly bundle: KitBundle }
  | { readonly ok: false; readonly message: string };

/** This module's folder: the packages the command line carries resolve from here. */
const CLI_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * Resolves `@ruleloom/*` from the command line's own dependencies when the kit's folder has
 * none (a kit module lying in a folder without `node_modules`): the same SDK the server runs.
 */
const sdkFromCli: Plugin = {
  name: 'ruleloom-sdk-from-cli',
  setup(b) {
    b.onResolve({ filter: /^@ruleloom\// }, async (args) => {
      if ((args.pluginData as { fallback?: boolean } | undefined)?.fallback === true)
        return undefined;
      const own = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { fallback: true },
      });
      if (own.errors.length === 0) return own;
      const cli = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: CLI_DIR,
        pluginData: { fallback: true },
      });
      return cli.errors.length === 0 ? cli : own;
    });
  },
};

/** A file name part from a game id: letters, digits, `-` and `_` only. */
function fileSafe(id: string): string {
  const safe = id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
  return safe === '' ? 'kit' : safe;
}

/**
 * Bundles the kit that `ref` names (its module and export, as {@link loadKit} found it) into a
 * minified browser ES module whose default export is the kit. Never throws: a module that
 * cannot be bundled for a browser (a Node built-in, a missing package) gives a sentence with
 * esbuild's first error.
 */
export async function bundleKitForBrowser(id: string, ref: ExportRef): Promise<KitBundleResult> {
  const entry = ref.module.startsWith('file:') ? fileURLToPath(ref.module) : ref.module;
  try {
    // Loaded only by `serve --web`: no other command pays for esbuild.
    const { build } = await import('esbuild');
    const result = await build({
      stdin: {
        contents: `export { ${JSON.stringify(ref.export)} as default } from ${JSON.stringify(entry)};\n`,
        resolveDir: ref.module.startsWith('file:') ? dirname(entry) : CLI_DIR,
        sourcefile: 'served-kit-entry.js',
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
      plugins: [sdkFromCli],
    });
    const code = Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array());
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
    return { ok: true, bundle: { id, file: `${fileSafe(id)}-${hash}.js`, code } };
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { file: string } | null }[] })
      .errors;
    const first = errors?.[0];
    const text =
      first === undefined
        ? error instanceof Error
          ? error.message
          : String(error)
        : `${first.text}${first.location == null ? '' : ` (in ${first.location.file})`}`;
    return {
      ok: false,
      message: `the kit '${id}' cannot be bundled for the browser: ${text.split('\n')[0]?.slice(0, 300) ?? ''}`,
    };
  }
}
