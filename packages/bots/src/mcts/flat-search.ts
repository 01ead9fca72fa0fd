import { Rng, type ActionBase } from '@ruleloom/core';
import type { ResolvedMctsParams } from './mcts-params.js';
import { Rollouts } from './rollout.js';
import type { SearchSink } from './search-sink.js';
import type { SearchSpace } from './space.js';

/**
 * Flat Monte Carlo with common random numbers over the root's candidate actions: each
 * iteration samples one root state (a determinization: hidden information and the future
 * chance from the bot's stream) and draws one seed for the rollout policies' stream; then
 * every candidate is stepped on its own copy of that same state and rolled out with a stream
 * started from that same seed. Every candidate thus meets the same dice and the same
 * opponents' coin flips as far as the games stay alike, so the comparison is paired and
 * needs far fewer rollouts than independent ones. Plays the candidate with the best total
 * reward for the bot's seat (ties: the first listed).
 */
export function flatSearch<S, TAction extends ActionBase>(
  problem: { readonly space: SearchSpace<S, TAction>; readonly seat: number; readonly rng: Rng },
  params: ResolvedMctsParams<TAction>,
  candidates: readonly TAction[],
  stats: SearchSink<TAction> | undefined,
): TAction {
  const { space, seat, rng } = problem;
  const n = candidates.length;
  const totals = new Float64Array(n);
  const start = params.now();
  const deadline = params.timeMs === Infinity ? Infinity : start + params.timeMs;
  let iterations = 0;
  while (iterations < params.iterations) {
    if (iterations > 0 && deadline !== Infinity && params.now() >= deadline) break;
    iterations++;
    const root = space.sample();
    const seed = rng.int(-0x80000000, 0x7fffffff);
    for (let i = 0; i < n; i++) {
      const state = space.clone(root);
      // The candidates come from the real state's legal actions, not this sample's: checked.
      space.step(state, seat, candidates[i] as TAction, false);
      const rollouts = new Rollouts(space, params, Rng.fromSeed(seed), seat);
      rollouts.run(state);
      totals[i] = (totals[i] as number) + (rollouts.reward[seat] as number);
    }
  }
  if (stats !== undefined) {
    stats.iterations += iterations;
    stats.ms += params.now() - start;
    if (stats.candidates !== undefined)
      stats.candidates = candidates.map((action, i) => ({
        action,
        visits: iterations,
        value: iterations === 0 ? 0 : (totals[i] as number) / iterations,
      }));
  }
  let best = 0;
  for (let i = 1; i < n; i++) if ((totals[i] as number) > (totals[best] as number)) best = i;
  return candidates[best] as TAction;
}
