import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeClientApp } from './client-app.js';
import { pnpmCommand } from './pack-public.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'ruleloom-client-app-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Unpacks a workspace package's tarball (what npm would install) into the app's node_modules. */
async function installPacked(folder: string, name: string): Promise<void> {
  const packs = path.join(dir, 'packs');
  mkdirSync(packs, { recursive: true });
  const [pnpm, prefix] = pnpmCommand(root);
  const { stdout } = await run(pnpm, [...prefix, 'pack', '--pack-destination', packs, '--json'], {
    cwd: path.join(root, folder),
  });
  const tarball = (JSON.parse(stdout) as { filename: string }).filename;
  const target = path.join(dir, 'node_modules', name);
  mkdirSync(target, { recursive: true });
  await run('tar', ['-xzf', path.resolve(packs, tarball), '-C', target, '--strip-components=1']);
}

/** Links a dependency the app would install from the registry (its copy in the workspace). */
function link(name: string, from: string): void {
  const target = path.join(dir, 'node_modules', name);
  mkdirSync(path.dirname(target), { recursive: true });
  symlinkSync(realpathSync(path.join(root, from, 'node_modules', name)), target);
}

describe('the published types of @ruleloom/client and @ruleloom/react', () => {
  it('type-check in a React app without @ruleloom/server, under skipLibCheck: false', async () => {
    await installPacked('packages/client', '@ruleloom/client');
    await installPacked('packages/react', '@ruleloom/react');
    link('@ruleloom/core', 'packages/client');
    link('valibot', 'packages/client');
    link('react', 'packages/react');
    link('@types/react', 'packages/react');
    link('use-sync-external-store', 'packages/react');
    writeClientApp(dir);
    expect(existsSync(path.join(dir, 'node_modules/@ruleloom/server'))).toBe(false);
    const tsc = path.join(root, 'node_modules/.bin/tsc');
    const result = await run(tsc, ['-p', 'tsconfig.json'], { cwd: dir }).then(
      () => ({ code: 0, out: '' }),
      (error: unknown) => {
        const failed = error as { code?: number; stdout?: string };
        return { code: failed.code ?? 1, out: failed.stdout ?? String(error) };
      },
    );
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  });
});
