/**
 * What the server's bot worker saves by keeping its engines: the cost per decision of building
 * the rules (an engine and the packed forward model a search bot builds on first use) for
 * St. Augustine, 4 players, against reading them from the worker's cache. A bench, not a test.
 * Usage:
 *
 *   pnpm --filter @ruleloom/core build && pnpm --filter @ruleloom/st-augustine build
 *   pnpm exec tsx bench/bot-worker-engines.ts [decisions=2000]
 */
import { createEngine } from '../packages/core/dist/index.js';
import { engineFor } from '../packages/server/src/bots/bot-worker.js';
import { stAugustine } from '../packages/st-augustine/dist/index.js';

const N = Number(process.argv[2] ?? 2000);
const ref = { module: '@ruleloom/st-augustine', export: 'stAugustine' };
const options = { trading: 'off' };

function microsPerCall(f: () => void): number {
  const t0 = performance.now();
  for (let i = 0; i < N; i++) f();
  return ((performance.now() - t0) / N) * 1000;
}

engineFor(ref, stAugustine, 4, options).forwardModel(); // warm the cache
const cached = microsPerCall(() => engineFor(ref, stAugustine, 4, options).forwardModel());
const fresh = microsPerCall(() =>
  createEngine(stAugustine, { players: 4, options }).forwardModel(),
);
console.log(`rules per decision, St. Augustine, 4 players, ${String(N)} decisions:`);
console.log(`  a new engine and packed model (before): ${fresh.toFixed(1)} µs`);
console.log(`  the worker's cached engine (now):       ${cached.toFixed(2)} µs`);
