/**
 * How long `createSqliteStorage(...).init()` (header check, lock, `PRAGMA quick_check`,
 * migrations) takes on a file of 1,000 matches with 300 stored actions each.
 * Run: pnpm --filter @ruleloom/server exec tsx bench/sqlite-start-check.ts
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStorage } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'ruleloom-start-check-'));
const file = join(dir, 'big.sqlite');
const fill = createSqliteStorage({ file });
await fill.init();
for (let m = 0; m < 1000; m++) {
  const id = `m${String(m)}`;
  await fill.createMatch(
    {
      id,
      game: 'st-augustine',
      rulesVersion: '1',
      setup: { seed: 's', players: 3, options: {} },
      config: { bots: [], turnTimer: null },
      creator: 'bench',
      createdAt: 0,
      status: 'active',
      problem: null,
      botSecret: null,
    },
    [],
  );
  for (let v = 1; v <= 300; v++)
    await fill.appendAction(id, {
      version: v,
      seat: v % 3,
      action: { type: 'bid', amount: 5000 + v },
      hash: 'h'.repeat(16),
      chain: 'c'.repeat(32),
      clientSeq: v,
    });
}
await fill.close();
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const s = createSqliteStorage({ file });
  const t0 = performance.now();
  await s.init();
  times.push(performance.now() - t0);
  await s.close();
}
times.sort((a, b) => a - b);
console.log(
  `file ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB (300,000 actions): init() median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[4]!.toFixed(0)})`,
);
rmSync(dir, { recursive: true, force: true });
