import type { ActionBase, Rng } from '@ruleloom/core';
import type { ResolvedMctsParams } from './mcts-params.js';
import { flatSearch } from './flat-search.js';
import type { SearchSink } from './search-sink.js';
import { Rollouts } from './rollout.js';
import { checkValue, wideCandidates } from './candidates.js';
import { pruneAmounts, pruneWide } from './prune.js';
import { SearchNode } from './search-node.js';
import type { SearchSpace } from './space.js';

/** What one search needs: the space to step (with its sampler of roots) and the root decision. */
export interface SearchProblem<S, TAction extends ActionBase> {
  readonly space: SearchSpace<S, TAction>;
  readonly seat: number;
  readonly legalActions: readonly TAction[];
  readonly rng: Rng;
}

export type { RootCandidate, SearchSink } from './search-sink.js';

/** Statistics of a finished search, for benchmarks and tuning. */
export interface SearchStats {
  readonly iterations: number;
  readonly ms: number;
}

/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS with UCB1 and availability
 * counts): each iteration samples a root state, descends the tree by the actions legal in
 * that sample, expands one node, rolls out, and backs up every seat's reward. Returns the
 * most visited root action.
 */
export function search<S, TAction extends ActionBase>(
  problem: SearchProblem<S, TAction>,
  params: ResolvedMctsParams<TAction>,
  stats?: SearchSink<TAction>,
): TAction {
  const { space, seat: rootSeat, legalActions: allRootLegal } = problem;
  if (allRootLegal.length === 1) return allRootLegal[0] as TAction;
  const keep = params.amountCandidates;
  const wide = params.wideActions;
  const heuristic = params.heuristic;
  let rootLegal = pruneAmounts(allRootLegal, keep, space.traits);
  if (wide !== Infinity && heuristic !== undefined)
    rootLegal = wideCandidates(space, space.sample(), rootSeat, rootLegal, wide, heuristic);
  if (rootLegal.length === 1) return rootLegal[0] as TAction;
  const chosen =
    params.search === 'flat'
      ? flatSearch(problem, params, rootLegal, stats)
      : treeSearch(problem, params, rootLegal, stats);
  if (heuristic !== undefined && params.valueChecked.includes(chosen.type))
    return checkValue(space, rootSeat, chosen, allRootLegal, heuristic, VALUE_CHECK_SAMPLES);
  return chosen;
}

/** Sampled states over which a value-checked choice is compared with the alternatives. */
const VALUE_CHECK_SAMPLES = 4;

/** The UCT search proper over the root's candidate actions. */
function treeSearch<S, TAction extends ActionBase>(
  problem: SearchProblem<S, TAction>,
  params: ResolvedMctsParams<TAction>,
  rootLegal: readonly TAction[],
  stats: SearchSink<TAction> | undefined,
): TAction {
  const { space, seat: rootSeat, rng } = problem;
  const keep = params.amountCandidates;
  const wide = params.wideActions;
  const rollouts = new Rollouts(space, params, rng, rootSeat);
  const root = new SearchNode<TAction>(null, null, -1);
  const c = params.exploration;
  const modelOpponents = params.opponentsInTree === 'model';
  const start = params.now();
  const deadline = params.timeMs === Infinity ? Infinity : start + params.timeMs;
  const path: SearchNode<TAction>[] = [];
  let iterations = 0;
  while (iterations < params.iterations) {
    if (
      deadline !== Infinity &&
      (iterations & 7) === 0 &&
      params.now() >= deadline &&
      iterations > 0
    )
      break;
    iterations++;
    const state = space.sample();
    let node = root;
    path.length = 0;
    let atRoot = true;
    for (;;) {
      const toAct = space.toAct(state);
      if (toAct < 0) break;
      const seat = atRoot ? rootSeat : toAct;
      const allLegal = atRoot ? rootLegal : space.legalActions(state, seat);
      // Below the root, actions come from legalActions of this very state: a trusted step
      // (the root's list was made on the real state, not on this sample: validated).
      const trusted = !atRoot;
      atRoot = false;
      if (modelOpponents && seat !== rootSeat) {
        space.step(
          state,
          seat,
          rollouts.choose(state, seat, allLegal),
          trusted && rollouts.builtIn(seat),
        );
        continue;
      }
      const legal = pruneWide(pruneAmounts(allLegal, keep, space.traits), wide);
      const children = node.childrenFor(seat, legal);
      let untried = 0;
      for (let i = 0; i < children.length; i++) {
        const child = children[i];
        if (child === undefined) untried++;
        else child.available++;
      }
      if (untried > 0) {
        let k = Math.floor(rng.float() * untried);
        let index = 0;
        for (; index < children.length; index++) {
          if (children[index] === undefined && k-- === 0) break;
        }
        const child = node.expand(seat, legal, index);
        child.available++;
        space.step(state, seat, legal[index] as TAction, trusted);
        path.push(child);
        break;
      }
      let best = -Infinity;
      let bestIndex = 0;
      for (let i = 0; i < children.length; i++) {
        const child = children[i] as SearchNode<TAction>;
        const value =
          child.reward / child.visits + c * Math.sqrt(Math.log(child.available) / child.visits);
        if (value > best) {
          best = value;
          bestIndex = i;
        }
      }
      node = children[bestIndex] as SearchNode<TAction>;
      space.step(state, seat, legal[bestIndex] as TAction, trusted);
      path.push(node);
    }
    rollouts.run(state);
    const reward = rollouts.reward;
    for (const n of path) {
      n.visits++;
      n.reward += reward[n.seat] as number;
    }
  }
  if (stats !== undefined) {
    stats.iterations += iterations;
    stats.ms += params.now() - start;
  }
  const children = root.childrenFor(rootSeat, rootLegal);
  if (stats?.candidates !== undefined)
    stats.candidates = rootLegal.map((action, i) => {
      const child = children[i];
      return {
        action,
        visits: child?.visits ?? 0,
        value: child === undefined || child.visits === 0 ? 0 : child.reward / child.visits,
      };
    });
  let bestIndex = -1;
  let bestVisits = -1;
  let bestMean = -Infinity;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child === undefined) continue;
    const mean = child.reward / child.visits;
    if (child.visits > bestVisits || (child.visits === bestVisits && mean > bestMean)) {
      bestVisits = child.visits;
      bestMean = mean;
      bestIndex = i;
    }
  }
  return rootLegal[
    bestIndex < 0 ? Math.floor(rng.float() * rootLegal.length) : bestIndex
  ] as TAction;
}
