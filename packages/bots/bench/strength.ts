/**
 * Strength benchmark (not a test): plays seat-rotated, paired tournaments of the bots against
 * reference opponents in 4-player St. Augustine (trading off) and 3-player Colonial Florida,
 * and prints a Markdown table for docs/bots.md.
 *
 *   pnpm --filter @ruleloom/bots build && pnpm --filter @ruleloom/bots bench:strength -- --deals 50 --workers 2
 *
 * Options: --deals N (deals per matchup; games = N × players), --workers W, --seed S,
 * --only a,b (matchup ids), --json file (write every result).
 */
import { writeFileSync } from 'node:fs';
import { bundleOpponents } from './opponents-module.js';
import { parseArgs } from 'node:util';
import {
  runTournament,
  type BotSpec,
  type MctsSpecParams,
  type ModuleRef,
  type TournamentResult,
} from '../src/index.js';

const args = parseArgs({
  options: {
    deals: { type: 'string', default: '50' },
    workers: { type: 'string', default: '2' },
    seed: { type: 'string', default: 'strength-1' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
}).values;

const opponents = await bundleOpponents();

const stAugustine: ModuleRef = { module: '@ruleloom/st-augustine', export: 'stAugustine' };
const stHeuristic: ModuleRef = { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' };
const florida: ModuleRef = { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' };
const floridaHeuristic: ModuleRef = {
  module: '@ruleloom/colonial-florida',
  export: 'colonialFloridaHeuristic',
};

/** The best honest configuration for St. Augustine (see docs/bots.md). */
const best: MctsSpecParams = {
  name: 'ismcts-best',
  iterations: 150,
  heuristic: stHeuristic,
  rollout: 'lookahead',
  opponentsInTree: 'model',
  amountCandidates: 1,
  rolloutDepth: 8,
};
const mcts = (params: MctsSpecParams): BotSpec => ({ kind: 'mcts', params });
const cheating = (params: MctsSpecParams): BotSpec => ({
  kind: 'cheatingMcts',
  params: { ...params, name: `CHEATING-${params.name ?? 'mcts'}` },
});
const random: BotSpec = { kind: 'random' };
const passHalf: BotSpec = { kind: 'auctionPolicy', name: 'pass½-min' };
const valueBidder: BotSpec = {
  kind: 'module',
  ...opponents('valueBidderBot'),
  name: 'value-bidder',
};
const greedySt: BotSpec = { kind: 'greedy', heuristic: stHeuristic, samples: 4 };
/** Colonial Florida's rule-based reference opponent (bench/colonial-florida-opponents.ts). */
const builder: BotSpec = { kind: 'module', ...opponents('builderBot'), name: 'builder' };
const greedyFl: BotSpec = { kind: 'greedy', heuristic: floridaHeuristic, samples: 4 };

interface Matchup {
  readonly id: string;
  readonly game: ModuleRef;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly bots: readonly BotSpec[];
}
const st = { game: stAugustine, players: 4, options: { trading: 'off' } } as const;
const fl = { game: florida, players: 3, options: {} } as const;
const three = (b: BotSpec): BotSpec[] => [b, b, b];
const matchups: Matchup[] = [
  {
    id: 'st-best120-pass',
    ...st,
    bots: [mcts({ ...best, name: 'ismcts-best-120', iterations: 120 }), ...three(passHalf)],
  },
  {
    id: 'st-best120-value',
    ...st,
    bots: [mcts({ ...best, name: 'ismcts-best-120', iterations: 120 }), ...three(valueBidder)],
  },
  { id: 'st-best-random', ...st, bots: [mcts(best), ...three(random)] },
  { id: 'st-best-pass', ...st, bots: [mcts(best), ...three(passHalf)] },
  { id: 'st-best-value', ...st, bots: [mcts(best), ...three(valueBidder)] },
  { id: 'st-best-greedy', ...st, bots: [mcts(best), ...three(greedySt)] },
  {
    id: 'st-plain1000-pass',
    ...st,
    bots: [mcts({ name: 'ismcts-1000-random', iterations: 1000 }), ...three(passHalf)],
  },
  {
    id: 'st-plain1000-value',
    ...st,
    bots: [mcts({ name: 'ismcts-1000-random', iterations: 1000 }), ...three(valueBidder)],
  },
  { id: 'st-cheat-pass', ...st, bots: [cheating(best), ...three(passHalf)] },
  { id: 'st-cheat-value', ...st, bots: [cheating(best), ...three(valueBidder)] },
  { id: 'st-greedy-pass', ...st, bots: [greedySt, ...three(passHalf)] },
  // The same settings as ismcts-best (and the CLI's `ismcts`), with the Colonial Florida heuristic.
  {
    id: 'fl-ismcts-random',
    ...fl,
    bots: [mcts({ ...best, heuristic: floridaHeuristic }), random, random],
  },
  {
    id: 'fl-ismcts-greedy',
    ...fl,
    bots: [mcts({ ...best, heuristic: floridaHeuristic }), greedyFl, greedyFl],
  },
  {
    id: 'fl-ismcts500-greedy',
    ...fl,
    bots: [
      mcts({ ...best, name: 'ismcts-500', iterations: 500, heuristic: floridaHeuristic }),
      greedyFl,
      greedyFl,
    ],
  },
  {
    id: 'fl-x-heur',
    ...fl,
    bots: [
      mcts({
        name: 'x-heur',
        iterations: 300,
        heuristic: floridaHeuristic,
        rollout: 'heuristic',
        rolloutDepth: 10,
      }),
      greedyFl,
      greedyFl,
    ],
  },
  {
    id: 'fl-x-model',
    ...fl,
    bots: [
      mcts({
        name: 'x-model',
        iterations: 300,
        heuristic: floridaHeuristic,
        opponentsInTree: 'model',
        rolloutDepth: 30,
      }),
      greedyFl,
      greedyFl,
    ],
  },
  {
    id: 'fl-x-600',
    ...fl,
    bots: [
      mcts({ name: 'x-600', iterations: 600, heuristic: floridaHeuristic, rolloutDepth: 20 }),
      greedyFl,
      greedyFl,
    ],
  },
  {
    id: 'fl-best-random',
    ...fl,
    bots: [
      mcts({ name: 'ismcts', iterations: 300, heuristic: floridaHeuristic, rolloutDepth: 30 }),
      random,
      random,
    ],
  },
  {
    id: 'fl-ismcts-builder',
    ...fl,
    bots: [mcts({ ...best, name: 'ismcts-best', heuristic: floridaHeuristic }), builder, builder],
  },
  {
    id: 'fl-best-builder',
    ...fl,
    bots: [
      mcts({ name: 'ismcts', iterations: 300, heuristic: floridaHeuristic, rolloutDepth: 30 }),
      builder,
      builder,
    ],
  },
  {
    id: 'fl-best-greedy',
    ...fl,
    bots: [
      mcts({ name: 'ismcts', iterations: 300, heuristic: floridaHeuristic, rolloutDepth: 30 }),
      greedyFl,
      greedyFl,
    ],
  },
];

const only = args.only?.split(',');
const deals = Number(args.deals);
const workers = Number(args.workers);
const results: Record<string, TournamentResult> = {};
console.log(`| matchup | bot | games | win rate | 95% CI | fair share | ms/decision |`);
console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: |`);
for (const m of matchups) {
  if (only !== undefined && !only.includes(m.id)) continue;
  const t0 = performance.now();
  const result = await runTournament({
    game: m.game,
    bots: m.bots,
    players: m.players,
    options: m.options,
    games: deals * m.players,
    seed: `${args.seed}/${m.id}`,
    workers,
  });
  results[m.id] = result;
  const b = result.bots[0]!;
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const opponents = result.bots.slice(1).map((o) => o.name);
  console.log(
    `| ${m.id} (vs ${String(opponents.length)}× ${opponents[0] ?? ''}) | ${b.name} | ${String(b.games)} | ${pct(b.winRate)} | ${pct(b.winRateCi95[0])}–${pct(b.winRateCi95[1])} | ${pct(1 / m.players)} | ${b.meanDecisionMs.toFixed(1)} |` +
      (result.failed > 0
        ? ` ${String(result.failed)} failed: ${result.games.find((g) => g.error)?.error?.message ?? ''}`
        : ''),
  );
  if (process.env.BENCH_VERBOSE)
    console.error(`  ${m.id}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
if (args.json !== undefined) writeFileSync(args.json, JSON.stringify(results, null, 2));
