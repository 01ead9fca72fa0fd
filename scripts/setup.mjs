/* global process, console */
// `npm run setup`: everything a fresh clone needs, with only Node.js 20.19+ and npm.
// Installs the pinned pnpm (package.json "packageManager") into ./.tools with npm (no global
// install, no corepack), then the dependencies (no native build: nothing needs a compiler)
// and builds every package. Afterwards `npx ruleloom ...` works in the clone (the root
// depends on @ruleloom/cli, so its bin is in node_modules/.bin); `bash .ci/run` runs every
// test. Plain JavaScript: it runs before tsx is installed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { packageManager } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const version = packageManager.replace(/^pnpm@/, '').split('+')[0];
const tools = path.join(root, '.tools');
const pnpm = path.join(tools, 'bin', process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm');
// The workspace's own scripts call `pnpm`: put the pinned one first on their PATH.
// No "Update available ... curl | sh" hint: this clone pins its pnpm. pnpm 12 reads its
// update-notifier setting from pnpm_config_* (npm_config_* for older ones); nested pnpm runs
// inherit the environment.
const env = {
  ...process.env,
  PATH: `${path.dirname(pnpm)}${path.delimiter}${process.env.PATH}`,
  npm_config_update_notifier: 'false',
  pnpm_config_update_notifier: 'false',
};
// Windows runs .cmd shims only through a shell.
const shell = process.platform === 'win32';
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, env, stdio: 'inherit', shell });

let installed = '';
try {
  installed = execFileSync(pnpm, ['--version'], { env, encoding: 'utf8', shell }).trim();
} catch {
  // not installed yet
}
if (installed !== version) {
  console.log(`Installing pnpm ${version} into .tools ...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, [
    'install',
    '--global',
    '--prefix',
    tools,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `pnpm@${version}`,
  ]);
}
run(pnpm, ['install', '--frozen-lockfile']);
run(pnpm, ['run', 'build']);
console.log(
  '\nReady. Try: npx ruleloom demo | npx ruleloom play st-augustine | npx ruleloom --help' +
    '\nEvery test: bash .ci/run    (pnpm itself: .tools/bin/pnpm)',
);
