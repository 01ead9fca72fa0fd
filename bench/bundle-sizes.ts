/* Prints the browser bundle sizes (min, min+gzip) for docs/benchmarks.md: `pnpm run bench:size`. */
import { browserBundles } from '../packages/cli/test/browser-bundle.js';

const rows = await browserBundles();
console.log('| package | min | min+gzip |\n| --- | ---: | ---: |');
for (const r of rows)
  console.log(
    `| ${r.name} | ${(r.minBytes / 1024).toFixed(1)} KB | ${(r.gzipBytes / 1024).toFixed(1)} KB |`,
  );
