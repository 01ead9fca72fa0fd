import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTally, tally, type RepeatRun } from './ci-repeat.js';
import { summarize } from './ci-summary.js';

const root = path.resolve(import.meta.dirname, '..');

function run(index: number, failed: readonly string[], extra: Partial<RepeatRun> = {}): RepeatRun {
  return {
    index,
    code: failed.length === 0 ? 0 : 1,
    seconds: 1,
    summary: summarize({
      numTotalTests: 2,
      numPassedTests: 2 - failed.length,
      numFailedTests: failed.length,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: 'a.test.ts',
          status: failed.length === 0 ? 'passed' : 'failed',
          assertionResults: ['one', 'two'].map((title) => ({
            status: failed.includes(title) ? 'failed' : 'passed',
            title,
            ancestorTitles: ['a'],
          })),
        },
      ],
    }),
    ...extra,
  };
}

describe('ci:repeat tally', () => {
  it('counts per test in how many runs it failed, most frequent first, with the runs', () => {
    const t = tally([
      run(1, ['two']),
      run(2, []),
      run(3, ['one', 'two']),
      { index: 4, code: 1, summary: undefined, failedStep: 'lint', seconds: 1 },
    ]);
    expect(t.runs).toBe(4);
    expect(t.passedRuns).toBe(1);
    expect(t.rows).toEqual([
      { name: 'a.test.ts › a › two', failures: 2, runs: [1, 3] },
      { name: 'a.test.ts › a › one', failures: 1, runs: [3] },
      { name: 'step: lint', failures: 1, runs: [4] },
    ]);
    expect(formatTally(t).split('\n')).toEqual([
      '1 of 4 runs passed',
      '  2/4  a.test.ts › a › two  (runs 1, 3)',
      '  1/4  a.test.ts › a › one  (runs 3)',
      '  1/4  step: lint  (runs 4)',
    ]);
  });

  it('says so when nothing failed', () => {
    expect(formatTally(tally([run(1, []), run(2, [])]))).toBe(
      '2 of 2 runs passed\nno test failed in any run',
    );
  });

  describe('a real series on a planted test that fails in even runs', () => {
    // Inside node_modules so the planted test resolves `vitest` from the workspace.
    const dir = path.join(root, 'node_modules', '.ci-repeat-fixture');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('runs vitest N times and tallies the failures per test', async () => {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default { test: {} };\n');
      writeFileSync(
        path.join(dir, 'coin.test.ts'),
        "import { describe, expect, it } from 'vitest';\n" +
          "describe('a coin', () => {\n" +
          "  it('lands heads', () => expect(Number(process.env.RULELOOM_REPEAT_RUN) % 2).toBe(1));\n" +
          "  it('exists', () => expect(1).toBe(1));\n" +
          '});\n',
      );
      const out = path.join(dir, 'out');
      const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          path.join(root, 'node_modules/.bin/tsx'),
          [path.join(root, 'scripts/ci-repeat.ts'), '3', '--dir', out],
          { cwd: dir },
          (error, stdout) => {
            resolve({ code: error === null ? 0 : Number(error.code), stdout });
          },
        );
      });
      expect(result.code).toBe(1);
      const lines = result.stdout.trim().split('\n');
      expect(lines).toContain('  failed test: coin.test.ts › a coin › lands heads');
      expect(lines.slice(-2)).toEqual([
        '2 of 3 runs passed',
        '  1/3  coin.test.ts › a coin › lands heads  (runs 2)',
      ]);
      const saved = JSON.parse(readFileSync(path.join(out, 'tally.json'), 'utf8')) as {
        runs: number;
        passedRuns: number;
      };
      expect(saved).toMatchObject({ runs: 3, passedRuns: 2 });
    }, 120_000);
  });
});
