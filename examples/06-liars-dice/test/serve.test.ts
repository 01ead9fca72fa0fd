import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSeat, type Chooser } from '../../../packages/server/test/helpers/play-seat.js';
import { createMatchOver } from '../../../packages/server/test/helpers/start-server.js';
import { expandLegalActions } from '@ruleloom/core';

const here = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('../../../packages/cli/dist/bin.js', import.meta.url));

/** `ruleloom serve --game ./dist/liars-dice.mjs` on a free port of 127.0.0.1. */
function startServe(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--game', './dist/liars-dice.mjs', '--port', '0', '--db', db, '--quiet'],
    { cwd: here, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] as string });
    });
    child.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`serve exited early (${String(code)}): ${out}`)));
  });
}

/** Raises with the lowest bid, and calls liar every third decision when it may. */
const chooser: Chooser = (s, seat) => {
  const legal = expandLegalActions(s.legal) as { type: string }[];
  const liar = legal.find((a) => a.type === 'liar');
  if (liar !== undefined && (s.version + seat) % 3 === 0) return liar;
  return legal[0];
};

describe('the kit served by ruleloom serve --game <path>, with no edit to any host package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ruleloom-liars-dice-serve-'));
  let served: { child: ChildProcess; url: string } | undefined;
  beforeAll(async () => {
    execFileSync('pnpm', ['run', 'build'], { cwd: here, stdio: 'ignore' });
    served = await startServe(join(dir, 'matches.sqlite'));
  }, 30_000);
  afterAll(() => {
    served?.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a match over HTTP and plays it over WebSocket with a bot seat; cups stay private', async () => {
    const url = (served as { url: string }).url;
    const games = await (await fetch(`${url}/games`)).json();
    expect(JSON.stringify(games)).toContain('liars-dice');
    const created = await createMatchOver(url, {
      game: 'liars-dice',
      players: 3,
      bots: [{ seat: 2, bot: 'mcts' }],
    });
    const humans = created.seats.filter((s) => s.seat !== 2);
    expect(humans.map((s) => s.seat)).toEqual([0, 1]);
    const runs = await Promise.all(
      humans.map((s) => playSeat(url, created.match, s.token, chooser, 60_000)),
    );
    for (const run of runs) {
      expect(run.final.isOver).toBe(true);
      run.client.close();
    }
    // Seat 0 never saw another seat's cup, only how many dice were in it.
    for (const update of runs[0]?.updates ?? []) {
      const players = (update.view as unknown as { players: Record<string, unknown>[] }).players;
      expect(players[0]).toHaveProperty('cup');
      expect(players[1]).not.toHaveProperty('cup');
      expect(players[2]).not.toHaveProperty('cup');
    }
  }, 90_000);
});
