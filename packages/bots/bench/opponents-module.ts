import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { ModuleRef } from '../src/index.js';

/**
 * Worker threads cannot import TypeScript: bundles the St. Augustine reference opponents
 * (`st-augustine-opponents.ts`) to plain JavaScript inside node_modules/.cache, where
 * '@ruleloom/*' still resolve, and returns a reference maker for its exports.
 */
export async function bundleOpponents(): Promise<(name: string) => ModuleRef> {
  const outDir = new URL('../node_modules/.cache/ruleloom-bench/', import.meta.url);
  mkdirSync(outDir, { recursive: true });
  const file = new URL('opponents.mjs', outDir);
  await build({
    entryPoints: [fileURLToPath(new URL('./st-augustine-opponents.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outfile: fileURLToPath(file),
    logLevel: 'error',
  });
  return (name) => ({ module: file.href, export: name });
}
