/**
 * Runs the test suite N times and prints, per test, how often it failed: the way to find a test
 * whose result depends on chance (a random port in asserted text, a wall-clock bound, machine
 * load, the order of concurrent events) before it decides whether a change lands.
 *
 * Usage (documented in docs/contributing.md):
 *
 * ```text
 * pnpm run ci:repeat -- 5                     # vitest 5 times in this checkout (built first)
 * pnpm run ci:repeat -- 5 packages/cli        # only these test filters
 * pnpm run ci:repeat -- 10 --fresh            # `bash .ci/run` 10 times, each in a fresh clone of HEAD
 * pnpm run ci:repeat -- 5 --fresh --busy      # the same with the other core kept busy
 * ```
 *
 * `--busy` starts the documented load command (`node -e 'for(;;);'`, one core at 100 %) for the
 * length of every run. Every run's vitest report and log are kept under `--dir` (default
 * `coverage/ci-repeat`), with a `tally.json` of the whole series. Exits 1 when any run failed.
 *
 * Each run gets `RULELOOM_REPEAT_RUN=<index>` (from 1) in its environment; `FC_SEED` is passed
 * through unchanged (CI's fixed seed when unset), so a failure that follows the seed is told
 * apart from one that follows the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { summarize, withRunners, type CiSummary, type VitestJsonReport } from './ci-summary.js';

const root = path.resolve(import.meta.dirname, '..');

/** One run of the series, as the tally reads it. */
export interface RepeatRun {
  /** 1-based index of the run. */
  readonly index: number;
  /** The run's exit code (a non-zero code with no failed test is a failed step, see `step`). */
  readonly code: number;
  /** The counts and names read from the run's reports; undefined when no report was written. */
  readonly summary: CiSummary | undefined;
  /** The `.ci/run` step that failed (from its `::: <step> FAILED` line), if any. */
  readonly failedStep?: string;
  /** Wall-clock seconds the run took (reported, never asserted). */
  readonly seconds: number;
}

/** How often one test (or one test file, or one CI step) failed over the series. */
export interface TallyRow {
  /** `file › titles` for a test, `file (failed to load)` for a file, `step: <name>` for a step. */
  readonly name: string;
  readonly failures: number;
  /** The runs it failed in. */
  readonly runs: readonly number[];
}

/** The series' result: per-test failure counts, most frequent first. */
export interface Tally {
  readonly runs: number;
  readonly passedRuns: number;
  readonly rows: readonly TallyRow[];
}

/** Counts, per test, file and step, in how many runs it failed. */
export function tally(runs: readonly RepeatRun[]): Tally {
  const byName = new Map<string, number[]>();
  const add = (name: string, run: number): void => {
    const list = byName.get(name) ?? [];
    if (!list.includes(run)) list.push(run);
    byName.set(name, list);
  };
  for (const run of runs) {
    for (const t of run.summary?.failedTests ?? []) add(`${t.file} › ${t.title}`, run.index);
    for (const f of run.summary?.failedFiles ?? []) add(`${f.file} (failed as a whole)`, run.index);
    if (run.failedStep !== undefined) add(`step: ${run.failedStep}`, run.index);
    if (run.summary === undefined && run.failedStep === undefined && run.code !== 0)
      add('(no report: the run ended before its tests reported)', run.index);
  }
  const rows = [...byName]
    .map(([name, list]) => ({ name, failures: list.length, runs: list }))
    .sort((a, b) => b.failures - a.failures || a.name.localeCompare(b.name));
  return {
    runs: runs.length,
    passedRuns: runs.filter((r) => r.code === 0 && (r.summary?.ok ?? true)).length,
    rows,
  };
}

