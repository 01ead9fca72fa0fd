/**
 * `pnpm run check:deps`: fails when anything reachable from a published entry point of a
 * public package needs a dependency its consumers would not have (see published-deps.ts).
 */
import path from 'node:path';
import { checkPublishedDeps } from './published-deps.js';
import { listPublicPackages } from './workspace-packages.js';

const root = path.resolve(import.meta.dirname, '..');
const problems = await checkPublishedDeps(root);
const names = listPublicPackages(root).map((p) => p.manifest.name);
if (problems.length === 0) {
  console.log(`published import graphs OK: ${names.join(', ')}`);
} else {
  for (const p of problems)
    console.error(`${p.entry}: ${p.importer} imports '${p.specifier}': ${p.reason}`);
  console.error(`${String(problems.length)} problem(s) in the published import graphs`);
  process.exitCode = 1;
}
