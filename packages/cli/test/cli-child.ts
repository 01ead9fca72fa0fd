import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TournamentResult } from '@ruleloom/bots';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const env = { ...process.env, NO_COLOR: '1' };

/** A child `ruleloom` process (the built CLI) whose output is collected as it comes. */
export interface CliChild {
  readonly child: ChildProcess;
  /** Its standard error so far. */
  stderr: string;
  /** Its standard output and standard error so far, interleaved as they came. */
  out: string;
  /** Its exit code (`null` when a signal ended it) and everything it printed. */
  readonly exited: Promise<{ readonly code: number | null; readonly out: string }>;
}

/** Starts `ruleloom ...args` from the built CLI (`pnpm --filter @ruleloom/cli build`), colours off. */
export function spawnCli(args: readonly string[]): CliChild {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const running: CliChild = {
    child,
    stderr: '',
    out: '',
    exited: new Promise((resolve) =>
      child.once('exit', (code) => resolve({ code, out: running.out })),
    ),
  };
  child.stdout?.on('data', (c: Buffer) => (running.out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => {
    const text = c.toString('utf8');
    running.stderr += text;
    running.out += text;
  });
  return running;
}

/** Waits until `test` holds, polling every 25 ms; throws naming `what` after `ms`. */
export async function until(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Everything in a tournament's result that must not depend on where and when a game was played. */
export function reproducible(result: TournamentResult): unknown {
  return {
    game: result.game,
    seed: result.seed,
    bots: result.bots.map(({ meanDecisionMs: _ms, ...rest }) => rest),
    games: result.games.map(({ decisionMs: _ms, worker: _w, ...rest }) => rest),
  };
}
