import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPublishedDeps } from './published-deps.js';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ruleloom-deps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A two-package workspace: `@x/lib` (runtime and testing entries) and `@x/app` using it. */
function fixture(name: string, appImports: string, libImports = ''): string {
  const dir = path.join(scratch, name);
  write(path.join(dir, 'pnpm-workspace.yaml'), "packages:\n  - 'packages/*'\n");
  const exportsOf = (subs: string[]): Record<string, unknown> =>
    Object.fromEntries(
      subs.map((s) => [s === 'index' ? '.' : `./${s}`, { import: `./dist/${s}.js` }]),
    );
  write(
    path.join(dir, 'packages/lib/package.json'),
    JSON.stringify({
      name: '@x/lib',
      version: '1.0.0',
      exports: exportsOf(['index', 'testing']),
      dependencies: { 'pure-rand': '8.4.2' },
      devDependencies: { tinybench: '6.2.3' },
      peerDependencies: { 'fast-check': '^4' },
      peerDependenciesMeta: { 'fast-check': { optional: true } },
    }),
  );
  write(
    path.join(dir, 'packages/lib/dist/index.js'),
    `import './shared.js';\n${libImports}export const a = 1;\n`,
  );
  write(path.join(dir, 'packages/lib/dist/shared.js'), "import 'pure-rand';\nexport {};\n");
  write(
    path.join(dir, 'packages/lib/dist/testing.js'),
    "import fc from 'fast-check';\nimport './shared.js';\nexport { fc };\n",
  );
  write(
    path.join(dir, 'packages/app/package.json'),
    JSON.stringify({
      name: '@x/app',
      version: '1.0.0',
      bin: { app: './dist/bin.js' },
      exports: { '.': { import: './dist/index.js', require: './dist/index.cjs' } },
      dependencies: { '@x/lib': 'workspace:*' },
    }),
  );
  write(path.join(dir, 'packages/app/dist/index.js'), `${appImports}export {};\n`);
  write(path.join(dir, 'packages/app/dist/index.cjs'), "require('node:fs');\n");
  write(path.join(dir, 'packages/app/dist/bin.js'), "import './index.js';\n");
  return dir;
}

describe('the published import graph check', () => {
  it('accepts runtime code that needs only dependencies, and a testing entry its peer', async () => {
    expect(await checkPublishedDeps(fixture('clean', "import '@x/lib';\n"))).toEqual([]);
  });

  it("reports runtime code that reaches another package's testing entry (its optional peer)", async () => {
    const problems = await checkPublishedDeps(fixture('cli-bug', "import '@x/lib/testing';\n"));
    expect(problems.map((p) => [p.packageName, p.specifier, p.reason])).toEqual([
      [
        '@x/lib',
        'fast-check',
        'fast-check is only an optional peer of @x/lib, but runtime code needs it',
      ],
    ]);
    expect(problems[0]?.entry).toContain('@x/app . (import) → @x/lib/testing');
  });

  it('reports a dev dependency, an undeclared package and a subpath that is not exported', async () => {
    const dir = fixture(
      'dev-dep',
      "import '@x/lib/internal';\nimport 'left-pad';\n",
      "import 'tinybench';\n",
    );
    const reasons = (await checkPublishedDeps(dir)).map((p) => p.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'tinybench is only a devDependency of @x/lib',
        'left-pad is not a dependency of @x/app',
        '@x/lib does not export @x/lib/internal',
      ]),
    );
  });

  it('passes on the built packages of this repository', async () => {
    expect(await checkPublishedDeps(root)).toEqual([]);
  });
});
