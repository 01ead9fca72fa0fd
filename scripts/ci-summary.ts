/**
 * The closing line of `.ci/run`: `N passed, N failed, N skipped`, read from vitest's JSON
 * report (`--reporter=json --outputFile.json=<file>`).
 *
 * A test file that fails as a whole (it does not load, a `beforeAll`/`afterAll` hook throws)
 * has no failed test in vitest's counts (`numFailedTests` stays 0), so each such file counts
 * here as one failure, and its path and first message line are listed above the closing line.
 *
 * Every failed test is listed above the closing line as `failed test: <file> › <titles>`, so a
 * failed run says what failed.
 *
 * Other runners' counts are added from JSON files `{ "passed": N, "failed": N, "skipped"?: N }`
 * named after the vitest report (the Python suite writes `coverage/python/summary.json`, with its
 * failed tests in `failures: [{ file, title }]`); a
 * named file that is missing or unreadable counts as one failed suite, so a runner that never
 * got to write its result cannot pass unseen.
 *
 * Usage: `tsx scripts/ci-summary.ts coverage/vitest-results.json [other-summary.json ...]` —
 * exits 1 when anything failed or no test ran, 2 when the vitest report is missing or
 * unreadable.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of vitest's JSON report the summary reads. */
export interface VitestJsonReport {
  readonly numTotalTests: number;
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly numPendingTests: number;
  readonly numTodoTests: number;
  readonly testResults: readonly {
    readonly name: string;
    readonly status: string;
    readonly message?: string;
    readonly assertionResults: readonly {
      readonly status: string;
      /** The test's describe titles and its own title, joined by spaces (vitest's `fullName`). */
      readonly fullName?: string;
      readonly title?: string;
      readonly ancestorTitles?: readonly string[];
    }[];
  }[];
}

/** A test that failed: its file (relative to the root) and its titles joined by ` › `. */
export interface FailedTest {
  readonly file: string;
  readonly title: string;
}

/** What the summary found. */
export interface CiSummary {
  readonly passed: number;
  /** Failed tests plus the test files that failed without a failed test. */
  readonly failed: number;
  readonly skipped: number;
  /** Files that failed as a whole: path and the first line of vitest's message. */
  readonly failedFiles: readonly { readonly file: string; readonly message: string }[];
  /** Every failed test by file and title, in report order (other runners' ones included). */
  readonly failedTests: readonly FailedTest[];
  /** The closing line, `N passed, N failed, N skipped`. */
  readonly line: string;
  /** Whether CI may pass: nothing failed and at least one test ran. */
  readonly ok: boolean;
}

/** Counts a vitest JSON report; a file that failed without a failed test counts as one failure. */
export function summarize(report: VitestJsonReport, root = process.cwd()): CiSummary {
  const failedFiles = report.testResults
    .filter((f) => f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed'))
    .map((f) => ({
      file: path.relative(root, f.name),
      message: (f.message ?? '').trim().split('\n')[0] ?? '',
    }));
  const failedTests = report.testResults.flatMap((f) =>
    f.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => ({ file: path.relative(root, f.name), title: testTitle(t) })),
  );
  const passed = report.numPassedTests;
  const failed = report.numFailedTests + failedFiles.length;
  const skipped = report.numPendingTests + report.numTodoTests;
  return {
    passed,
    failed,
    skipped,
    failedFiles,
    failedTests,
    line: `${String(passed)} passed, ${String(failed)} failed, ${String(skipped)} skipped`,
    ok: failed === 0 && report.numTotalTests > 0,
  };
}

/** A test's titles, outermost first, joined by ` › ` (falls back on vitest's `fullName`). */
export function testTitle(
  test: VitestJsonReport['testResults'][number]['assertionResults'][number],
): string {
  if (test.title !== undefined) return [...(test.ancestorTitles ?? []), test.title].join(' › ');
  return test.fullName ?? '(untitled test)';
}

/** Counts of another test runner, as its summary file gives them. */
export interface RunnerCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped?: number;
  /** The runner's failed tests, as `file › title` pairs (the Python suite writes them). */
  readonly failures?: readonly FailedTest[];
}

/**
 * Adds other runners' counts to a summary; `undefined` stands for a runner whose summary file
 * is missing or unreadable, which counts as one failed suite (listed with its path).
 */
export function withRunners(
  summary: CiSummary,
  runners: readonly { readonly file: string; readonly counts: RunnerCounts | undefined }[],
): CiSummary {
  let { passed, failed, skipped } = summary;
  const failedFiles = [...summary.failedFiles];
  const failedTests = [...summary.failedTests];
  let ran = summary.passed + summary.failed > 0;
  for (const { file, counts } of runners) {
    if (counts === undefined) {
      failed += 1;
      failedFiles.push({ file, message: 'no result: the suite did not finish' });
      continue;
    }
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped ?? 0;
    failedTests.push(...(counts.failures ?? []));
    ran ||= counts.passed + counts.failed > 0;
  }
  return {
    passed,
    failed,
    skipped,
    failedFiles,
    failedTests,
    line: `${String(passed)} passed, ${String(failed)} failed, ${String(skipped)} skipped`,
    ok: failed === 0 && ran && summary.ok,
  };
}

function readCounts(file: string): RunnerCounts | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<
      Record<keyof RunnerCounts, unknown>
    >;
    const whole = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;
    if (!whole(value.passed) || !whole(value.failed)) return undefined;
    const failures = Array.isArray(value.failures)
      ? value.failures.filter(
          (f): f is FailedTest =>
            typeof f === 'object' &&
            f !== null &&
            typeof (f as Partial<FailedTest>).file === 'string' &&
            typeof (f as Partial<FailedTest>).title === 'string',
        )
      : [];
    return {
      passed: value.passed,
      failed: value.failed,
      ...(whole(value.skipped) ? { skipped: value.skipped } : {}),
      ...(failures.length > 0 ? { failures } : {}),
    };
  } catch {
    return undefined;
  }
}

function main(file: string | undefined, others: readonly string[]): number {
  if (file === undefined) {
    console.error('usage: tsx scripts/ci-summary.ts <vitest-results.json>');
    return 2;
  }
  let report: VitestJsonReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
  } catch (error) {
    console.error(`no readable vitest report at ${file}: ${String(error)}`);
    console.log('0 passed, 1 failed, 0 skipped');
    return 2;
  }
  const s = withRunners(
    summarize(report),
    others.map((other) => ({ file: other, counts: readCounts(other) })),
  );
  for (const f of s.failedFiles)
    console.log(`failed file: ${f.file}${f.message === '' ? '' : ` (${f.message})`}`);
  for (const t of s.failedTests) console.log(`failed test: ${t.file} › ${t.title}`);
  console.log(s.line);
  return s.ok ? 0 : 1;
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
)
  process.exitCode = main(process.argv[2], process.argv.slice(3));
