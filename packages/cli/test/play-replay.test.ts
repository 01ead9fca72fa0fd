import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('scripted play (stdin is not a terminal) and replay', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruleloom-cli-play-'));
  });

  it('plays a whole St. Augustine game against a bot from piped lines, saves it, and replays it', async () => {
    const file = join(dir, 'sa.json');
    const play = await runCli(
      [
        'play',
        'st-augustine',
        '--players',
        '2',
        '--bots',
        'greedy',
        '--seed',
        '7',
        '--option',
        'turns=3',
        '--option',
        'trading=off',
        '--save',
        file,
      ],
      { stdin: `99\nnonsense\n${'pass\n'.repeat(60)}` },
    );
    expect(play.err).toBe('');
    expect(play.code).toBe(0);
    expect(play.out).toContain('St. Augustine Shopkeepers · 2 players · options');
    // #13: the seed fixes every future draw, so a human sees it only once the game is over.
    expect(play.out.slice(0, play.out.indexOf('Game over:'))).not.toMatch(/seed/i);
    expect(play.out).toContain('The seed of this game was 7.');
    expect(play.out).toContain('Your decision, Seat 0 (you):');
    expect(play.out).toContain('Your bid (an amount, +1, or pass) > ');
    expect(play.out).toContain('Lowest: bids $5,000 · or passes');
    expect(play.out).toContain('✗ insufficient_funds: bid $99,000 is more than your $20,000');
    expect(play.out).toContain("✗ 'nonsense' is not an amount");
    expect(play.out).toMatch(/Seat 1 \(greedy\) (bids|passes)/);
    expect(play.out).toContain('Game over:');
    expect(play.out).toMatch(/Shops by street/);
    expect(existsSync(file)).toBe(true);

    const save = JSON.parse(await readFile(file, 'utf8')) as { game: string; actions: unknown[] };
    expect(save.game).toBe('st-augustine');
    expect(save.actions.length).toBeGreaterThan(0);

    const replay = await runCli(['replay', file]);
    expect(replay.err).toBe('');
    expect(replay.code).toBe(0);
    expect(replay.out).toMatch(
      /✓ .*sa\.json verified: St\. Augustine Shopkeepers, 2 players, seed 7/,
    );
    expect(replay.out).toContain('— Turn 1: Seat 0 —');
    expect(replay.out).toContain('Game over:');

    const step = await runCli(['replay', file, '--step'], { stdin: '\n\na\n' });
    expect(step.code).toBe(0);
    expect(step.out).toContain('[step 1/');
    expect(step.out).toContain('[step 3/');
    expect(step.out).not.toContain('[step 4/');
    expect(step.out).toContain('Game over:');
  });

  it('accepts actions as JSON and bare action types (Pig)', async () => {
    const file = join(dir, 'pig.json');
    const lines = '{"type":"roll"}\nhold\n'.repeat(200);
    const play = await runCli(
      ['play', 'pig', '--bots', 'random', '--seed', '3', '--option', 'target=12', '--save', file],
      { stdin: lines },
    );
    expect(play.code).toBe(0);
    expect(play.out).toContain('Game over:');
    expect(play.out).toMatch(/Seat 0 \(you\) (rolls|holds)/);
    const replay = await runCli(['replay', file]);
    expect(replay.code).toBe(0);
  });

  it('saves and exits cleanly when the input ends mid-game', async () => {
    const file = join(dir, 'cf.json');
    const play = await runCli(
      ['play', 'colonial-florida', '--bots', 'random', '--seed', '2', '--save', file],
      { stdin: '1\n' },
    );
    expect(play.code).toBe(0);
    expect(play.out).toContain('Game stopped after');
    expect(play.out).toContain('Markers: Hurricane');
    expect(play.out).toMatch(/Spanish \(you\)/);
    const replay = await runCli(['replay', file]);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('saved before its end');
  });

  it('q quits; without --save the game is not saved', async () => {
    const play = await runCli(['play', 'pig', '--seed', '1'], { stdin: 'q\n' });
    expect(play.code).toBe(0);
    expect(play.out).toContain('Not saved');
  });

  it('watches bots play every seat', async () => {
    const play = await runCli([
      'play',
      'st-augustine',
      '--watch',
      '--players',
      '3',
      '--bots',
      'policy,random,greedy',
      '--seed',
      '9',
      '--option',
      'turns=3',
    ]);
    expect(play.code).toBe(0);
    expect(play.out).not.toContain('Your decision');
    expect(play.out).toContain('Seat 2 (greedy)');
    expect(play.out).toContain('Game over:');
  });

  it('rejects a bot list that does not fit the seats', async () => {
    const run = await runCli(['play', 'st-augustine', '--players', '4', '--bots', 'random,greedy']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^error: --bots lists 2 bots but 4 players leave 3 bot seats/);
  });
});
