/**
 * A victim's acknowledgement latency on a loaded `@ruleloom/server` (not a timed test: figures
 * for docs/benchmarks.md). The server trusts 127.0.0.1 as its proxy (`trustProxy`), and every
 * client names itself in `X-Forwarded-For`, as behind a reverse proxy. Load: ten St. Augustine
 * matches with `startingMoney: 10000000, minimumBid: 1000` played as fast as their clients can
 * (each from its own address), plus all-bot MCTS matches from one creator. The victim (another
 * address) plays a two-seat match and times each `act` to its `ack`.
 *
 *   pnpm run build && pnpm exec tsx bench/server-fairness.ts
 *
 * BENCH_SECONDS (default 15) bounds each phase; BENCH_BOT_MATCHES (default 18) the flood.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createGameServer,
  createSqliteStorage,
  parseServerMessage,
  type CompactLegalActions,
  type ServerMessage,
} from '../packages/server/dist/index.js';
import { stAugustine } from '../packages/st-augustine/dist/index.js';

const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
/** What this bench uses of a `ws` socket (`ws` is the server package's dependency). */
interface BenchSocket {
  on(event: 'open' | 'close' | 'error', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  send(text: string): void;
  close(): void;
}
const { WebSocket } = require('ws') as {
  WebSocket: new (url: string, options: { headers: Record<string, string> }) => BenchSocket;
};

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BOT_MATCHES = Number(process.env.BENCH_BOT_MATCHES ?? 18);
const LOAD_MATCHES = 10;

async function create(url: string, ip: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${url}/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const answer = (await r.json()) as Record<string, unknown>;
  if (r.status !== 201)
    throw new Error(`create failed ${String(r.status)} ${JSON.stringify(answer)}`);
  return answer;
}

interface Seat {
  readonly seat: number;
  readonly token: string;
}

/**
 * The `index`-th legal action (modulo their count) read from the compact form without
 * expanding it: the bench's clients run in the server's process, where expanding 10,001 bids
 * for every frame would be the clients' work (on their own machines in a deployment) billed
 * to the server.
 */
function legalAt(legal: CompactLegalActions, index: number): unknown {
  let k = index % legal.count;
  for (const entry of legal.entries) {
    if (entry.type === 'action') {
      if (k === 0) return entry.action;
      k--;
      continue;
    }
    const n = (entry.to - entry.from) / entry.step + 1;
    if (k < n) return { ...entry.action, [entry.field]: entry.from + k * entry.step };
    k -= n;
  }
  return undefined;
}

/**
 * Plays one seat until `end`: acts on every frame that gives it a decision (the choice picks
 * an index among the legal actions); records act → ack times.
 */
function playSeat(
  url: string,
  ip: string,
  match: string,
  token: string,
  end: number,
  choose: (count: number, version: number) => number,
  acks: number[],
): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/play`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    });
    let seq = 1;
    let sentAt = 0;
    let bytes = 0;
    let pendingVersion = -1;
    const finish = () => {
      clearTimeout(timer);
      socket.close();
      resolve(bytes);
    };
    // Every seat stops at the end, whether or not a frame comes.
    const timer = setTimeout(finish, Math.max(0, end - performance.now()) + 200);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'join', seq, match })));
    socket.on('close', finish);
    socket.on('error', finish);
    socket.on('message', (data: Buffer) => {
      bytes += data.length;
      const parsed = parseServerMessage(data.toString('utf8'));
      if (!parsed.ok) return;
      const m: ServerMessage = parsed.message;
      if (m.type === 'ack') {
        acks.push(performance.now() - sentAt);
        return;
      }
      if (m.type !== 'welcome' && m.type !== 'update') return;
      if (m.isOver || performance.now() > end) return finish();
      if (m.legal.count === 0 || pendingVersion === m.version) return;
      pendingVersion = m.version;
      sentAt = performance.now();
      const action = legalAt(m.legal, choose(m.legal.count, m.version));
      socket.send(JSON.stringify({ type: 'act', seq: ++seq, action, version: m.version }));
    });
  });
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** The victim: a two-seat match, both seats its own, random-ish legal choices. */
async function victim(url: string, end: number): Promise<number[]> {
  const acks: number[] = [];
  while (performance.now() < end) {
    const created = await create(url, '10.9.9.9', {
      game: 'st-augustine',
      players: 2,
      options: { trading: 'off' },
    });
    const seats = created.seats as Seat[];
    await Promise.all(
      seats.map((s) =>
        playSeat(
          url,
          '10.9.9.9',
          created.match as string,
          s.token,
          end,
          (count, version) => (version * 7) % count,
          acks,
        ),
      ),
    );
  }
  return acks;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-bench-fair-'));
  const server = await createGameServer({
    games: [
      {
        game: stAugustine,
        module: { module: '@ruleloom/st-augustine', export: 'stAugustine' },
        heuristic: { module: '@ruleloom/st-augustine', export: 'stAugustineHeuristic' },
      },
    ],
    storage: createSqliteStorage({ file: join(dir, 'bench.sqlite') }),
    secret: 'bench-secret-0123456789abcdef',
    trustProxy: '127.0.0.1',
    botThreads: 1,
    limits: { matchesPerCreator: 40, connectionsPerIp: 64 },
    botBudget: { seatsPerCreator: 2 * BOT_MATCHES },
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  const load0 = loadavg()[0] ?? 0;
  try {
    // 1. The victim alone.
    const alone = await victim(url, performance.now() + SECONDS * 1000);

    // 2. Under load: ten large-option matches and the all-bot flood from one creator.
    for (let i = 0; i < BOT_MATCHES; i++)
      await create(url, '10.6.6.6', {
        game: 'st-augustine',
        players: 2,
        bots: [
          { seat: 0, bot: 'mcts' },
          { seat: 1, bot: 'mcts' },
        ],
      });
    const end = performance.now() + SECONDS * 1000;
    const loadAcks: number[] = [];
    const loaders: Promise<number>[] = [];
    for (let i = 0; i < LOAD_MATCHES; i++) {
      const ip = `10.1.0.${String(i + 1)}`;
      const created = await create(url, ip, {
        game: 'st-augustine',
        players: 4,
        options: { startingMoney: 10_000_000, minimumBid: 1000, trading: 'off' },
      });
      for (const s of created.seats as Seat[])
        loaders.push(
          playSeat(
            url,
            ip,
            created.match as string,
            s.token,
            end,
            // The lowest bid keeps auctions (and their 10,000-bid frames) going.
            () => 0,
            loadAcks,
          ),
        );
    }
    const loaded = await victim(url, end);
    const bytes = (await Promise.all(loaders)).reduce((a, b) => a + b, 0);
    const load1 = loadavg()[0] ?? 0;
    const row = (name: string, acks: readonly number[]) =>
      `| ${name} | ${String(acks.length)} | ${percentile(acks, 50).toFixed(1)} | ${percentile(acks, 99).toFixed(1)} |`;
    console.log(
      `\nserver fairness bench: ${String(SECONDS)} s per phase, ${String(BOT_MATCHES)} all-bot MCTS matches (one creator), ${String(LOAD_MATCHES)} matches with startingMoney 10,000,000 and minimumBid 1,000 (4 seats each, one address each), botThreads 1, trustProxy 127.0.0.1`,
    );
    console.log(
      `machine load average (1 min) before: ${load0.toFixed(1)}, after: ${load1.toFixed(1)}\n`,
    );
    console.log('| victim | acks | p50 ms | p99 ms |');
    console.log('| --- | ---: | ---: | ---: |');
    console.log(row('alone', alone));
    console.log(row('under load', loaded));
    console.log(
      `\nload matches: ${String(loadAcks.length)} acks, ${(bytes / 1024 / 1024).toFixed(1)} MiB sent to their clients`,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