/** The tally as lines for a terminal. */
export function formatTally(t: Tally): string {
  const lines = [`${String(t.passedRuns)} of ${String(t.runs)} runs passed`];
  if (t.rows.length === 0) lines.push('no test failed in any run');
  for (const row of t.rows)
    lines.push(
      `${String(row.failures).padStart(3)}/${String(t.runs)}  ${row.name}  (runs ${row.runs.join(', ')})`,
    );
  return lines.join('\n');
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Processes a stop (Ctrl-C, `kill`) must end too: the load command and each running step. */
const running = new Set<ChildProcess>();
/** The fresh clone being run, removed on a stop as at a run's end. */
let cloneDir: string | undefined;

/**
 * Every process below `pid`, read from `/proc` (a step's tools may start their own process
 * groups: pnpm, tsup and esbuild do); empty where there is no `/proc`.
 */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  for (const e of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(e));
    children.set(ppid, list);
  }
  const out: number[] = [];
  const walk = (p: number): void => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** Ends a child and everything it started: its process group and every descendant. */
function stopChild(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  const tree = descendantsOf(child.pid);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended already
    }
  }
}

/**
 * Whether a run reached the Python step (`.ci/run` stops after a failed test step): only then
 * does a missing Python result count as a failed suite.
 */
export function reachedPython(log: string): boolean {
  return /^::: python$/m.test(log);
}

/** Runs a command to its end with its output in a log file; resolves with its exit code. */
function runLogged(
  command: string,
  args: readonly string[],
  options: { cwd: string; log: string; env: NodeJS.ProcessEnv },
): Promise<number> {
  return new Promise((resolve) => {
    const out = createWriteStream(options.log);
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a stop ends the step's whole tree (vitest, Chromium, servers).
      detached: true,
    });
    running.add(child);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (error) => {
      out.end(`\n${String(error)}\n`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      out.end();
      resolve(code ?? (signal === null ? 1 : 128));
    });
  });
}

/** The documented load command: one core busy for as long as the returned process lives. */
export function startBusyCore(): ChildProcess {
  const busy = spawn(process.execPath, ['-e', 'for(;;);'], { stdio: 'ignore', detached: true });
  running.add(busy);
  busy.on('exit', () => running.delete(busy));
  return busy;
}

interface Options {
  readonly runs: number;
  readonly fresh: boolean;
  readonly busy: boolean;
  readonly dir: string;
  readonly filters: readonly string[];
}

async function runOnce(index: number, o: Options): Promise<RepeatRun> {
  const t0 = performance.now();
  const log = path.join(o.dir, `run-${String(index)}.log`);
  const env = { ...process.env, RULELOOM_REPEAT_RUN: String(index) };
  const busy = o.busy ? startBusyCore() : undefined;
  try {
    if (o.fresh) {
      const clone = mkdtempSync(path.join(tmpdir(), 'ruleloom-ci-repeat-'));
      cloneDir = clone;
      try {
        const cloned = await runLogged('git', ['clone', '-q', root, path.join(clone, 'p')], {
          cwd: clone,
          log,
          env,
        });
        if (cloned !== 0)
          return { index, code: cloned, summary: undefined, failedStep: 'clone', seconds: 0 };
        const p = path.join(clone, 'p');
        const code = await runLogged('bash', ['.ci/run'], {
          cwd: p,
          log,
          env: { ...env, CI: 'true' },
        });
        const report = readJson<VitestJsonReport>(path.join(p, 'coverage/vitest-results.json'));
        const py = path.join(p, 'coverage/python/summary.json');
        const text = readFileSync(log, 'utf8');
        const summary =
          report === undefined
            ? undefined
            : withRunners(
                summarize(report, p),
                reachedPython(text)
                  ? [{ file: 'coverage/python/summary.json', counts: readJson(py) }]
                  : [],
              );
        if (report !== undefined)
          writeFileSync(path.join(o.dir, `run-${String(index)}.json`), JSON.stringify(report));
        const failedStep = /^::: (\S+) FAILED/m.exec(text)?.[1];
        return {
          index,
          code,
          summary,
          ...(failedStep === undefined ? {} : { failedStep }),
          seconds: Math.round((performance.now() - t0) / 1000),
        };
      } finally {
        rmSync(clone, { recursive: true, force: true });
        cloneDir = undefined;
      }
    }
    const json = path.join(o.dir, `run-${String(index)}.json`);
    rmSync(json, { force: true });
    const code = await runLogged(
      path.join(root, 'node_modules/.bin/vitest'),
      // The same 60 s safety net against a hang as `pnpm test` and `.ci/run`.
      [
        'run',
        '--testTimeout=60000',
        '--hookTimeout=60000',
        '--reporter=json',
        `--outputFile.json=${json}`,
        ...o.filters,
      ],
      { cwd: process.cwd(), log, env },
    );
    const report = readJson<VitestJsonReport>(json);
    return {
      index,
      code,
      summary: report === undefined ? undefined : summarize(report, process.cwd()),
      seconds: Math.round((performance.now() - t0) / 1000),
    };
  } finally {
    if (busy !== undefined) stopChild(busy);
  }
}

