import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blocksUnder } from './readme-blocks.js';
import { listWorkspacePackages } from './workspace-packages.js';

const root = path.resolve(import.meta.dirname, '..');
const guide = readFileSync(path.join(root, 'docs/guides/embed-in-a-web-app.md'), 'utf8');
const [plainDom] = blocksUnder(guide, 'Plain DOM (20 lines)').filter((b) => b.lang === 'ts');
// Inside node_modules so the snippet resolves the workspace packages by name, as a user's would.
const work = path.join(root, 'node_modules', '.web-app-guide-check');

describe('the web-app guide, its plain-DOM snippet', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('renders the first snapshot at once, before any change, then subscribes', () => {
    expect(plainDom).toBeDefined();
    const lines = plainDom!.code.split('\n');
    const first = lines.findIndex((l) => /^render\(\);/.test(l));
    const subscribe = lines.findIndex((l) => /^client\.subscribe\(render\);/.test(l));
    expect(first, 'a top-level render() call').toBeGreaterThan(0);
    expect(subscribe).toBeGreaterThan(first);
  });

  it('type-checks as pasted (strict, DOM)', async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(path.join(work, 'node_modules', '@ruleloom'), { recursive: true });
    for (const p of listWorkspacePackages(root))
      symlinkSync(p.dir, path.join(work, 'node_modules', p.manifest.name), 'dir');
    writeFileSync(path.join(work, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(path.join(work, 'plain-dom.ts'), `${plainDom!.code}\n`);
    writeFileSync(
      path.join(work, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.base.json',
        compilerOptions: { noEmit: true, rootDir: '.', lib: ['ES2022', 'DOM'] },
        files: ['plain-dom.ts'],
      }),
    );
    const out = await new Promise<string>((resolve) => {
      execFile(
        path.join(root, 'node_modules', '.bin', 'tsc'),
        ['-p', path.join(work, 'tsconfig.json')],
        { cwd: work },
        (error, stdout) => {
          resolve(error === null ? '' : stdout || error.message);
        },
      );
    });
    expect(out).toBe('');
  });
});
