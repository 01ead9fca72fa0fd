import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { descendantsOf, formatTally, reachedPython, tally, type RepeatRun } from './ci-repeat.js';
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

  it('counts a missing Python result only when the run reached the Python step', () => {
    const stoppedAtTests =
      '::: test\n...\n::: test FAILED (exit 1) after 900s\n1 passed, 1 failed\n';
    expect(reachedPython(stoppedAtTests)).toBe(false);
    expect(reachedPython(`::: test\n::: test done in 900s\n::: examples\n::: python\n`)).toBe(true);
    expect(reachedPython('::: python FAILED (exit 1) after 3s\n')).toBe(false);
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

  describe('a stopped series', () => {
    const dir = path.join(root, 'node_modules', '.ci-repeat-stop-fixture');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** Whether a process has ended (absent, or a zombie no parent reaped). */
    const ended = (pid: number): boolean => {
      try {
        return readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]?.[0] === 'Z';
      } catch {
        return true;
      }
    };

    it('ends its busy core and the running step (the whole tree) when it is stopped', async () => {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const pidFile = path.join(dir, 'test.pid');
      writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default { test: {} };\n');
      writeFileSync(
        path.join(dir, 'hang.test.ts'),
        "import { spawn } from 'node:child_process';\n" +
          "import { writeFileSync } from 'node:fs';\n" +
          "import { it } from 'vitest';\n" +
          "it('hangs', async () => {\n" +
          // A tool that starts its own process group, as pnpm, tsup and esbuild do.
          "  const own = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 50_000)'], { detached: true, stdio: 'ignore' });\n" +
          `  writeFileSync(${JSON.stringify(pidFile)}, String(process.pid) + ' ' + String(own.pid));\n` +
          '  await new Promise((resolve) => setTimeout(resolve, 50_000));\n' +
          '});\n',
      );
      const series = spawn(
        path.join(root, 'node_modules/.bin/tsx'),
        [path.join(root, 'scripts/ci-repeat.ts'), '1', '--busy', '--dir', path.join(dir, 'out')],
        { cwd: dir, stdio: 'ignore' },
      );
      // The planted test runs: the step and the busy core are up.
      while (!existsSync(pidFile)) await new Promise((r) => setTimeout(r, 50));
      const [testPid, ownGroupPid] = readFileSync(pidFile, 'utf8').split(' ').map(Number);
      // tsx runs the script in a child node process: its children are the series' children.
      const tree = descendantsOf(series.pid!);
      /** The processes of the tree whose command line holds `text`. */
      const running = (text: string): number[] =>
        tree.filter((pid) => {
          try {
            return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').includes(text);
          } catch {
            return false;
          }
        });
      const busy = running('for(;;);');
      expect(busy).toHaveLength(1);
      expect(tree).toContain(testPid);
      expect(tree).toContain(ownGroupPid);
      const exited = new Promise<number | null>((resolve) => series.on('exit', resolve));
      // As `pkill -f ci-repeat` does: the signal reaches tsx and the script's own process, and
      // tsx passes its copy on (a second signal in the middle of the clean-up).
      const script = running('ci-repeat.ts');
      expect(script).toHaveLength(1);
      series.kill('SIGTERM');
      process.kill(script[0]!, 'SIGTERM');
      await exited;
      // Everything it started ends with it (the planted test would sleep 50 s).
      const deadline = performance.now() + 10_000;
      while (!tree.every(ended) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(tree.filter((pid) => !ended(pid))).toEqual([]);
    }, 120_000);
  });
});
