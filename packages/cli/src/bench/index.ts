export { runBenchmarks, benchGameOfKit, benchGamesOf } from './cases.js';
export type { BenchGame, BenchOptions } from './cases.js';
export type { BenchResult } from './measure.js';
export { formatBenchTable } from './format.js';
export { declaredTraitsPolicy, uniformChoice } from './policy.js';
