/**
 * Strength benchmark (not a test): plays seat-rotated, paired tournaments (every deal once
 * with the bot under test in every seat) of the bots against reference opponents in
 * St. Augustine (4 players, trading on and off) and Colonial Florida (3 players), and prints
 * a Markdown table with 95% Wilson intervals and, with trading on, the trade counts.
 *
 *   pnpm run build && pnpm --filter @ruleloom/bots bench:strength -- --games 40
 *
 * Options: --games N (games per matchup, rounded up to whole deals; or --deals D for D deals,
 * D × players games), --workers W (default:
 * the available cores), --seed S, --suite main|all, --only a,b (matchup ids), --json file.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runTournament, type TournamentResult } from '../src/index.js';
import { bundleOpponents } from './opponents-module.js';
import { strengthMatchups } from './strength-matchups.js';
import { countTrades } from './trade-counts.js';

const args = parseArgs({
  options: {
    games: { type: 'string', default: '40' },
    deals: { type: 'string' },
    workers: { type: 'string', default: String(availableParallelism()) },
    seed: { type: 'string', default: 'strength-1' },
    suite: { type: 'string', default: 'main' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
}).values;

const matchups = strengthMatchups(await bundleOpponents());
const only = args.only?.split(',');
const deals = args.deals === undefined ? undefined : Number(args.deals);
const games = Number(args.games);
const workers = Number(args.workers);
if (!(games >= 1) || !(workers >= 0) || (deals !== undefined && !(deals >= 1)))
  throw new RangeError('--games must be >= 1, --workers >= 0');
const selected = matchups.filter((m) =>
  only !== undefined ? only.includes(m.id) : args.suite === 'all' || m.suite === 'main',
);
const unknown = only?.filter((id) => !matchups.some((m) => m.id === id)) ?? [];
if (unknown.length > 0) throw new RangeError(`unknown matchups: ${unknown.join(', ')}`);

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const results: Record<string, TournamentResult> = {};
console.log(
  `strength: ${deals === undefined ? `${String(games)} games` : `${String(deals)} deals`} per matchup, ${String(workers)} workers, seed ${args.seed}, load ${loadavg()[0]?.toFixed(1) ?? '?'}`,
);
console.log(
  `| matchup | bot | games | win rate | 95% CI | fair share | ms/decision | trades (offered/accepted, received/accepted) |`,
);
console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |`);
for (const m of selected) {
  const t0 = performance.now();
  const result = await runTournament({
    game: m.game,
    bots: m.bots,
    players: m.players,
    options: m.options,
    games: deals === undefined ? games : deals * m.players,
    seed: `${args.seed}/${m.id}`,
    workers,
  });
  results[m.id] = result;
  const b = result.bots[0];
  if (b === undefined) continue;
  const opponents = result.bots.slice(1).map((o) => o.name);
  const t = m.trades === true ? countTrades(result.games, 0) : undefined;
  const trades =
    t === undefined
      ? ''
      : `${String(t.offered)}/${String(t.offeredAccepted)}, ${String(t.received)}/${String(t.receivedAccepted)}`;
  const failed =
    result.failed > 0
      ? ` ${String(result.failed)} failed: ${result.games.find((g) => g.error)?.error?.message ?? ''}`
      : '';
  console.log(
    `| ${m.id} (vs ${String(opponents.length)}× ${opponents[0] ?? ''}) | ${b.name} | ${String(b.games)} | ${pct(b.winRate)} | ${pct(b.winRateCi95[0])}–${pct(b.winRateCi95[1])} | ${pct(1 / m.players)} | ${b.meanDecisionMs.toFixed(1)} | ${trades} |${failed}`,
  );
  console.error(
    `  ${m.id}: ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${loadavg()[0]?.toFixed(1) ?? '?'}`,
  );
}
if (args.json !== undefined) writeFileSync(args.json, JSON.stringify(results, null, 2));
