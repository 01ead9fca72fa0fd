import { spawn } from 'node:child_process';

/** Options of {@link exec}. */
export interface ExecOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Text written to the command's standard input. */
  readonly input?: string;
  /** Do not echo the output (it is still shown when the command fails). */
  readonly quiet?: boolean;
  readonly timeoutMs?: number;
}

/** What a command printed. */
export interface ExecResult {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command (no shell) and resolves with its output, or rejects with the command line,
 * exit code and the tail of its output.
 */
export function exec(
  cmd: string,
  args: readonly string[],
  options: ExecOptions,
): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const line = [cmd, ...args].join(' ');
    if (options.quiet !== true) console.log(`$ ${line}   (in ${options.cwd})`);
    const child = spawn(cmd, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.stdin.end(options.input ?? '');
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`${line}: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        if (options.quiet !== true && stdout.trim() !== '')
          console.log(stdout.trimEnd().split('\n').slice(-12).join('\n'));
        resolve({ stdout, stderr });
      } else {
        const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-30).join('\n');
        reject(new Error(`${line} (in ${options.cwd}) exited ${String(code ?? signal)}\n${tail}`));
      }
    });
  });
}

/**
 * The environment for npm and pnpm in the rehearsal: without the `npm_*` variables a package
 * runner sets for its scripts (they would leak the workspace's settings into the user's npm).
 */
export function npmEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && !/^PNPM_/.test(k)) env[k] = v;
  return { ...env, ...extra };
}
