import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  createSqliteStorage,
  expandLegalActions,
  parseServerMessage,
  type GameStorage,
  type ServerMessage,
} from '../src/index.js';
import { post, startServer, type Started } from './helpers/start-server.js';

let started: Started | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});

/** A logger stream that keeps every line. */
function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

const CLOCK_MS = 2_000;

/** Every stored action, in the order the server stored them (`match:seat`). */
function recordingStorage(storage: GameStorage, stored: string[]): GameStorage {
  return new Proxy(storage, {
    get(target, key) {
      if (key === 'appendAction')
        return async (...args: Parameters<GameStorage['appendAction']>) => {
          const result = await target.appendAction(...args);
          stored.push(`${args[0]}:${String(args[1].seat)}`);
          return result;
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

async function startFairServer(log: Writable, stored: string[]): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-bot-budget-'));
  const storage = createSqliteStorage({ file: join(dir, 'matches.sqlite') });
  const s = await startServer({
    botThreads: 1,
    storage: recordingStorage(storage, stored),
    // The bot clocks stand still: whether a decision is played is the scheduler's choice,
    // never how long a loaded machine took to think.
    now: () => 1_000_000,
    limits: { botDecisionMs: CLOCK_MS, matchesPerCreator: 40 },
    botBudget: { seatsPerCreator: 36 },
    logger: { level: 'warn', stream: log },
    // Each test request names its creator (a creator credential, as an API key would).
    authorizeCreate: ({ headers }) => ({ ok: true, creator: String(headers['x-creator']) }),
  });
  return {
    ...s,
    async stop() {
      await s.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('bot CPU budget with fair scheduling', () => {
  it('one creator’s 18 all-bot MCTS matches do not starve another match’s bot', async () => {
    const { lines, stream } = logLines();
    const stored: string[] = [];
    started = await startFairServer(stream, stored);
    const url = started.url;
    for (let i = 0; i < 18; i++) {
      const r = await post(
        url,
        '/matches',
        {
          game: 'st-augustine',
          players: 2,
          bots: [
            { seat: 0, bot: 'mcts' },
            { seat: 1, bot: 'mcts' },
          ],
        },
        { 'x-creator': 'flood' },
      );
      expect(r.status).toBe(201);
    }
    // The flood's 37th and 38th bot seats are over its budget.
    const over = await post(
      url,
      '/matches',
      {
        game: 'st-augustine',
        players: 2,
        bots: [
          { seat: 0, bot: 'mcts' },
          { seat: 1, bot: 'mcts' },
        ],
      },
      { 'x-creator': 'flood' },
    );
    expect(over.status).toBe(429);
    expect((over.body.error as { code: string }).code).toBe('bot_budget_exceeded');

    const victim = await post(
      url,
      '/matches',
      {
        game: 'st-augustine',
        players: 2,
        options: { trading: 'off' },
        bots: [{ seat: 1, bot: 'mcts' }],
      },
      { 'x-creator': 'victim' },
    );
    expect(victim.status).toBe(201);
    const match = victim.body.match as string;
    const token = (victim.body.seats as { token: string }[])[0]?.token as string;

    // The human seat plays the lowest bid (or passes); every bot turn is timed from the frame
    // that gave it the turn to the frame with its action (printed: the wall clock says more
    // about the machine than about the scheduler).
    const latencies: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/play`, {
        headers: { authorization: `Bearer ${token}` },
      });
      let seq = 1;
      let botTurnSince: number | undefined;
      const timer = setTimeout(() => {
        socket.close();
        reject(new Error(`only ${String(latencies.length)} bot decisions in 60 s`));
      }, 60_000);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'join', seq, match })));
      socket.on('message', (data: Buffer) => {
        const parsed = parseServerMessage(data.toString('utf8'));
        if (!parsed.ok) return;
        const m: ServerMessage = parsed.message;
        if (m.type !== 'welcome' && m.type !== 'update') return;
        const at = performance.now();
        if (m.type === 'update' && m.entry.seat === 1 && botTurnSince !== undefined) {
          latencies.push(at - botTurnSince);
          botTurnSince = undefined;
        }
        if (m.toAct.includes(1) && botTurnSince === undefined) botTurnSince = at;
        if (m.isOver || latencies.length >= 6) {
          clearTimeout(timer);
          socket.close();
          resolve();
          return;
        }
        const legal = expandLegalActions(m.legal);
        const mine = legal[0];
        if (mine !== undefined)
          socket.send(
            JSON.stringify({ type: 'act', seq: ++seq, action: mine, version: m.version }),
          );
      });
      socket.on('error', reject);
    });
    console.info(
      `victim bot decisions under an 18-match flood: ${latencies.map((l) => `${String(Math.round(l))} ms`).join(', ')}`,
    );
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    // What the scheduler decided: from the victim's previous action being stored (its bot is
    // then asked) to its bot's action being stored, the one thread finished at most the flood
    // decision it was running, plus one flood action whose storing was under way: never the
    // queue of other flood matches a first-come scheduler would serve first.
    let between: number | undefined;
    const floodBetween: number[] = [];
    for (const entry of stored) {
      const [id, seat] = entry.split(':');
      if (id !== match) {
        if (between !== undefined) between++;
        continue;
      }
      if (seat === '1' && between !== undefined) floodBetween.push(between);
      between = 0;
    }
    console.info(
      `flood actions stored while the victim's bot was asked: ${floodBetween.join(', ')}`,
    );
    expect(floodBetween.length).toBeGreaterThanOrEqual(3);
    for (const n of floodBetween) expect(n).toBeLessThanOrEqual(2);
    const defaulted = lines.filter((l) => l.includes(match) && l.includes('bot decision failed'));
    expect(defaulted).toEqual([]);
  }, 120_000);
});
