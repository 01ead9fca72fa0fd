import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksUnder, type CodeBlock } from './readme-blocks.js';
import { listWorkspacePackages } from './workspace-packages.js';

const root = path.resolve(import.meta.dirname, '..');
const guide = readFileSync(path.join(root, 'docs/guides/embed-in-a-web-app.md'), 'utf8');
const [plainDom] = blocksUnder(guide, 'Plain DOM (20 lines)').filter((b) => b.lang === 'ts');
const reactBlocks = [
  ...blocksUnder(guide, 'React: `@ruleloom/react`'),
  ...blocksUnder(guide, 'A lobby for online play'),
].filter((b) => b.lang === 'tsx');
const [presenterBlock] = blocksUnder(guide, "Any kit's board from its presenter").filter(
  (b) => b.lang === 'tsx',
);
const localBlocks = blocksUnder(guide, 'Local: hot-seat and bots in a Web Worker').filter(
  (b) => b.lang === 'ts',
);
const workerBlock = localBlocks.find((b) => b.code.startsWith('// bots.worker.ts'));
const mainBlock = localBlocks.find((b) => b.code.startsWith('// main.ts'));
// Inside node_modules so the snippets resolve the workspace packages by name, as a user's would.
const work = path.join(root, 'node_modules', '.web-app-guide-check');
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');

/** Type-checks the project at `config` (relative to the work folder): '' when it compiles. */
function typecheck(config: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(tsc, ['-p', path.join(work, config)], { cwd: work }, (error, stdout) => {
      resolve(error === null ? '' : stdout || error.message);
    });
  });
}

function writeConfig(name: string, files: readonly string[], options: object): void {
  writeFileSync(
    path.join(work, name),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { noEmit: true, rootDir: '.', ...options },
      files,
    }),
  );
}

function write(file: string, block: CodeBlock | undefined): string {
  writeFileSync(path.join(work, file), `${block?.code ?? ''}\n`);
  return file;
}

describe('the web-app guide, its snippets', () => {
  beforeAll(() => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(path.join(work, 'node_modules', '@ruleloom'), { recursive: true });
    mkdirSync(path.join(work, 'node_modules', '@types'), { recursive: true });
    for (const p of listWorkspacePackages(root))
      symlinkSync(p.dir, path.join(work, 'node_modules', p.manifest.name), 'dir');
    // React and its types, as an app installs them next to @ruleloom/react.
    const reactModules = path.join(root, 'packages', 'react', 'node_modules');
    for (const name of ['react', 'react-dom', '@types/react', '@types/react-dom'])
      symlinkSync(path.join(reactModules, name), path.join(work, 'node_modules', name), 'dir');
    writeFileSync(path.join(work, 'package.json'), '{ "type": "module", "private": true }\n');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('leads with @ruleloom/react and shows the plain client second', () => {
    const react = guide.indexOf('## React: `@ruleloom/react`');
    const plain = guide.indexOf('## Without React: `@ruleloom/client`');
    expect(react).toBeGreaterThan(0);
    expect(plain).toBeGreaterThan(react);
    expect(reactBlocks).toHaveLength(2);
    expect(reactBlocks[0]!.code).toMatch(/<RuleloomBoard client=\{client\} board=\{/);
    expect(reactBlocks[0]!.code).toMatch(/import\('@ruleloom\/react\/debug'\)/);
    expect(reactBlocks[1]!.code).toMatch(/useLobby\(/);
    expect(presenterBlock?.code).toMatch(/<PresenterBoard\n\s+client=\{client\}/);
    // The hand-written hook over useSyncExternalStore is gone: the bindings are the way.
    expect(guide).not.toMatch(/useSyncExternalStore\(client/);
  });

  it('the plain-DOM snippet renders the first snapshot at once, before any change, then subscribes', () => {
    expect(plainDom).toBeDefined();
    const lines = plainDom!.code.split('\n');
    const first = lines.findIndex((l) => /^render\(\);/.test(l));
    const subscribe = lines.findIndex((l) => /^client\.subscribe\(render\);/.test(l));
    expect(first, 'a top-level render() call').toBeGreaterThan(0);
    expect(subscribe).toBeGreaterThan(first);
  });

  it('the React, plain-DOM and local snippets type-check as pasted (strict, DOM, react-jsx)', async () => {
    expect(mainBlock).toBeDefined();
    const files = [
      write('react-app.tsx', reactBlocks[0]),
      write('lobby.tsx', reactBlocks[1]),
      write('presenter-board.tsx', presenterBlock),
      write('plain-dom.ts', plainDom),
      write('main.ts', mainBlock),
    ];
    // What `/// <reference types="vite/client" />` gives a Vite app: `import.meta.env.DEV`.
    writeFileSync(
      path.join(work, 'vite-env.d.ts'),
      'interface ImportMeta { readonly env: { readonly DEV: boolean } }\n',
    );
    writeConfig('tsconfig.json', [...files, 'vite-env.d.ts'], {
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
    });
    expect(await typecheck('tsconfig.json')).toBe('');
  }, 120_000);

  it('the worker snippet type-checks as pasted (strict, WebWorker)', async () => {
    expect(workerBlock).toBeDefined();
    writeConfig('tsconfig.worker.json', [write('bots.worker.ts', workerBlock)], {
      lib: ['ES2022', 'WebWorker'],
    });
    expect(await typecheck('tsconfig.worker.json')).toBe('');
  }, 120_000);
});