function parse(argv: readonly string[]): Options | string {
  const { values, positionals } = parseArgs({
    args: [...argv].filter((a) => a !== '--'),
    allowPositionals: true,
    options: {
      runs: { type: 'string', short: 'n' },
      fresh: { type: 'boolean', default: false },
      busy: { type: 'boolean', default: false },
      dir: { type: 'string', default: path.join(root, 'coverage/ci-repeat') },
    },
  });
  const first = positionals[0];
  const countFromPositional = first !== undefined && /^\d+$/.test(first);
  const runs = Number(values.runs ?? (countFromPositional ? first : '3'));
  if (!Number.isInteger(runs) || runs < 1 || runs > 1000)
    return `--runs must be 1..1000, got ${String(values.runs ?? first)}`;
  const filters = countFromPositional ? positionals.slice(1) : positionals;
  if (values.fresh && filters.length > 0)
    return '--fresh runs the whole of .ci/run: it takes no test filters';
  return { runs, fresh: values.fresh, busy: values.busy, dir: path.resolve(values.dir), filters };
}

async function main(argv: readonly string[]): Promise<number> {
  const o = parse(argv);
  if (typeof o === 'string') {
    console.error(`ci-repeat: ${o}`);
    return 2;
  }
  mkdirSync(o.dir, { recursive: true });
  // A stopped series leaves nothing running: no busy core, no half-run step.
  // Every signal keeps a listener while cleaning up: a second one (`pkill -f` reaches both tsx
  // and this process) would otherwise end the process half-way.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`ci-repeat: stopped (${signal})`);
      for (const child of running) stopChild(child);
      if (cloneDir !== undefined) rmSync(cloneDir, { recursive: true, force: true });
      process.exit(130);
    });
  const runs: RepeatRun[] = [];
  for (let i = 1; i <= o.runs; i++) {
    const run = await runOnce(i, o);
    runs.push(run);
    const what = run.summary?.line ?? 'no report';
    console.log(
      `run ${String(i)}/${String(o.runs)}: exit ${String(run.code)}, ${what}` +
        `${run.failedStep === undefined ? '' : `, step ${run.failedStep} failed`} (${String(run.seconds)} s${o.busy ? ', other core busy' : ''})`,
    );
    for (const t of run.summary?.failedTests ?? [])
      console.log(`  failed test: ${t.file} › ${t.title}`);
    for (const f of run.summary?.failedFiles ?? []) console.log(`  failed file: ${f.file}`);
  }
  const t = tally(runs);
  writeFileSync(
    path.join(o.dir, 'tally.json'),
    `${JSON.stringify({ fresh: o.fresh, busy: o.busy, filters: o.filters, ...t, series: runs.map(({ index, code, failedStep, seconds, summary }) => ({ index, code, failedStep, seconds, line: summary?.line })) }, null, 2)}\n`,
  );
  console.log(formatTally(t));
  return t.passedRuns === t.runs ? 0 : 1;
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
)
  process.exitCode = await main(process.argv.slice(2));
