import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Engine, MatchState } from '@ruleloom/core';
import type { BenchResult } from './measure.js';

/** A garbage collector handle, when the runtime lets us have one. */
function gcHandle(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

/** Bytes per state: serialized size, and heap retained by 10,000 distinct cloned states. */
export function measureMemory(
  game: string,
  engine: Engine,
  states: readonly MatchState[],
): BenchResult[] {
  const sample = states[Math.floor(states.length / 2)] as MatchState;
  const serialized = Buffer.byteLength(JSON.stringify(sample));
  const results: BenchResult[] = [
    { game, name: 'serialized mid-game state (JSON)', value: serialized, unit: 'bytes' },
  ];
  const gc = gcHandle();
  if (gc === undefined) return results;
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: MatchState[] = [];
  for (let i = 0; i < 10_000; i++) kept.push(engine.clone(states[i % states.length] as MatchState));
  gc();
  const after = process.memoryUsage().heapUsed;
  results.push({
    game,
    name: 'heap per retained state (10,000 clones)',
    value: Math.round((after - before) / kept.length),
    unit: 'bytes',
    note: `${String(Math.round((after - before) / 1024))} KiB for 10,000 states`,
  });
  return results;
}
