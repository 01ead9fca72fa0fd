import { Bench } from 'tinybench';

/**
 * One benchmark figure.
 * @public
 */
export interface BenchResult {
  /** Which game (or `core`). */
  readonly game: string;
  /** What was measured. */
  readonly name: string;
  /** The figure. */
  readonly value: number;
  /** Its unit: `games/s`, `ops/s`, `ns/op`, `iterations/s`, `bytes`. */
  readonly unit: string;
  /** Relative margin of error in percent (when sampled). */
  readonly rme?: number;
  /** Samples taken. */
  readonly samples?: number;
  /** Anything a reader needs to interpret the figure. */
  readonly note?: string;
}

/** Runs throughput tasks with tinybench and returns them as results (ops/s or ns/op). */
export async function measure(
  game: string,
  tasks: readonly {
    name: string;
    fn: () => void;
    unit: 'games/s' | 'ops/s' | 'ns/op' | 'iterations/s';
    note?: string;
    perCall?: number;
  }[],
  timeMs: number,
): Promise<BenchResult[]> {
  const bench = new Bench({ time: timeMs, warmupTime: Math.min(200, timeMs / 2) });
  for (const t of tasks) bench.add(t.name, t.fn);
  await bench.run();
  return bench.tasks.map((task, i) => {
    const spec = tasks[i] as (typeof tasks)[number];
    const result = task.result;
    if (result.state !== 'completed') {
      const error =
        'error' in result ? String((result as { error?: unknown }).error) : result.state;
      throw new Error(`benchmark '${spec.name}' did not complete: ${error}`);
    }
    const perCall = spec.perCall ?? 1;
    const meanMs = result.latency.mean;
    const value = spec.unit === 'ns/op' ? (meanMs * 1e6) / perCall : (1000 / meanMs) * perCall;
    return {
      game,
      name: spec.name,
      value,
      unit: spec.unit,
      rme: result.latency.rme,
      samples: result.latency.samples?.length ?? 0,
      ...(spec.note === undefined ? {} : { note: spec.note }),
    };
  });
}
