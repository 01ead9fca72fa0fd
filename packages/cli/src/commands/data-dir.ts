import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/**
 * Where `ruleloom serve` keeps its default SQLite database and token secret: `--data-dir`,
 * else `RULELOOM_DATA_DIR`, else `$XDG_DATA_HOME/ruleloom` (an absolute XDG_DATA_HOME only,
 * as the XDG spec says), else `~/.local/share/ruleloom`. Relative flag and variable values
 * are taken from `cwd`.
 * @public
 */
export function dataDirectory(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  home: string = homedir(),
): string {
  if (flag !== undefined && flag !== '') return resolve(cwd, flag);
  const own = env.RULELOOM_DATA_DIR;
  if (own !== undefined && own !== '') return resolve(cwd, own);
  const xdg = env.XDG_DATA_HOME;
  if (xdg !== undefined && xdg !== '' && isAbsolute(xdg)) return join(xdg, 'ruleloom');
  return join(home, '.local', 'share', 'ruleloom');
}

/**
 * Creates the data directory when missing, private (mode 0700; its parents as the umask
 * allows); an existing directory is left as it is.
 * @public
 */
export function ensureDataDirectory(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}

/**
 * Creates an empty database file, private (mode 0600), when missing, so SQLite opens a file
 * nobody else may read (its -wal and -shm files get the same mode).
 * @public
 */
export function ensurePrivateFile(file: string): void {
  if (existsSync(file)) return;
  writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  if (process.platform !== 'win32') chmodSync(file, 0o600);
}
