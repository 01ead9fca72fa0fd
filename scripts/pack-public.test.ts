import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tarballName, unpublishedDependencies } from './pack-public.js';
import {
  listPublicPackages,
  listWorkspacePackages,
  type PackageJson,
} from './workspace-packages.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const destination = mkdtempSync(path.join(tmpdir(), 'ruleloom-pack-'));
afterAll(() => rmSync(destination, { recursive: true, force: true }));

describe('pnpm run pack:public', () => {
  it('names tarballs as npm and pnpm do', () => {
    expect(tarballName('@ruleloom/core', '0.1.0')).toBe('ruleloom-core-0.1.0.tgz');
    expect(tarballName('plain', '1.2.3')).toBe('plain-1.2.3.tgz');
  });

  it('finds a private workspace package in any dependency list of a manifest', () => {
    const privates = ['@ruleloom/example-05-web-app', '@ruleloom/example-06-liars-dice'];
    expect(
      unpublishedDependencies(
        {
          dependencies: { '@ruleloom/core': '0.1.0' },
          devDependencies: { '@ruleloom/example-05-web-app': '0.0.0', vite: '8.3.8' },
          optionalDependencies: { '@ruleloom/example-06-liars-dice': '0.0.0' },
        },
        privates,
      ),
    ).toEqual([
      'devDependencies: @ruleloom/example-05-web-app',
      'optionalDependencies: @ruleloom/example-06-liars-dice',
    ]);
    expect(
      unpublishedDependencies({ dependencies: { '@ruleloom/core': '0.1.0' } }, privates),
    ).toEqual([]);
  });

  it('packs every public package and none of the private examples', async () => {
    const { stdout } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/pack-public.ts', '--pack-destination', destination],
      { cwd: root },
    );
    const expected = listPublicPackages(root).map((p) =>
      tarballName(p.manifest.name, p.manifest.version),
    );
    expect(
      stdout
        .trim()
        .split('\n')
        .map((l) => path.basename(l)),
    ).toEqual(expected);
    expect(readdirSync(destination).sort()).toEqual([...expected].sort());
    const privates = listWorkspacePackages(root).filter((p) => p.manifest.private === true);
    expect(privates.map((p) => p.relDir)).toContain('examples/06-liars-dice');
    for (const p of privates)
      expect(readdirSync(destination)).not.toContain(
        tarballName(p.manifest.name, p.manifest.version),
      );
    // What a registry would show: each tarball's own manifest names only published packages
    // (the CLI carries the built web app, but must not name the private example it comes from).
    const privateNames = privates.map((p) => p.manifest.name);
    for (const tarball of expected) {
      const { stdout: json } = await run('tar', [
        '-xzOf',
        path.join(destination, tarball),
        'package/package.json',
      ]);
      const manifest = JSON.parse(json) as PackageJson;
      expect(unpublishedDependencies(manifest, privateNames), tarball).toEqual([]);
      expect(JSON.stringify(manifest), tarball).not.toContain('workspace:');
    }
  });
});
