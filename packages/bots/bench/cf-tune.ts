/**
 * Quick Colonial Florida tuning runs (not a test): one MCTS configuration (JSON, the
 * heuristic added) against two reference opponents, in this thread. `--value learned` scores
 * with `colonialFloridaValue` instead of the race model (`--weights file.json`: a refitted
 * table from `cf-learn.ts --out`); `--bot greedy` plays `greedyBot` with `--samples` samples
 * on that evaluation instead of MCTS.
 *
 *   ../../node_modules/.bin/tsx bench/cf-tune.ts --opp greedy --games 60 --cfg '{"iterations":100}'
 *   ../../node_modules/.bin/tsx bench/cf-tune.ts --opp greedy --games 120 --bot greedy --samples 8 --value learned
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  colonialFlorida,
  colonialFloridaHeuristic,
  colonialFloridaValue,
  colonialFloridaValueShares,
  type ColonialFloridaValueWeights,
} from '@ruleloom/colonial-florida';
import type { Heuristic } from '@ruleloom/core';
import { greedyBot, mctsBot, runTournament, type Bot, type MctsParams } from '../src/index.js';
import { builderPolicy } from './colonial-florida-opponents.js';
import { colonialFloridaBenchOpponents } from './colonial-florida-bots.js';
import { raiderPolicy } from './colonial-florida-raider.js';

const args = parseArgs({
  options: {
    games: { type: 'string', default: '60' },
    seed: { type: 'string', default: 'cf-tune-1' },
    opp: { type: 'string', default: 'greedy' },
    cfg: { type: 'string', default: '{}' },
    bot: { type: 'string', default: 'mcts' },
    samples: { type: 'string', default: '4' },
    value: { type: 'string', default: 'race' },
    weights: { type: 'string' },
  },
}).values;
const opp = colonialFloridaBenchOpponents[args.opp ?? ''] as Bot;
const raw = JSON.parse(args.cfg ?? '{}') as MctsParams & {
  rollout?: string;
  opponentRollout?: string;
};
// 'builder' / 'raider': the reference opponents' rules as rollout policies.
const policies: Record<string, MctsParams['rollout']> = {
  builder: builderPolicy,
  raider: raiderPolicy,
};
const cfg: MctsParams = {
  ...raw,
  ...(raw.rollout !== undefined && raw.rollout in policies
    ? { rollout: policies[raw.rollout] }
    : {}),
  ...(raw.opponentRollout !== undefined && raw.opponentRollout in policies
    ? { opponentRollout: policies[raw.opponentRollout] }
    : {}),
} as MctsParams;
const table =
  args.weights === undefined
    ? undefined
    : (JSON.parse(readFileSync(args.weights, 'utf8')) as ColonialFloridaValueWeights);
const heuristic: Heuristic =
  args.value !== 'learned'
    ? colonialFloridaHeuristic
    : table === undefined
      ? colonialFloridaValue
      : (view, seat) => colonialFloridaValueShares(view, table)[seat] ?? 0;
const me: Bot =
  args.bot === 'greedy'
    ? greedyBot({ heuristic, samples: Number(args.samples), name: `greedy-${args.value ?? ''}` })
    : mctsBot({ ...cfg, heuristic });
const t0 = performance.now();
const r = await runTournament({
  game: colonialFlorida,
  bots: [me, opp, opp],
  players: 3,
  options: {},
  games: Number(args.games),
  seed: `${args.seed ?? ''}/${args.opp ?? ''}`,
  workers: 0,
});
const b = r.bots[0]!;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
console.log(
  `${me.name} ${args.value ?? ''} vs ${args.opp ?? ''} ${args.bot === 'greedy' ? `samples ${args.samples ?? ''}` : (args.cfg ?? '')}: ${String(b.games)} games, win ${pct(b.winRate)} (${pct(b.winRateCi95[0])}–${pct(b.winRateCi95[1])}), ${b.meanDecisionMs.toFixed(1)} ms/decision, ${String(r.failed)} failed ${r.games.find((g) => g.error)?.error?.message ?? ''}, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
