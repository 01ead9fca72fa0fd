import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { BIN } from './tmux.js';

/** Runs the built CLI with a pipe for standard input that is written to but never closed. */
function runWithOpenStdin(
  argv: readonly string[],
  input: string,
  timeoutMs = 20_000,
): Promise<{ code: number | null; out: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stdin.write(input);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, out, timedOut: true });
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, out, timedOut: false });
    });
  });
}

/** Plays a two-seat St. Augustine (seed 3, `turns` turns) against the greedy bot from `stdin`. */
function playAgainstGreedy(turns: number, stdin: string) {
  return runCli(
    [
      'play',
      'st-augustine',
      '--players',
      '2',
      '--bots',
      'greedy',
      '--seed',
      '3',
      '--option',
      `turns=${String(turns)}`,
    ],
    { stdin },
  );
}

describe('piped play (standard input is not a terminal)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-piped-'));
  });

  it('exits at game over although the input pipe stays open', async () => {
    const run = await runWithOpenStdin(
      ['play', 'pig', '--seed', '5', '--option', 'target=10'],
      'roll\nhold\n'.repeat(100),
    );
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Game over:');
    expect(run.out).toContain('One line per decision');
    expect(run.out).not.toContain('arrow keys');
  });

  it('replay --step stops at q and exits, the input pipe still open', async () => {
    const file = join(dir, 'pig.json');
    const play = await runCli(['play', 'pig', '--watch', '--seed', '4', '--save', file]);
    expect(play.code).toBe(0);
    const run = await runWithOpenStdin(['replay', file, '--step'], '\nq\n');
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Stopped at step 2 of \d+/);
    expect(run.out).not.toContain('Game over:');
  });

  it('St. Augustine with trading: Enter alone never passes, skips or accepts; an offer is explained', async () => {
    const run = await playAgainstGreedy(
      // 4 turns: in a shorter game no trade gains the bot anything, so it offers none.
      4,
      // Enter at the bid (asked again), 7; Enter at the trade question, then skip; Enter at
      // the bot's offer, then 1 (reject); then only Enters until the input ends.
      `\n7\n\nskip\n\n1\n${'\n'.repeat(20)}`,
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain('Enter alone does nothing');
    expect(run.out).toContain('Seat 0 (you) bids $7,000');
    expect(run.out).toMatch(/\d+ offers are possible now > \n/);
    expect(run.out).toContain('2) Skip this turn (passes)');
    expect(run.out).toContain('3) Never ask again this game');
    expect(run.out).toContain('Enter alone chooses nothing: type a number from 1 to 4');
    expect(run.out).toMatch(/Seat 1 \(greedy\) offers you .* What it does:/);
    expect(run.out).toMatch(/ {2}Seat 0 \(you\): money \$[\d,]+ → \$[\d,]+ · shops \d+ → \d+/);
    expect(run.out).toContain('1) rejects the trade');
    expect(run.out).toContain('Seat 0 (you) rejects the trade');
    expect(run.out).not.toContain('Seat 0 (you) accepts the trade');
    // Enters alone never moved the game on: it stopped waiting for an answer.
    expect(run.out).toContain('Game stopped after');
  });

  it('"never ask again this game" passes every later trade question, and none is asked with no legal offer', async () => {
    const run = await playAgainstGreedy(6, `7\nnever\n${'pass\nrejects\n'.repeat(60)}`);
    expect(run.code).toBe(0);
    expect(run.out).toContain('No more offer questions this game: you pass them.');
    expect(run.out.split('offers are possible now').length - 1).toBe(1);
    expect(run.out).toContain('Game over:');
  });

  it('builds a proposal from lines: partner, shops, an amount, confirm', async () => {
    const run = await playAgainstGreedy(2, '7\nmake\n1\n1\n-9\n1\nq\n');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Shops you give (numbers, e.g. 1,3; Enter for none) > 1');
    expect(run.out).toContain(
      'Seat 0 (you) offers Seat 1 (greedy) Restaurant (St George Street) for $9,000',
    );
  });

  it('--resume continues a saved game with its seats and saves back to the file', async () => {
    const file = join(dir, 'sa.json');
    const args = ['--players', '3', '--bots', 'policy,greedy', '--seed', '11'];
    const first = await runCli(
      ['play', 'st-augustine', ...args, '--option', 'turns=2', '--save', file],
      { stdin: 'pass\nq\n' },
    );
    expect(first.code).toBe(0);
    expect(first.out).toContain(`continue with: ruleloom play --resume ${file}`);
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      actions: unknown[];
      cli: { seats: string[] };
    };
    expect(saved.cli.seats).toEqual(['human', 'policy', 'greedy']);
    const before = saved.actions.length;
    const resumed = await runCli(['play', '--resume', file], {
      stdin: 'pass\nnever\nrejects\n'.repeat(150),
    });
    expect(resumed.code).toBe(0);
    expect(resumed.out).toContain(`Resumed ${file}: ${String(before)} actions played.`);
    expect(resumed.out).toContain('Seat 1 (policy)');
    expect(resumed.out).toContain('Seat 2 (greedy)');
    expect(resumed.out).toContain('Game over:');
    expect(resumed.out).toContain('The seed of this game was 11.');
    const after = JSON.parse(await readFile(file, 'utf8')) as { actions: unknown[] };
    expect(after.actions.length).toBeGreaterThan(before);
    const replay = await runCli(['replay', file]);
    expect(replay.code).toBe(0);
    const again = await runCli(['play', '--resume', file]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/is a finished game: replay it instead/);
    const reseeded = await runCli(['play', '--resume', file, '--seed', '4']);
    expect(reseeded.code).toBe(2);
  });

  it('Colonial Florida never lists two menu rows that read the same (doubles)', async () => {
    const run = await runCli(['play', 'colonial-florida', '--bots', 'random', '--seed', '3'], {
      stdin: '1\n'.repeat(300),
    });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Dice for the move: (\d) and \1/);
    const blocks = run.out.split('Your decision').slice(1);
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) {
      const rows = [...block.matchAll(/^ {2,}\d+\) (.*)$/gm)].map((m) => m[1]);
      expect(new Set(rows).size).toBe(rows.length);
    }
  });
});
