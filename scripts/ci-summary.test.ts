import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarize, withRunners, type VitestJsonReport } from './ci-summary.js';

/** Runs a program to its end: its exit code and standard output (never rejects). */
function run(
  file: string,
  args: readonly string[],
  cwd = root,
): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd }, (error, stdout) => {
      resolve({
        code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
        stdout,
      });
    });
  });
}
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);

function report(files: VitestJsonReport['testResults']): VitestJsonReport {
  const tests = files.flatMap((f) => f.assertionResults);
  const count = (status: string): number => tests.filter((t) => t.status === status).length;
  return {
    numTotalTests: tests.length,
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped'),
    numTodoTests: count('todo'),
    testResults: files,
  };
}

describe('the closing line of .ci/run', () => {
  it('counts a test file that fails to load (0 tests) as failed', () => {
    const s = summarize(
      report([
        {
          name: '/repo/a.test.ts',
          status: 'passed',
          assertionResults: [{ status: 'passed' }, { status: 'passed' }],
        },
        {
          name: '/repo/postgres.test.ts',
          status: 'failed',
          message: 'spawnSync runuser ENOENT\n    at stack',
          assertionResults: [],
        },
      ]),
      '/repo',
    );
    expect(s.line).toBe('2 passed, 1 failed, 0 skipped');
    expect(s.ok).toBe(false);
    expect(s.failedFiles).toEqual([
      { file: 'postgres.test.ts', message: 'spawnSync runuser ENOENT' },
    ]);
  });

  it('counts a file with failed tests by its tests only, not once more as a file', () => {
    const s = summarize(
      report([
        {
          name: '/repo/b.test.ts',
          status: 'failed',
          assertionResults: [{ status: 'failed' }, { status: 'failed' }, { status: 'skipped' }],
        },
      ]),
    );
    expect(s.line).toBe('0 passed, 2 failed, 1 skipped');
    expect(s.failedFiles).toEqual([]);
  });

  it("adds another runner's counts, and counts a runner with no result as one failed suite", () => {
    const base = summarize(
      report([
        {
          name: path.join(root, 'a.test.ts'),
          status: 'passed',
          assertionResults: [{ status: 'passed' }, { status: 'passed' }],
        },
      ]),
      root,
    );
    const both = withRunners(base, [
      { file: 'coverage/python/summary.json', counts: { passed: 41, failed: 0 } },
    ]);
    expect(both.line).toBe('43 passed, 0 failed, 0 skipped');
    expect(both.ok).toBe(true);
    const lost = withRunners(base, [{ file: 'coverage/python/summary.json', counts: undefined }]);
    expect(lost.line).toBe('2 passed, 1 failed, 0 skipped');
    expect(lost.ok).toBe(false);
    expect(lost.failedFiles.map((f) => f.file)).toEqual(['coverage/python/summary.json']);
    const failing = withRunners(base, [{ file: 'py.json', counts: { passed: 3, failed: 2 } }]);
    expect(failing.line).toBe('5 passed, 2 failed, 0 skipped');
    expect(failing.ok).toBe(false);
  });

  it('names every failed test by file and titles, its own runner and the others', () => {
    const s = summarize(
      report([
        {
          name: path.join(root, 'packages/x/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', title: 'works', ancestorTitles: ['x'] },
            { status: 'failed', title: 'breaks', ancestorTitles: ['x', 'under load'] },
            { status: 'failed', fullName: 'only a full name' },
          ],
        },
      ]),
      root,
    );
    expect(s.failedTests).toEqual([
      { file: 'packages/x/a.test.ts', title: 'x › under load › breaks' },
      { file: 'packages/x/a.test.ts', title: 'only a full name' },
    ]);
    const py = { file: 'packages/python/tests/test_env.py', title: 'test_clone' };
    const all = withRunners(s, [
      { file: 'py.json', counts: { passed: 1, failed: 1, failures: [py] } },
    ]);
    expect(all.failedTests.at(-1)).toEqual(py);
    expect(all.line).toBe('2 passed, 3 failed, 0 skipped');
  });

  it('passes only when nothing failed and at least one test ran', () => {
    expect(
      summarize(report([{ name: 'c', status: 'passed', assertionResults: [{ status: 'passed' }] }]))
        .ok,
    ).toBe(true);
    expect(summarize(report([])).ok).toBe(false);
  });

  describe('a real vitest run with a planted file that fails to load', () => {
    // Inside node_modules so the planted tests resolve `vitest` from the workspace.
    const dir = path.join(root, 'node_modules', '.ci-summary-fixture');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('makes the closing line count the file and the test, names both, and exits 1', async () => {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default { test: {} };\n');
      writeFileSync(
        path.join(dir, 'passes.test.ts'),
        "import { expect, it } from 'vitest';\nit('passes', () => expect(1 + 1).toBe(2));\n",
      );
      writeFileSync(
        path.join(dir, 'planted.test.ts'),
        "throw new Error('planted: this file fails to load');\n",
      );
      writeFileSync(
        path.join(dir, 'fails.test.ts'),
        "import { describe, expect, it } from 'vitest';\n" +
          "describe('a group', () => it('breaks', () => expect(1 + 1).toBe(3)));\n",
      );
      const results = path.join(dir, 'results.json');
      const vitest = await run(
        bin('vitest'),
        ['run', '--config', 'vitest.config.mjs', '--reporter=json', `--outputFile.json=${results}`],
        dir,
      );
      expect(vitest.code).toBe(1);

      const summary = await run(
        bin('tsx'),
        [path.join(root, 'scripts', 'ci-summary.ts'), results],
        dir,
      );
      expect(summary.code).toBe(1);
      const lines = summary.stdout.trim().split('\n');
      expect(lines.at(-1)).toBe('1 passed, 2 failed, 0 skipped');
      expect(lines).toContain('failed file: planted.test.ts (planted: this file fails to load)');
      // The failed tests' names stand just before the closing line.
      expect(lines.at(-2)).toBe('failed test: fails.test.ts › a group › breaks');
    });

    it('exits 2 and says 1 failed when the report is missing', async () => {
      const missing = await run(bin('tsx'), [
        path.join(root, 'scripts', 'ci-summary.ts'),
        path.join(dir, 'no-such-report.json'),
      ]);
      expect(missing).toEqual({ code: 2, stdout: '0 passed, 1 failed, 0 skipped\n' });
    });
  });
});
