/**
 * Research bench (not a shipped bot, not a test): the PERFECT-FORESIGHT ceiling in Colonial
 * Florida. The oracle reads the true match state INCLUDING its generator (`MatchState.rng`,
 * the real future dice) and plays a nested Monte Carlo search on `engine.clone(state)`: at
 * level L, each legal action is stepped and the game played to the end with the oracle's own
 * later decisions made at level L-1 (level 0: the builder's rule) and the opponents modelled
 * by `--model` (builder, or greedy on the heuristic). Against deterministic opponents whose
 * model is exact it sees the real future. An honest bot knows less, so its win rate bounds
 * every honest bot's.
 *
 *   cd packages/bots && ../../node_modules/.bin/tsx bench/cf-ceiling.ts --opp greedy --model greedy --level 1
 */
import { parseArgs } from 'node:util';
import { colonialFlorida, colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import { actionTraitsOf, Rng, type ActionBase, type MatchState } from '@ruleloom/core';
import {
  greedyBot,
  runTournament,
  type Bot,
  type BotRules,
  type CheatingBot,
} from '../src/index.js';
import { builderPolicy } from './colonial-florida-opponents.js';
import { colonialFloridaBenchOpponents } from './colonial-florida-bots.js';
import { raiderPolicy } from './colonial-florida-raider.js';

const args = parseArgs({
  options: {
    games: { type: 'string', default: '60' },
    opp: { type: 'string', default: 'random' },
    model: { type: 'string', default: 'builder' },
    level: { type: 'string', default: '1' },
    playouts: { type: 'string', default: '1' },
    seed: { type: 'string', default: 'ceiling-1' },
  },
}).values;

const traits = actionTraitsOf(colonialFlorida);
const greedyModel = greedyBot({ heuristic: colonialFloridaHeuristic, samples: 1 });

function builder(engine: BotRules, state: MatchState, seat: number, rng: Rng): ActionBase {
  const legal = engine.legalActions(state, seat);
  return builderPolicy({
    seat,
    legalActions: legal,
    rng,
    traits,
    view: () => engine.view(state, seat),
  });
}

/** The opponents' model. */
function opponentModel(
  engine: BotRules,
  rules: BotRules,
  state: MatchState,
  seat: number,
  rng: Rng,
): ActionBase {
  if (args.model === 'greedy') {
    const legal = engine.legalActions(state, seat);
    if (legal.length === 1) return legal[0]!;
    return greedyModel.act({
      seat,
      view: engine.view(state, seat),
      legalActions: legal,
      rng,
      rules,
    }) as ActionBase;
  }
  if (args.model === 'random') {
    const legal = engine.legalActions(state, seat);
    return legal[rng.int(0, legal.length - 1)]!;
  }
  if (args.model === 'raider') {
    const legalActions = engine.legalActions(state, seat);
    return raiderPolicy({ seat, legalActions, rng, traits, view: () => engine.view(state, seat) });
  }
  return builder(engine, state, seat, rng);
}

/** Plays `state` to the end (in place) and returns the oracle's share of the win. */
function playout(
  engine: BotRules,
  rules: BotRules,
  state: MatchState,
  me: number,
  level: number,
  rng: Rng,
): number {
  while (state.result === null) {
    const seat = engine.toAct(state)[0] as number;
    const a =
      seat === me
        ? level === 0
          ? builder(engine, state, seat, rng)
          : choose(engine, rules, state, seat, level, rng)
        : opponentModel(engine, rules, state, seat, rng);
    const r = engine.step(state, seat, a, false, true);
    if (!r.ok) throw new Error('a legal action was rejected');
  }
  const w = state.result.winners;
  return w.includes(me) ? 1 / w.length : 0;
}

/** Level-`level` choice: the action whose continuation (self at level-1) wins most. */
function choose(
  engine: BotRules,
  rules: BotRules,
  state: MatchState,
  seat: number,
  level: number,
  rng: Rng,
  playouts = 1,
): ActionBase {
  const legal = engine.legalActions(state, seat);
  if (legal.length === 1) return legal[0]!;
  let best = legal[0]!;
  let bestScore = -1;
  for (const a of legal) {
    let s = 0;
    for (let p = 0; p < playouts; p++) {
      const copy = engine.clone(state); // the TRUE generator is kept: the real future dice
      const r = engine.step(copy, seat, a, false, true);
      if (!r.ok) throw new Error('a legal action was rejected');
      // The same model streams for every action (paired comparison).
      s += playout(engine, rules, copy, seat, level - 1, Rng.fromSeed(p + 1 + rng.int(0, 0)));
    }
    if (s > bestScore) {
      bestScore = s;
      best = a;
    }
  }
  return best;
}

function oracle(level: number, playouts: number): CheatingBot {
  return {
    name: `ORACLE-L${String(level)}x${String(playouts)}-${args.model ?? ''}`,
    cheats: true,
    actWithState: ({ seat, state, engine, rules, legalActions }) =>
      legalActions.length === 1
        ? legalActions[0]!
        : choose(engine, rules, state, seat, level, Rng.fromSeed(1), playouts),
  };
}

const opp = colonialFloridaBenchOpponents[args.opp ?? ''] as Bot;
const t0 = performance.now();
const r = await runTournament({
  game: colonialFlorida,
  bots: [oracle(Number(args.level), Number(args.playouts)), opp, opp],
  players: 3,
  options: {},
  games: Number(args.games),
  seed: `${args.seed ?? ''}/${args.opp ?? ''}`,
  workers: 0,
});
const b = r.bots[0]!;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
console.log(
  `${b.name} vs 2x ${args.opp ?? ''}: ${String(b.games)} games, win ${pct(b.winRate)} (95% CI ${pct(b.winRateCi95[0])}–${pct(b.winRateCi95[1])}), ${b.meanDecisionMs.toFixed(1)} ms/decision, ${String(r.failed)} failed, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
