import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A built worker file (`worker.js`, `bot-worker.js`): next to the bundle, or in `dist/` when
 * running from the sources.
 */
export function workerFile(name = 'worker.js'): string {
  const candidates = [
    new URL(`./${name}`, import.meta.url),
    new URL(`../../dist/${name}`, import.meta.url),
    new URL(`../../../dist/${name}`, import.meta.url),
  ];
  for (const url of candidates) if (existsSync(fileURLToPath(url))) return url.href;
  throw new Error(
    `@ruleloom/bots: the worker file '${name}' was not found; build the package (pnpm --filter @ruleloom/bots build) or use workers: 0`,
  );
}
