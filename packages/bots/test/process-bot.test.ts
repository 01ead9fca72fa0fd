import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runTournament } from '../src/tournament/run-tournament.js';
import type { BotSpec } from '../src/tournament/specs.js';
import type { TournamentResult } from '../src/tournament/tournament-types.js';
import { requireSystemBinary } from '../../../test-utils/system-binary.js';

const pigRef = { module: '@ruleloom/core/testing', export: 'pig' } as const;
const stAugustineRef = { module: '@ruleloom/st-augustine', export: 'stAugustine' } as const;
const python = (file: string): string =>
  fileURLToPath(new URL(`../python/${file}`, import.meta.url));
const misbehave = fileURLToPath(new URL('./fixtures/process/misbehave.js', import.meta.url));
/** The system python3 by absolute path (fails the suite in CI when missing, else skips it). */
const PYTHON = requireSystemBinary('python3', 'apt-get install -y python3 (.ci/run installs it)');
const hasPython = PYTHON !== undefined;

function reproducible(result: TournamentResult): unknown {
  return result.games.map(({ decisionMs: _ms, ...rest }) => rest);
}

describe.skipIf(!hasPython)('Python bots (packages/bots/python, system python3)', () => {
  it('a Python random bot plays a tournament against randomBot, reproducibly', async () => {
    const options = {
      game: pigRef,
      bots: [
        { kind: 'process', command: [PYTHON!, python('random_bot.py')], name: 'py' },
        { kind: 'random' },
      ] as BotSpec[],
      games: 6,
      seed: 'python',
      options: { target: 20 },
      workers: 0,
    };
    const first = await runTournament(options);
    expect(first.failed).toBe(0);
    expect(first.bots[0]!.games).toBe(6);
    expect(first.bots[0]!.name).toBe('py');
    const again = await runTournament(options);
    expect(reproducible(again)).toEqual(reproducible(first));
  }, 60_000);

  it('the one-ply Python bot plays St. Augustine (previewing each action) to the end without an error', async () => {
    const result = await runTournament({
      game: stAugustineRef,
      bots: [
        { kind: 'process', command: [PYTHON!, python('one_ply_bot.py')], name: 'one-ply' },
        { kind: 'random' },
      ] as BotSpec[],
      games: 4,
      seed: 'one-ply',
      options: { trading: 'off' },
      workers: 0,
    });
    expect(result.failed).toBe(0);
    expect(result.bots[0]!.games).toBe(4);
  }, 120_000);

  it('the Python helper plays many games in one process and hands each result to on_bye', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ruleloom-py-many-'));
    try {
      const file = join(dir, 'byes.jsonl');
      const code = [
        'import json, os, sys',
        `sys.path.insert(0, ${JSON.stringify(fileURLToPath(new URL('../python', import.meta.url)))})`,
        'import ruleloom_bot',
        'def bye(result, message):',
        '    with open(sys.argv[1], "a") as f:',
        '        f.write(json.dumps({"pid": os.getpid(), "result": result, "seat": message["seat"]}) + "\\n")',
        'ruleloom_bot.run(lambda d: d.rng.randrange(len(d.legal_actions)), on_bye=bye)',
      ].join('\n');
      const result = await runTournament({
        game: pigRef,
        bots: [
          { kind: 'process', command: [PYTHON!, '-c', code, file], name: 'py' },
          { kind: 'random' },
        ] as BotSpec[],
        games: 4,
        seed: 'py-many',
        options: { target: 20 },
        workers: 0,
      });
      expect(result.failed).toBe(0);
      const byes = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { pid: number; seat: number; result: unknown });
      expect(byes).toHaveLength(result.games.length);
      expect(new Set(byes.map((b) => b.pid)).size).toBe(1);
      result.games.forEach((g, k) =>
        expect(byes[k]).toMatchObject({
          seat: g.seats.indexOf(0),
          result: { winners: g.winners, scores: g.scores, ranks: g.ranks },
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.each([
    ['St. Augustine', stAugustineRef, { turns: 16 }],
    [
      'Colonial Florida',
      { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' },
      { maxTurns: 30 },
    ],
  ] as const)(
    'a Python bot that asks for observation features plays %s by the legal-action mask, reproducibly',
    async (_name, game, options) => {
      const spec = {
        game,
        bots: [
          { kind: 'process', command: [PYTHON!, python('masked_bot.py')], name: 'masked' },
          { kind: 'random' },
        ] as BotSpec[],
        games: 2,
        seed: 'masked',
        options,
        workers: 0,
      };
      const first = await runTournament(spec);
      expect(first.games.map((g) => g.error?.message)).toEqual([undefined, undefined]);
      expect(first.bots[0]!.games).toBe(2);
      expect(reproducible(await runTournament(spec))).toEqual(reproducible(first));
    },
    120_000,
  );
});

describe('process bots', () => {
  const node = (mode: string, ...rest: string[]): BotSpec => ({
    kind: 'process',
    command: [process.execPath, misbehave, mode, ...rest],
    name: mode,
    timeLimitMs: 1000,
  });
  const play = (bot: BotSpec): Promise<TournamentResult> =>
    runTournament({
      game: pigRef,
      bots: [bot, { kind: 'random' }],
      games: 2,
      seed: 'misbehave',
      options: { target: 40 },
      workers: 0,
    });

  it.each([
    [
      'crash',
      /process bot 'crash' exited \(code 3\); its last error output: something broke inside the bot/,
    ],
    ['hang', /process bot 'hang' did not answer decision \d+ within \d+ ms/],
    ['liar', /process bot 'liar' chose index \d+, but the legal actions are numbered 0 to \d+/],
    ['garbage', /process bot 'garbage' sent a line that is not JSON: this is not json/],
    ['huge', /process bot 'huge' sent a line longer than 1048576 characters/],
  ])(
    'a %s process loses its game with a clear error, and the tournament goes on',
    async (mode, message) => {
      const result = await play(node(mode));
      expect(result.gamesPlayed).toBe(2);
      expect(result.failed).toBeGreaterThan(0);
      for (const g of result.games.filter((x) => x.error !== undefined)) {
        expect(g.error!.message).toMatch(message);
        expect(g.seats[g.error!.seat!]).toBe(0);
      }
    },
    30_000,
  );

  it('gets exactly an honest bot input: the hello and each decision carry no state and no game seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ruleloom-process-'));
    try {
      const file = join(dir, 'messages.jsonl');
      const result = await play(node('record', file));
      expect(result.failed).toBe(0);
      const text = readFileSync(file, 'utf8');
      const messages = text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const hellos = messages.filter((m) => m.type === 'hello');
      expect(hellos).toHaveLength(2);
      // Pig declares an observation, so the hello announces its sizes (`features`).
      expect(Object.keys(hellos[0]!).sort()).toEqual(
        [
          'features',
          'game',
          'options',
          'players',
          'protocol',
          'rulesVersion',
          'seat',
          'seed',
          'type',
        ].sort(),
      );
      expect(hellos[0]!.protocol).toBe('ruleloom.bot/1');
      for (const m of messages.filter((x) => x.type === 'decide')) {
        expect(Object.keys(m).sort()).toEqual(
          ['decision', 'legalActions', 'seat', 'timeLimitMs', 'type', 'view'].sort(),
        );
        (m.legalActions as { index: number }[]).forEach((a, i) => expect(a.index).toBe(i));
      }
      for (const g of result.games) expect(text).not.toContain(g.seed);
      expect(text).not.toContain('"rng"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  const manyGames = async (mode: string, games: number, workers = 0) => {
    const dir = mkdtempSync(join(tmpdir(), 'ruleloom-process-'));
    try {
      const file = join(dir, 'messages.jsonl');
      const result = await runTournament({
        game: pigRef,
        bots: [node(mode, file), { kind: 'random' }],
        games,
        seed: 'many',
        options: { target: 30 },
        workers,
      });
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { pid: number; message: Record<string, unknown> });
      return { result, lines };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('one program serves many games when it says so, and each bye carries the result', async () => {
    const { result, lines } = await manyGames('many', 4);
    expect(result.failed).toBe(0);
    expect(new Set(lines.map((l) => l.pid)).size).toBe(1);
    const byes = lines.filter((l) => l.message.type === 'bye').map((l) => l.message);
    expect(lines.filter((l) => l.message.type === 'hello')).toHaveLength(4);
    expect(byes).toHaveLength(4);
    result.games.forEach((g, k) => {
      const seat = g.seats.indexOf(0);
      expect(byes[k]).toEqual({
        type: 'bye',
        seat,
        result: { winners: g.winners, scores: g.scores, ranks: g.ranks },
      });
    });
    // Decisions count from 0 again in each game.
    const firsts = lines.filter((l) => l.message.type === 'decide' && l.message.decision === 0);
    expect(firsts).toHaveLength(4);
  }, 30_000);

  it('in worker threads too, each game ends with a bye that carries its result', async () => {
    const { result, lines } = await manyGames('many', 4, 1);
    expect(result.failed).toBe(0);
    // A worker thread starts the program for each of its games.
    expect(new Set(lines.map((l) => l.pid)).size).toBe(4);
    const byes = lines.filter((l) => l.message.type === 'bye');
    expect(byes).toHaveLength(4);
    for (const g of result.games) {
      const seat = g.seats.indexOf(0);
      const result_ = { winners: g.winners, scores: g.scores, ranks: g.ranks };
      expect(byes.map((b) => b.message)).toContainEqual({ type: 'bye', seat, result: result_ });
    }
  }, 60_000);

  it('an invalid answer loses the game: the bye says why, and a new program plays the next game', async () => {
    // The first program answers an index out of range at its third decision (in game 1 or 2).
    const { result, lines } = await manyGames('manyliar', 3);
    const failed = result.games.filter((g) => g.error !== undefined);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error!.message).toMatch(/chose index \d+, but the legal actions/);
    expect(failed[0]!.winners).toEqual([]);
    const byes = lines.filter((l) => l.message.type === 'bye');
    expect(byes).toHaveLength(result.games.length); // games are played in rotations of every seat
    const k = result.games.indexOf(failed[0]!);
    expect(byes[k]!.message).toMatchObject({ type: 'bye', result: null });
    expect(String(byes[k]!.message.error)).toMatch(/chose index/);
    // A new program for the games after it, each told its result.
    for (let j = k + 1; j < result.games.length; j++) {
      expect(byes[j]!.pid).not.toBe(byes[k]!.pid);
      expect(byes[j]!.message.result).toMatchObject({ winners: result.games[j]!.winners });
    }
  }, 30_000);
});
