import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI's entry (`pnpm --filter @ruleloom/cli build` writes it). */
export const CLI_BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** A `ruleloom serve` child: its URL once it listens, or its exit code if it stopped first. */
export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url?: string;
  readonly code?: number | null;
  /** Everything it printed (stdout and stderr) up to then. */
  readonly out: string;
}

/**
 * Starts `ruleloom serve --port 0 --quiet ...args` with `env` over this process's environment
 * (in `cwd` when given); resolves with its URL when it prints "listening on", or with its exit
 * code and output when it exits before that.
 */
export function startServe(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  cwd?: string,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI_BIN, 'serve', '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // No colours: CI=true makes the colour library colour `error:` (as cli-child.ts does).
    env: { ...process.env, NO_COLOR: '1', ...env },
    ...(cwd === undefined ? {} : { cwd }),
  });
  return new Promise((resolve) => {
    let out = '';
    const add = (d: Buffer): void => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, out });
    };
    child.stdout.on('data', add);
    child.stderr.on('data', add);
    child.once('exit', (code) => resolve({ child, code, out }));
  });
}

/** Stops a `ruleloom serve` child (SIGTERM) and waits for it to exit; nothing if it has. */
export async function stopServe(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
