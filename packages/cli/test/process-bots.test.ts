import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getCliGame, parseBotList } from '../src/index.js';
import { requireSystemBinary } from '../../../test-utils/system-binary.js';
import { runCli } from './run-cli.js';

/** The system python3 by absolute path (fails the suite in CI when missing, else skips the run). */
const PYTHON = requireSystemBinary('python3', 'apt-get install -y python3 (.ci/run installs it)');
const hasPython = PYTHON !== undefined;
const randomPy = fileURLToPath(new URL('../../bots/python/random_bot.py', import.meta.url));

describe('--bots process:<command>,<arg>...', () => {
  it('takes the items after process: that are not bot names as the command', () => {
    const kinds = parseBotList('random,process:python3,my_bot.py,--fast,policy', getCliGame('pig'));
    expect(kinds.map((k) => k.name)).toEqual([
      'random',
      'process:python3,my_bot.py,--fast',
      'policy',
    ]);
    expect(kinds[1]!.spec(getCliGame('pig'))).toEqual({
      kind: 'process',
      command: ['python3', 'my_bot.py', '--fast'],
      name: 'my_bot.py',
    });
  });

  it('refuses a process bot without a command', () => {
    expect(() => parseBotList('process:', getCliGame('pig'))).toThrow(/needs a command/);
  });

  it.skipIf(!hasPython)(
    'plays a tournament of the Python random bot against random',
    async () => {
      const run = await runCli([
        'tournament',
        'pig',
        '--bots',
        `random,process:${PYTHON!},${randomPy}`,
        '--games',
        '4',
        '--seed',
        '1',
        '--workers',
        '0',
      ]);
      expect(run.code).toBe(0);
      expect(run.out).toContain('4 games');
      expect(run.out).toMatch(/random_bot\.py\s*│\s*4/);
    },
    60_000,
  );
});
