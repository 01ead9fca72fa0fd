/**
 * The local client's cost per action over a long hot-seat game: St. Augustine, 4 players,
 * trading on, every seat played on the page (no bots), 500 actions chosen by a seeded random
 * policy among the legal actions of the seat on screen. Each `client.act` is timed (wall time,
 * including the snapshot the page would render); the figure that matters is the mean of the last
 * 10% of actions over the mean of the first 10% (flat: at most 1.3). A bench, not a test: it
 * asserts no time. Usage:
 *
 *   pnpm --filter @ruleloom/core build && pnpm --filter @ruleloom/st-augustine build && pnpm --filter @ruleloom/client build
 *   pnpm exec tsx bench/local-client-actions.ts [actions=500] [rounds=5]
 */
import { createMatch, Rng } from '../packages/core/dist/index.js';
import { createClient } from '../packages/client/dist/index.js';
import { stAugustine } from '../packages/st-augustine/dist/index.js';
import { median } from './cpu-time.js';

const ACTIONS = Number(process.argv[2] ?? 500);
const ROUNDS = Number(process.argv[3] ?? 5);

/** One game: the milliseconds of each of its first `ACTIONS` actions. */
async function playOnce(seed: number): Promise<number[]> {
  const client = createClient({
    type: 'local',
    game: stAugustine,
    // Enough turns that a random hot-seat game lasts past the actions measured.
    setup: { seed, players: 4, options: { trading: 'on', turns: 200 } },
  });
  const rng = Rng.fromSeed(seed);
  const times: number[] = [];
  let rendered = 0;
  client.subscribe(() => {
    // What a page does on each change: read the snapshot (and its log).
    rendered += client.getSnapshot().log.length;
  });
  while (times.length < ACTIONS) {
    const snapshot = client.getSnapshot();
    if (snapshot.isOver) throw new Error(`the game ended after ${String(times.length)} actions`);
    const legal = snapshot.legalActions;
    // Prefer anything but a pass two times in three, so auctions and trades happen.
    const others = legal.filter((a) => a.type !== 'pass');
    const pool = others.length > 0 && rng.int(0, 2) > 0 ? others : legal;
    const action = pool[rng.int(0, pool.length - 1)];
    if (action === undefined) throw new Error('no legal action for the seat on screen');
    const t0 = performance.now();
    const r = await client.act(action);
    client.getSnapshot();
    times.push(performance.now() - t0);
    if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.message}`);
  }
  client.close();
  if (rendered === 0) throw new Error('no change was published');
  return times;
}

/**
 * The same game played on a bare match (apply, then the seat's view and legal actions): the
 * part of the cost that is the game's own, for reference.
 */
function playBare(seed: number): number[] {
  const match = createMatch(stAugustine, {
    seed,
    players: 4,
    options: { trading: 'on', turns: 200 },
  });
  const rng = Rng.fromSeed(seed);
  const times: number[] = [];
  let seat = match.toAct[0] as number;
  let legal = match.legalActions(seat);
  while (times.length < ACTIONS) {
    const others = legal.filter((a) => a.type !== 'pass');
    const pool = others.length > 0 && rng.int(0, 2) > 0 ? others : legal;
    const action = pool[rng.int(0, pool.length - 1)];
    const t0 = performance.now();
    match.apply(seat, action!);
    seat = match.toAct[0] as number;
    match.view(seat);
    legal = match.legalActions(seat);
    times.push(performance.now() - t0);
  }
  return times;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const firsts: number[] = [];
const lasts: number[] = [];
const bareFirsts: number[] = [];
const bareLasts: number[] = [];
await playOnce(1); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  const times = await playOnce(100 + round);
  const tenth = Math.max(1, Math.floor(ACTIONS / 10));
  firsts.push(mean(times.slice(0, tenth)));
  lasts.push(mean(times.slice(-tenth)));
  const bare = playBare(100 + round);
  bareFirsts.push(mean(bare.slice(0, tenth)));
  bareLasts.push(mean(bare.slice(-tenth)));
}
const first = median(firsts);
const last = median(lasts);
console.log(
  `local client, St. Augustine hot-seat, ${String(ACTIONS)} actions, median of ${String(ROUNDS)} games:`,
);
console.log(`  first 10% of actions: ${first.toFixed(3)} ms/action`);
console.log(`  last 10% of actions:  ${last.toFixed(3)} ms/action`);
console.log(`  last / first: ${(last / first).toFixed(2)} (flat when at most 1.3)`);
const bf = median(bareFirsts);
const bl = median(bareLasts);
console.log(
  `the same games on a bare match (the game's own cost): ${bf.toFixed(3)} -> ${bl.toFixed(3)} ms/action (${(bl / bf).toFixed(2)})`,
);
