import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks, isExcerptOf, runnableBlocks } from './readme-blocks.js';
import { listWorkspacePackages } from './workspace-packages.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
const packages = listWorkspacePackages(root);
const readmes = [
  { name: 'the repository', dir: root, isPublic: false, isRoot: true },
  {
    name: 'the docs site (its landing page)',
    dir: path.join(root, 'docs'),
    isPublic: false,
    isRoot: true,
  },
  ...packages.map((p) => ({
    name: p.manifest.name,
    dir: p.dir,
    isPublic: p.manifest.private !== true,
    isRoot: false,
  })),
];

// Snippets run from a folder inside node_modules that sees every workspace package by name,
// as an npm user's project sees the installed packages (the packages must be built).
const work = path.join(root, 'node_modules', '.readme-check');
const snippets = readmes.flatMap((r) => {
  const file = path.join(r.dir, 'README.md');
  if (!existsSync(file)) return [];
  return runnableBlocks(readFileSync(file, 'utf8')).map((block, i) => ({
    readme: path.relative(root, file),
    block,
    file: path.join(work, `${r.name.replace(/\W+/g, '-')}-${String(i)}.ts`),
  }));
});

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'node_modules', '@ruleloom'), { recursive: true });
  for (const p of packages)
    symlinkSync(p.dir, path.join(work, 'node_modules', p.manifest.name), 'dir');
  writeFileSync(path.join(work, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { noEmit: true, rootDir: '.' },
      files: snippets.map((s) => path.basename(s.file)),
    }),
  );
  for (const s of snippets) writeFileSync(s.file, `${s.block.code}\n`);
});

describe.each(readmes)('README of $name', ({ dir, isRoot }) => {
  const file = path.join(dir, 'README.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';

  it('exists, says what it is and links to the guides', () => {
    expect(existsSync(file), `${file} is missing`).toBe(true);
    expect(text).toMatch(/^# .+\n\n\S/);
    if (!isRoot) expect(text).toMatch(/`docs\/[\w/-]+\.md`|\]\((\.\.\/)+docs\/[\w/-]+\.md\)/);
  });

  it('quotes source files verbatim', () => {
    for (const b of codeBlocks(text).filter((c) => c.from !== undefined)) {
      const source = path.join(dir, b.from!);
      expect(existsSync(source), `${b.from!} (README line ${String(b.line)})`).toBe(true);
      expect(isExcerptOf(b.code, source), `README line ${String(b.line)} vs ${b.from!}`).toBe(true);
    }
  });
});

describe.each(readmes.filter((r) => r.isPublic))('README of $name (published)', ({ dir }) => {
  const text = readFileSync(path.join(dir, 'README.md'), 'utf8');

  it('has an install line, a short example and the API reference', () => {
    const name = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
    };
    expect(text).toContain(`npm install`);
    // Read on an npm page too, where a relative link leads nowhere (the package has no
    // repository URL): repository files are named by their path, not linked.
    expect(text).not.toMatch(/\]\((\.\.\/|etc\/)/);
    expect(text).toContain(name.name);
    expect(text).toMatch(/API reference/);
    const examples = runnableBlocks(text);
    expect(examples.length).toBeGreaterThan(0);
    for (const b of examples) expect(b.code.split('\n').length).toBeLessThanOrEqual(20);
  });
});

describe('README examples', () => {
  it('type-check under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess', async () => {
    expect(snippets.length).toBeGreaterThanOrEqual(
      packages.filter((p) => !p.manifest.private).length,
    );
    const result = await run(bin('tsc'), ['-p', work]).catch(
      (e: unknown) => e as { stdout: string },
    );
    expect('stdout' in result ? result.stdout : '').toBe('');
  });

  it.each(snippets)('$readme line $block.line runs', async ({ file }) => {
    const { stderr } = await run(bin('tsx'), [file], { cwd: work, timeout: 90_000 });
    expect(stderr).toBe('');
  });
});
