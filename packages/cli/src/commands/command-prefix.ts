import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * How a person can run the command line from the current shell: `ruleloom` when an executable
 * of that name is on `PATH` (a global install; `node_modules/.bin` folders do not count), otherwise
 * `npx ruleloom`, which works in a project that depends on the package and in a clone of the
 * repository (the packages are not on npm yet, so `npx @ruleloom/cli` would not be found).
 * (Not exported: the demo uses it.)
 */
export function commandPrefix(
  pathEnv: string | undefined = process.env.PATH,
  platform: NodeJS.Platform = process.platform,
): string {
  const names = platform === 'win32' ? ['ruleloom.cmd', 'ruleloom.exe'] : ['ruleloom'];
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    // Package runners (npm run, npx, pnpm) put node_modules/.bin on PATH for the command
    // only; the person's own shell does not have it.
    if (dir === '' || path.basename(dir) === '.bin') continue;
    for (const name of names) {
      try {
        accessSync(path.join(dir, name), constants.X_OK);
        return 'ruleloom';
      } catch {
        // not here
      }
    }
  }
  return 'npx ruleloom';
}
