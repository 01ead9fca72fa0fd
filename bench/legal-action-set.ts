/**
 * What one seat's compact legal actions cost on the server's event loop (not a timed test:
 * figures for docs/benchmarks.md): St. Augustine with `startingMoney: 10000000,
 * minimumBid: 1000` at its first auction (10,001 legal bids), read the way the server reads it
 * for every update frame (`legalActionSet`: the bid handler's declared range) against listing
 * and compacting the bids (what it did before `enumerateCompact`).
 *
 *   pnpm run build && pnpm exec tsx bench/legal-action-set.ts
 */
import { performance } from 'node:perf_hooks';
import {
  compactLegalActions,
  createMatch,
  declaredRangeFields,
  legalActionSet,
} from '../packages/core/dist/index.js';
import { stAugustine } from '../packages/st-augustine/dist/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

function timeEach(run: () => unknown): { median: number; p99: number } {
  for (let i = 0; i < 50; i++) run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] as number,
    p99: times[Math.floor(times.length * 0.99)] as number,
  };
}

const rangeFields = declaredRangeFields(stAugustine);
console.log(`legal action set of one seat, ${String(ROUNDS)} rounds each\n`);
console.log('| startingMoney | legal bids | way | median µs | p99 µs |');
console.log('| ---: | ---: | --- | ---: | ---: |');
for (const startingMoney of [20_000, 1_000_000, 10_000_000]) {
  const match = createMatch(stAugustine, {
    seed: 3,
    players: 4,
    options: { startingMoney, minimumBid: 1_000, trading: 'off' },
  });
  const seat = match.toAct[0] as number;
  const count = legalActionSet(match, seat).count;
  const ways: [string, () => unknown][] = [
    ['declared ranges (`legalActionSet`)', () => legalActionSet(match, seat)],
    [
      'list + compact (before)',
      () => compactLegalActions(match.legalActions(seat), { rangeFields }),
    ],
  ];
  for (const [name, run] of ways) {
    const t = timeEach(run);
    console.log(
      `| ${startingMoney.toLocaleString('en-US')} | ${count.toLocaleString('en-US')} | ${name} | ${(t.median * 1000).toFixed(1)} | ${(t.p99 * 1000).toFixed(1)} |`,
    );
  }
}
