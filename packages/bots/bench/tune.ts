/** Quick tuning runs (not a test): one MCTS config against three reference opponents. */
import { parseArgs } from 'node:util';
import { bundleOpponents } from './opponents-module.js';
import { runTournament, type BotSpec, type MctsSpecParams } from '../src/index.js';

const args = parseArgs({
  options: {
    deals: { type: 'string', default: '4' },
    workers: { type: 'string', default: '1' },
    seed: { type: 'string', default: 'tune-1' },
    opp: { type: 'string', default: 'pass' },
    cfg: { type: 'string', default: '{}' },
  },
}).values;
const opponents = await bundleOpponents();
const h = { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' };
const cfg = JSON.parse(args.cfg) as MctsSpecParams & { heuristic?: unknown };
const { heuristic, ...rest } = cfg;
const params: MctsSpecParams = heuristic === undefined ? rest : { ...rest, heuristic: h };
const opp: Record<string, BotSpec> = {
  pass: { kind: 'auctionPolicy', name: 'pass½-min' },
  value: { kind: 'module', ...opponents('valueBidderBot'), name: 'value-bidder' },
  greedy: { kind: 'greedy', heuristic: h, samples: 4 },
};
const o = opp[args.opp] as BotSpec;
const t0 = performance.now();
const r = await runTournament({
  game: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
  bots: [{ kind: 'mcts', params }, o, o, o],
  players: 4,
  options: { trading: 'off' },
  games: Number(args.deals) * 4,
  seed: `${args.seed}/${args.opp}`,
  workers: Number(args.workers),
});
const b = r.bots[0]!;
console.log(
  `${args.opp} ${args.cfg}: ${b.games} games, win ${(b.winRate * 100).toFixed(1)}% [${(b.winRateCi95[0] * 100).toFixed(0)}-${(b.winRateCi95[1] * 100).toFixed(0)}], score ${b.meanScore.toFixed(0)} vs ${r.bots[1]!.meanScore.toFixed(0)}, ${b.meanDecisionMs.toFixed(1)} ms/dec, failed ${r.failed} ${r.games.find((g) => g.error)?.error?.message ?? ''}, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
