export { runBenchmarks, BENCH_GAMES } from './cases.js';
export type { BenchOptions } from './cases.js';
export type { BenchResult } from './measure.js';
export { formatBenchTable } from './format.js';
export { passOrMinimumBid, uniformChoice } from './policy.js';
