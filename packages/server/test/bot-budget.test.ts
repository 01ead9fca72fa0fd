import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { expandLegalActions, parseServerMessage, type ServerMessage } from '../src/index.js';
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

async function startFairServer(log: Writable): Promise<Started> {
  return startServer({
    botThreads: 1,
    limits: { botDecisionMs: CLOCK_MS, matchesPerCreator: 40 },
    botBudget: { seatsPerCreator: 36 },
    logger: { level: 'warn', stream: log },
    // Each test request names its creator (a creator credential, as an API key would).
    authorizeCreate: ({ headers }) => ({ ok: true, creator: String(headers['x-creator']) }),
  });
}

describe('bot CPU budget with fair scheduling', () => {
  it('one creator’s 18 all-bot MCTS matches do not starve another match’s bot', async () => {
    const { lines, stream } = logLines();
    started = await startFairServer(stream);
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
    // that gave it the turn to the frame with its action.
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
    for (const l of latencies) expect(l).toBeLessThan(CLOCK_MS);
    const defaulted = lines.filter((l) => l.includes(match) && l.includes('bot decision failed'));
    expect(defaulted).toEqual([]);
  }, 120_000);
});
