/**
 * Quick Colonial Florida tuning runs (not a test): one MCTS configuration (JSON, the
 * heuristic added) against two reference opponents, in this thread.
 *
 *   ../../node_modules/.bin/tsx bench/cf-tune.ts --opp greedy --games 60 --cfg '{"iterations":100}'
 */
import { parseArgs } from 'node:util';
import { colonialFlorida, colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import { mctsBot, runTournament, type Bot, type MctsParams } from '../src/index.js';
import { builderPolicy } from './colonial-florida-opponents.js';
import { colonialFloridaBenchOpponents } from './colonial-florida-bots.js';
import { raiderPolicy } from './colonial-florida-raider.js';

const args = parseArgs({
  options: {
    games: { type: 'string', default: '60' },
    seed: { type: 'string', default: 'cf-tune-1' },
    opp: { type: 'string', default: 'greedy' },
    cfg: { type: 'string', default: '{}' },
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
const t0 = performance.now();
const r = await runTournament({
  game: colonialFlorida,
  bots: [mctsBot({ ...cfg, heuristic: colonialFloridaHeuristic }), opp, opp],
  players: 3,
  options: {},
  games: Number(args.games),
  seed: `${args.seed ?? ''}/${args.opp ?? ''}`,
  workers: 0,
});
const b = r.bots[0]!;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
console.log(
  `${args.opp ?? ''} ${args.cfg ?? ''}: ${String(b.games)} games, win ${pct(b.winRate)} (${pct(b.winRateCi95[0])}–${pct(b.winRateCi95[1])}), ${b.meanDecisionMs.toFixed(1)} ms/decision, ${String(r.failed)} failed ${r.games.find((g) => g.error)?.error?.message ?? ''}, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
