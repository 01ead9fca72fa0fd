import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cloneJson, type Engine, type MatchState } from '@ruleloom/core';
import type { BenchResult } from './measure.js';
import { sampleStates, type Policy } from './play.js';

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

/** The heap that `make` leaves retained, per item, after garbage collection. */
function retainedBytes<T>(
  gc: () => void,
  make: () => readonly T[],
): { perItem: number; kib: number } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  const after = process.memoryUsage().heapUsed;
  return {
    perItem: Math.round((after - before) / kept.length),
    kib: Math.round((after - before) / 1024),
  };
}

const RETAINED = 10_000;

/**
 * Bytes per state: serialized size, and the heap retained by 10,000 states kept three ways:
 * deep copies (no array or object shared), the successive states of played games (as a match
 * history keeps them: they share what did not change), and `engine.clone` copies.
 */
export function measureMemory(
  game: string,
  engine: Engine,
  states: readonly MatchState[],
  policy: Policy,
): BenchResult[] {
  const sample = states[Math.floor(states.length / 2)] as MatchState;
  const serialized = Buffer.byteLength(JSON.stringify(sample));
  const results: BenchResult[] = [
    { game, name: 'serialized mid-game state (JSON)', value: serialized, unit: 'bytes' },
  ];
  const gc = gcHandle();
  if (gc === undefined) return results;
  const row = (name: string, make: () => readonly MatchState[]): BenchResult => {
    const { perItem, kib } = retainedBytes(gc, make);
    return {
      game,
      name,
      value: perItem,
      unit: 'bytes',
      note: `${String(kib)} KiB for ${String(RETAINED)} states`,
    };
  };
  results.push(
    row('heap per retained state (10,000 deep copies, no list shared)', () => {
      const kept: MatchState[] = [];
      for (let i = 0; i < RETAINED; i++)
        kept.push(cloneJson(states[i % states.length] as MatchState));
      return kept;
    }),
    row('heap per retained state (10,000 successive states of played games)', () => {
      const kept: MatchState[] = [];
      for (let seed = 1; kept.length < RETAINED; seed++)
        kept.push(...sampleStates(engine, [seed], policy, 0, 1));
      kept.length = RETAINED;
      return kept;
    }),
    row('heap per retained state (10,000 engine.clone copies)', () => {
      const kept: MatchState[] = [];
      for (let i = 0; i < RETAINED; i++)
        kept.push(engine.clone(states[i % states.length] as MatchState));
      return kept;
    }),
  );
  return results;
}
