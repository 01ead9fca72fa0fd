/**
 * The local client's cost per action over a long hot-seat game: St. Augustine, 4 players,
 * trading on, every seat played on the page (no bots), 500 actions chosen by a seeded random
 * policy among the legal actions of the seat on screen. Each `client.act` is timed (wall time,
 * including the snapshot the page would render) in CPU microseconds of this process over each
 * window (less sensitive to a shared machine than wall time, and read twice per window: reading
 * the CPU clock costs more than a bare action); the figure that matters is the mean of the last
 * 10% of actions over the mean of the first 10% (flat: at most 1.3). The same actions are played
 * on a bare match (apply, then the next seat's view and legal actions): the game's own cost, which
 * grows with the number of legal actions (trade proposals multiply as seats buy shops), so the
 * bench also prints the client's own overhead (client minus bare match) and the mean number of
 * legal actions in each window. A bench, not a test: it asserts no time. Usage:
 *
 *   pnpm --filter @ruleloom/core build && pnpm --filter @ruleloom/st-augustine build && pnpm --filter @ruleloom/client build
 *   pnpm exec tsx bench/local-client-actions.ts [actions=500] [rounds=5]
 */
import { createMatch, Rng } from '../packages/core/dist/index.js';
import { createClient } from '../packages/client/dist/index.js';
import { stAugustine } from '../packages/st-augustine/dist/index.js';
import { cpuMicros, median } from './cpu-time.js';

const ACTIONS = Number(process.argv[2] ?? 500);
const ROUNDS = Number(process.argv[3] ?? 9);

/** One game's figures: mean CPU microseconds per action and mean legal actions, per window. */
interface Played {
  readonly micros: [first: number, last: number];
  readonly legal: [first: number, last: number];
}

const TENTH = Math.max(1, Math.floor(ACTIONS / 10));

/** Times the first and the last tenth of a game's actions as two windows of CPU time. */
class Windows {
  readonly micros: [number, number] = [0, 0];
  readonly legal: [number, number] = [0, 0];
  private start = 0;

  /** Before action `i`, with the number of legal actions of the seat to act. */
  before(i: number, legal: number): void {
    if (i < TENTH) this.legal[0] += legal / TENTH;
    else if (i >= ACTIONS - TENTH) this.legal[1] += legal / TENTH;
    else return;
    if (i === 0 || i === ACTIONS - TENTH) this.start = cpuMicros();
  }

  /** After action `i`. */
  after(i: number): void {
    if (i === TENTH - 1) this.micros[0] = (cpuMicros() - this.start) / TENTH;
    if (i === ACTIONS - 1) this.micros[1] = (cpuMicros() - this.start) / TENTH;
  }
}

/** Picks the bench's action: anything but a pass two times in three, so trades happen. */
function pick<A extends { readonly type: string }>(rng: Rng, legal: readonly A[]): A {
  const others = legal.filter((a) => a.type !== 'pass');
  const pool = others.length > 0 && rng.int(0, 2) > 0 ? others : legal;
  const action = pool[rng.int(0, pool.length - 1)];
  if (action === undefined) throw new Error('no legal action for the seat to act');
  return action;
}

/** One game in the local client: every seat on the page. */
async function playClient(seed: number): Promise<Played> {
  const client = createClient({
    type: 'local',
    game: stAugustine,
    // Enough turns that a random hot-seat game lasts past the actions measured.
    setup: { seed, players: 4, options: { trading: 'on', turns: 200 } },
  });
  const rng = Rng.fromSeed(seed);
  const windows = new Windows();
  let rendered = 0;
  client.subscribe(() => {
    // What a page does on each change: read the snapshot (and its log).
    rendered += client.getSnapshot().log.length;
  });
  for (let i = 0; i < ACTIONS; i++) {
    const snapshot = client.getSnapshot();
    if (snapshot.isOver) throw new Error(`the game ended after ${String(i)} actions`);
    windows.before(i, snapshot.legalActions.length);
    const r = await client.act(pick(rng, snapshot.legalActions));
    client.getSnapshot();
    windows.after(i);
    if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.message}`);
  }
  client.close();
  if (rendered === 0) throw new Error('no change was published');
  return windows;
}

/** The same game on a bare match: apply, then the next seat's view and legal actions. */
function playBare(seed: number): Played {
  const match = createMatch(stAugustine, {
    seed,
    players: 4,
    options: { trading: 'on', turns: 200 },
  });
  const rng = Rng.fromSeed(seed);
  const windows = new Windows();
  let seat = match.toAct[0] as number;
  let actions = match.legalActions(seat);
  for (let i = 0; i < ACTIONS; i++) {
    windows.before(i, actions.length);
    match.apply(seat, pick(rng, actions));
    seat = match.toAct[0] as number;
    match.view(seat);
    actions = match.legalActions(seat);
    windows.after(i);
  }
  return windows;
}

/** Per round: the mean of a figure over the first and the last 10% of the actions. */
const windows = { client: [[], []], bare: [[], []], overhead: [[], []], legal: [[], []] } as Record<
  'client' | 'bare' | 'overhead' | 'legal',
  [number[], number[]]
>;
await playClient(1); // warm-up
playBare(1);
for (let round = 0; round < ROUNDS; round++) {
  const client = await playClient(100 + round);
  const bare = playBare(100 + round);
  const overhead = [client.micros[0] - bare.micros[0], client.micros[1] - bare.micros[1]];
  for (const [key, xs] of [
    ['client', client.micros],
    ['bare', bare.micros],
    ['overhead', overhead],
    ['legal', client.legal],
  ] as const) {
    windows[key][0].push(xs[0] ?? NaN);
    windows[key][1].push(xs[1] ?? NaN);
  }
}
console.log(
  `St. Augustine hot-seat (4 players, trading on), ${String(ACTIONS)} actions, CPU time, median of ${String(ROUNDS)} games:`,
);
console.log('| figure | first 10% | last 10% | last / first |');
console.log('| --- | ---: | ---: | ---: |');
for (const [key, label, unit] of [
  ['client', 'local client, per action', ' µs'],
  ['bare', 'bare match, per action (the game itself)', ' µs'],
  ['overhead', "client's own overhead (client − bare)", ' µs'],
  ['legal', 'legal actions of the seat to act', ''],
] as const) {
  const first = median(windows[key][0]);
  const last = median(windows[key][1]);
  console.log(
    `| ${label} | ${first.toFixed(1)}${unit} | ${last.toFixed(1)}${unit} | ${(last / first).toFixed(2)} |`,
  );
}
