import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireSystemBinary } from '../../../test-utils/system-binary.js';

/** The built executable the pseudo-terminal tests drive (`pnpm run build` first). */
export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/**
 * The `tmux` binary by absolute path (Debian package `tmux`; `.ci/run` installs it). Missing
 * in CI, loading this file throws, so the pseudo-terminal suites fail rather than skip.
 */
export const TMUX = requireSystemBinary('tmux', 'apt-get install -y tmux (.ci/run installs it)');

/** Whether the `tmux` binary is installed. */
export const HAS_TMUX = TMUX !== undefined;

/** The server's settings: a long scrollback, so a whole game can be read back. */
const CONF = fileURLToPath(new URL('./tmux.conf', import.meta.url));

let sessions = 0;

/** Quotes a word for the shell tmux runs the command in. */
function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A terminal's size in character cells. */
export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

/**
 * A real pseudo-terminal: a private tmux server running one command in a window of `size`
 * (160×50 unless given), driven with send-keys and read with capture-pane (the whole
 * scrollback). After the command exits the pane prints `[exit N]` and stays, so its last
 * screen can be read.
 */
export class TmuxSession {
  private readonly socket: string;

  constructor(
    argv: readonly string[],
    cwd: string,
    size: TerminalSize = { columns: 160, rows: 50 },
  ) {
    this.socket = `ruleloom-test-${String(process.pid)}-${String(++sessions)}`;
    const command = `cd ${shellQuote(cwd)} && NO_COLOR=1 ${[process.execPath, BIN, ...argv].map(shellQuote).join(' ')}; echo "[exit $?]"; sleep 600`;
    execFileSync(TMUX!, [
      '-L',
      this.socket,
      '-f',
      CONF,
      'new-session',
      '-d',
      '-x',
      String(size.columns),
      '-y',
      String(size.rows),
      command,
    ]);
  }

  private tmux(...args: string[]): string {
    return execFileSync(TMUX!, ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /** Sends keys as tmux names them (`Enter`, `Down`, `Space`, `C-c`) or literal text. */
  keys(...keys: string[]): void {
    this.tmux('send-keys', ...keys);
  }

  /** Types literal text (no key names), without Enter. */
  type(text: string): void {
    this.tmux('send-keys', '-l', '--', text);
  }

  /** Everything the terminal showed, scrollback included, lines joined as printed. */
  text(): string {
    return this.tmux('capture-pane', '-p', '-J', '-S', '-');
  }

  /** The visible screen only. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-J');
  }

  /** Waits until the output (after `from` characters) matches, or throws with the screen. */
  async waitFor(pattern: RegExp, timeoutMs = 15_000, from = 0): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const text = this.text();
      if (pattern.test(text.slice(from))) return text;
      if (Date.now() > end)
        throw new Error(`timed out waiting for ${String(pattern)}; screen:\n${this.screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops the tmux server (and the command, if still running). */
  close(): void {
    spawnSync(TMUX!, ['-L', this.socket, 'kill-server']);
  }
}
