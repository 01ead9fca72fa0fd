/**
 * `pnpm run release:check`: the release rehearsal. On a scratch copy of the repository it runs
 * `changeset version`, builds, publishes every public package to a Verdaccio registry started
 * on loopback, then checks in fresh folders outside the workspace, as a user would: the CLI
 * (global install and npx), ESM and CJS library consumers, strict TypeScript consumers under
 * TypeScript 6 and 7, `@ruleloom/core/testing` with vitest, and the examples with
 * `workspace:*` replaced by the published versions. Exits 1 on the first failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { checkUser, type Step } from './release-check-user.js';
import { exec, npmEnv } from './release-exec.js';
import { listPublicPackages, listWorkspacePackages } from './workspace-packages.js';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const times: [string, number][] = [];
const scratch = path.join(os.tmpdir(), `ruleloom-release-${String(process.pid)}`);
const repo = path.join(scratch, 'repo');
const localPnpm = path.join(root, '.tools', 'bin', 'pnpm');
const pnpm = existsSync(localPnpm) ? localPnpm : 'pnpm';

const step: Step = async (name, fn) => {
  const t0 = performance.now();
  console.log(`::: release-check: ${name}`);
  await fn();
  const s = (performance.now() - t0) / 1000;
  times.push([name, s]);
  console.log(`::: release-check: ${name} done in ${s.toFixed(1)}s`);
};

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Installs the pinned Verdaccio into .tools/verdaccio (once; `npm ci` from the lockfile). */
async function installVerdaccio(): Promise<string> {
  const source = path.join(root, 'scripts', 'verdaccio');
  const dir = path.join(root, '.tools', 'verdaccio');
  const bin = path.join(dir, 'node_modules', '.bin', 'verdaccio');
  const lock = (d: string): string =>
    existsSync(path.join(d, 'package-lock.json'))
      ? readFileSync(path.join(d, 'package-lock.json'), 'utf8')
      : '';
  if (existsSync(bin) && lock(dir) === lock(source)) return bin;
  mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package-lock.json'])
    copyFileSync(path.join(source, f), path.join(dir, f));
  await exec('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    env: npmEnv(),
  });
  return bin;
}

/** Starts Verdaccio on loopback with local storage only; resolves once it answers. */
async function startRegistry(bin: string, port: number): Promise<ChildProcess> {
  const dir = path.join(scratch, 'registry');
  mkdirSync(dir, { recursive: true });
  const config = [
    `storage: ${path.join(dir, 'storage')}`,
    'auth:',
    '  htpasswd:',
    `    file: ${path.join(dir, 'htpasswd')}`,
    '    max_users: -1',
    'uplinks: {}',
    'packages:',
    "  '@ruleloom/*':",
    '    access: $all',
    '    publish: $all',
    '    unpublish: $all',
    `listen: 127.0.0.1:${String(port)}`,
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'config.yaml'), config);
  const child = spawn(bin, ['--config', path.join(dir, 'config.yaml')], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: npmEnv(),
  });
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited (${String(child.exitCode)})`);
    try {
      const res = await fetch(`http://127.0.0.1:${String(port)}/-/ping`);
      if (res.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('verdaccio did not answer within 20 s');
}

/** Copies the repository's files (tracked and new, not ignored) to the scratch folder. */
async function copyRepository(): Promise<void> {
  const { stdout } = await exec('git', ['ls-files', '-z', '-co', '--exclude-standard'], {
    cwd: root,
    quiet: true,
  });
  for (const file of stdout.split('\0')) {
    if (file === '' || !existsSync(path.join(root, file))) continue;
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(repo, file));
  }
}

let registry: ChildProcess | undefined;
let failed = false;
try {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}/`;
  const verdaccio = await installVerdaccio();

  await step('scratch copy, install, changeset version, build', async () => {
    await copyRepository();
    const env = { ...npmEnv(), CI: 'true' };
    await exec(pnpm, ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: repo, env });
    await exec(pnpm, ['exec', 'changeset', 'version'], { cwd: repo, env });
    await exec(pnpm, ['run', 'build'], { cwd: repo, env, quiet: true });
  });

  await step(`publish to Verdaccio on ${url}`, async () => {
    registry = await startRegistry(verdaccio, port);
    writeFileSync(path.join(repo, '.npmrc'), `//127.0.0.1:${String(port)}/:_authToken=fake\n`);
    await exec(pnpm, ['-r', 'publish', '--registry', url, '--no-git-checks'], {
      cwd: repo,
      env: { ...npmEnv(), CI: 'true' },
    });
  });

  const versions = new Map(
    listPublicPackages(repo).map((p) => [p.manifest.name, p.manifest.version]),
  );
  console.log(`published: ${[...versions].map(([n, v]) => `${n}@${v}`).join(', ')}`);
  await checkUser({
    step,
    url,
    scratch: path.join(scratch, 'users'),
    repo,
    versions,
    examples: listWorkspacePackages(repo).filter((p) => p.relDir.startsWith('examples/')),
  });
} catch (error) {
  failed = true;
  console.error(`release-check FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  registry?.kill();
  if (!failed) rmSync(scratch, { recursive: true, force: true });
  else console.error(`scratch kept for inspection: ${scratch}`);
}
const total = (performance.now() - started) / 1000;
for (const [name, s] of times) console.log(`  ${s.toFixed(1).padStart(6)}s  ${name}`);
console.log(`release-check ${failed ? 'FAILED' : 'passed'} in ${total.toFixed(1)}s`);
if (failed) process.exitCode = 1;
