import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeClientApp } from './client-app.js';
import { runnableBlocks } from './readme-blocks.js';
import { exec, npmEnv } from './release-exec.js';
import type { WorkspacePackage } from './workspace-packages.js';

/** Runs one named stage of the rehearsal and times it. */
export type Step = (name: string, fn: () => Promise<void>) => Promise<void>;

/** What the user-side checks need from the rehearsal. */
export interface UserChecks {
  readonly step: Step;
  /** The local registry, `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** A folder outside the workspace for the users' projects. */
  readonly scratch: string;
  /** The scratch copy of the repository (versioned and built). */
  readonly repo: string;
  /** Published package name → version. */
  readonly versions: ReadonlyMap<string, string>;
  readonly examples: readonly WorkspacePackage[];
}

/** TypeScript majors the consumers type-check with (7.0.2 is npm's `latest`, the native port). */
const TYPESCRIPTS = { 6: '6.0.3', 7: '7.0.2' } as const;

/** Fails when npm printed an engine warning (a dependency that does not accept this Node). */
export function noEngineWarning(what: string, output: string): void {
  const line = output.split('\n').find((l) => /EBADENGINE|Unsupported engine/i.test(l));
  if (line !== undefined) throw new Error(`${what} printed an engine warning: ${line.trim()}`);
}

function expectIn(text: string, wanted: string, what: string): void {
  if (!text.includes(wanted))
    throw new Error(`${what}: expected "${wanted}" in:\n${text.slice(-2000)}`);
}

/**
 * The installed CLI's `serve --web`: the web app it carries answers at `/`, and Pig (a kit
 * the app is not built with) is bundled for the browser from the installed packages: its
 * bundle imports nothing (a data: URL module can import no package) and its default export
 * is a kit.
 */
async function serveWeb(
  bin: string,
  dir: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const args = ['serve', '--port', '0', '--quiet', '--games', 'pig', '--web'];
  const child = spawn(bin, [...args, '--db', path.join(dir, 'web.sqlite')], {
    cwd: dir,
    env: { ...env, NO_COLOR: '1', RULELOOM_SECRET: 'release-check-secret-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const add = (d: Buffer): void => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m !== null) resolve(m[1]!);
      };
      child.stdout.on('data', add);
      child.stderr.on('data', add);
      child.once('exit', (code) => {
        reject(new Error(`ruleloom serve --web exited (${String(code)}):\n${out}`));
      });
    });
    expectIn(await (await fetch(`${url}/`)).text(), 'served-kits.js', 'serve --web page');
    const list = (await (await fetch(`${url}/served-kits.json`)).json()) as {
      kits: { id: string; url: string }[];
    };
    const pig = list.kits.find((k) => k.id === 'pig');
    if (pig === undefined) throw new Error(`serve --web lists ${JSON.stringify(list)}`);
    const code = Buffer.from(await (await fetch(new URL(pig.url, `${url}/`))).arrayBuffer());
    const mod = (await import(`data:text/javascript;base64,${code.toString('base64')}`)) as {
      default?: { game?: { id?: unknown } };
    };
    if (mod.default?.game?.id !== 'pig') throw new Error('the pig bundle exports no pig kit');
    console.log(`serve --web ok: the app and a ${String(code.length)}-byte pig bundle`);
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/** Every user-side check, against the packages published to `url`. */
export async function checkUser(c: UserChecks): Promise<void> {
  // --engine-strict: a dependency (however deep) whose `engines` excludes this Node (20) fails
  // the install with EBADENGINE instead of a warning that --loglevel=error would hide.
  const flags = [
    `--@ruleloom:registry=${c.url}`,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    '--engine-strict',
  ];
  const env = npmEnv();
  const spec = (name: string): string => `${name}@${c.versions.get(name) ?? 'missing'}`;
  const all = [...c.versions.keys()];

  /** A fresh user project: `.npmrc` pointing the @ruleloom scope at the local registry. */
  const project = (name: string, manifest: Record<string, unknown> = {}): string => {
    const dir = path.join(c.scratch, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '.npmrc'), `@ruleloom:registry=${c.url}\n`);
    const pkg = { name: `user-${name}`, version: '1.0.0', private: true, ...manifest };
    writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    return dir;
  };
  const install = async (dir: string, pkgs: readonly string[]): Promise<unknown> => {
    const r = await exec('npm', ['install', ...flags, ...pkgs], { cwd: dir, env });
    noEngineWarning(`npm install ${pkgs.join(' ')}`, `${r.stdout}\n${r.stderr}`);
    return r;
  };

  const cli = async (): Promise<void> => {
    const dir = project('cli');
    const prefix = path.join(c.scratch, 'global');
    await exec(
      'npm',
      ['install', '--global', '--prefix', prefix, ...flags, spec('@ruleloom/cli')],
      {
        cwd: dir,
        env,
      },
    );
    const bin = path.join(prefix, 'bin', 'ruleloom');
    const ruleloom = async (args: string[], input?: string): Promise<string> =>
      (
        await exec(bin, args, {
          cwd: dir,
          env,
          quiet: true,
          ...(input === undefined ? {} : { input }),
        })
      ).stdout;
    const version = (await ruleloom(['--version'])).trim();
    if (version !== c.versions.get('@ruleloom/cli'))
      throw new Error(`ruleloom --version printed ${version}`);
    expectIn(await ruleloom(['games']), 'colonial-florida', 'ruleloom games');
    expectIn(await ruleloom(['rules', 'st-augustine']), 'St. Augustine', 'ruleloom rules');
    expectIn(await ruleloom(['demo', '--games', '2']), 'Your turn', 'ruleloom demo');
    await ruleloom(['play', 'pig', '--seed', '1', '--save', 'pig.json'], '1\n1\n2\n');
    expectIn(await ruleloom(['replay', 'pig.json']), 'Pig', 'ruleloom replay of a scripted play');
    const t = ['tournament', 'pig', '--bots', 'random,random', '--games', '4', '--workers', '2'];
    expectIn(await ruleloom([...t, '--seed', '3']), 'random', 'ruleloom tournament on workers');
    const sa = ['st-augustine', '--bots', 'random,greedy', '--games', '2', '-o', 'turns=3'];
    expectIn(await ruleloom(['tournament', ...sa, '-o', 'trading=off']), 'greedy', 'tournament');
    await serveWeb(bin, dir, env);
    const npx = await exec('npx', ['-y', ...flags, spec('@ruleloom/cli'), '--version'], {
      cwd: project('npx'),
      env,
    });
    if (npx.stdout.trim() !== version) throw new Error(`npx printed ${npx.stdout}`);
    console.log(`CLI ok: global ruleloom and npx @ruleloom/cli ${version}`);
  };

  const library = async (): Promise<void> => {
    const dir = project('library');
    await install(
      dir,
      [
        '@ruleloom/core',
        '@ruleloom/st-augustine',
        '@ruleloom/colonial-florida',
        '@ruleloom/cli',
      ].map(spec),
    );
    // The README's 20-line match verbatim, and the Colonial Florida README's, as ESM and CJS.
    const blocks = [
      ['st', runnableBlocks(readFileSync(path.join(c.repo, 'README.md'), 'utf8'))[0]],
      [
        'cf',
        runnableBlocks(
          readFileSync(path.join(c.repo, 'packages/colonial-florida/README.md'), 'utf8'),
        )[0],
      ],
    ] as const;
    for (const [name, block] of blocks) {
      if (block === undefined) throw new Error(`no example in the README for ${name}`);
      const cjs = block.code.replace(
        /^import \{([^}]*)\} from '([^']+)';$/gm,
        (_m, names: string, from: string) => `const {${names}} = require('${from}');`,
      );
      writeFileSync(path.join(dir, `${name}.mjs`), `${block.code}\n`);
      writeFileSync(path.join(dir, `${name}.cjs`), `${cjs}\n`);
      for (const file of [`${name}.mjs`, `${name}.cjs`]) {
        const { stdout } = await exec('node', [file], { cwd: dir, env, quiet: true });
        if (name === 'st')
          expectIn(stdout.trim().split('\n').at(-1) ?? '', 'true', `${file} restores`);
        expectIn(stdout, 'winners', file);
      }
    }
    // The CLI as a library, without fast-check (an optional peer of core) installed.
    if (existsSync(path.join(dir, 'node_modules', 'fast-check')))
      throw new Error('fast-check was installed with the CLI');
    await exec('node', ['--input-type=module', '-e', "await import('@ruleloom/cli')"], {
      cwd: dir,
      env,
    });
    await exec('node', ['-e', "require('@ruleloom/cli')"], { cwd: dir, env });
    console.log(
      'library ok: ESM and CJS consumers played both games; the CLI loads without fast-check',
    );
  };

  const typescript = async (): Promise<void> => {
    const dir = project('typescript', { type: 'module' });
    const ts7 = project('typescript-7');
    // @ruleloom/react's types name React's: a TypeScript user of it has react and its types.
    await install(dir, [
      ...all.map(spec),
      `typescript@${TYPESCRIPTS[6]}`,
      '@types/node@20.19.43',
      'react@19.3.1',
      '@types/react@19.3.2',
    ]);
    await install(ts7, [`typescript@${TYPESCRIPTS[7]}`]);
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    const readmes = [c.repo, ...all.map((n) => path.join(c.repo, 'packages', n.split('/')[1]!))];
    let n = 0;
    for (const r of readmes)
      for (const b of runnableBlocks(readFileSync(path.join(r, 'README.md'), 'utf8')))
        writeFileSync(path.join(dir, 'src', `readme-${String(n++)}.ts`), `${b.code}\nexport {};\n`);
    const strict = {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      target: 'es2022',
      lib: ['es2022'],
      types: ['node'],
      noEmit: true,
    };
    const configs = {
      bundler: { module: 'preserve', moduleResolution: 'bundler' },
      node16: { module: 'node16', moduleResolution: 'node16' },
    };
    for (const [name, resolution] of Object.entries(configs))
      writeFileSync(
        path.join(dir, `tsconfig.${name}.json`),
        JSON.stringify(
          { compilerOptions: { ...strict, ...resolution }, include: ['src'] },
          null,
          2,
        ),
      );
    const tscs = {
      6: path.join(dir, 'node_modules/.bin/tsc'),
      7: path.join(ts7, 'node_modules/.bin/tsc'),
    };
    for (const [major, tsc] of Object.entries(tscs))
      for (const name of Object.keys(configs)) {
        const { stdout } = await exec(tsc, ['--version'], { cwd: dir, env, quiet: true });
        await exec(tsc, ['-p', `tsconfig.${name}.json`], { cwd: dir, env, quiet: true });
        console.log(
          `TypeScript ${major} (${stdout.trim()}), ${name}: ${String(n)} README examples type-check`,
        );
      }
    // The SDK's type tests (*.test-d.ts) under TypeScript 7 too (6 runs them in vitest).
    for (const p of all) {
      const tsconfig = path.join(c.repo, 'packages', p.split('/')[1]!, 'tsconfig.json');
      await exec(tscs[7], ['-p', tsconfig, '--noEmit'], { cwd: c.repo, env, quiet: true });
    }
    console.log('TypeScript 7: every package and its type tests type-check');
  };

  // A React app installs the client and its React bindings, not the server: their published
  // declarations must stand alone (skipLibCheck: false reads every one of them).
  const clientApp = async (): Promise<void> => {
    const dir = project('client-app', { type: 'module' });
    await install(dir, [
      spec('@ruleloom/client'),
      spec('@ruleloom/react'),
      `typescript@${TYPESCRIPTS[6]}`,
      'react@19.3.1',
      '@types/react@19.3.2',
    ]);
    if (existsSync(path.join(dir, 'node_modules/@ruleloom/server')))
      throw new Error('installing @ruleloom/client and @ruleloom/react installed @ruleloom/server');
    writeClientApp(dir);
    await exec(path.join(dir, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], {
      cwd: dir,
      env,
      quiet: true,
    });
    console.log('client app ok: a React app on the client type-checks with skipLibCheck: false');
  };

  const testing = async (): Promise<void> => {
    const dir = project('testing', { type: 'module' });
    // The docs name the peer (fast-check) and the runner (vitest, with its vite pinned).
    await install(dir, [
      spec('@ruleloom/core'),
      'fast-check@4.10.2',
      'vitest@4.1.12',
      'vite@8.3.8',
    ]);
    writeFileSync(
      path.join(dir, 'laws.test.ts'),
      [
        "import { drawAndPlay, gameLaws, pig } from '@ruleloom/core/testing';",
        "import { describe, it } from 'vitest';",
        '',
        "describe('laws', () => {",
        '  for (const law of gameLaws({ game: pig, setups: [{ players: 2 }], numRuns: 5 }))',
        '    it(law.name, law.run, 60_000);',
        '  for (const law of gameLaws({ game: drawAndPlay, setups: [{ players: 3 }], numRuns: 5 }))',
        '    it(`draw and play: ${law.name}`, law.run, 60_000);',
        '});',
        '',
      ].join('\n'),
    );
    const { stdout } = await exec(path.join(dir, 'node_modules/.bin/vitest'), ['run'], {
      cwd: dir,
      env: { ...env, CI: 'true' },
      quiet: true,
    });
    expectIn(stdout, 'passed', 'vitest with @ruleloom/core/testing');
    console.log('testing ok: @ruleloom/core/testing laws ran in vitest with fast-check');
  };

  /** A browser-only app that installs the bots gets no Redis/BullMQ stack (optional peers). */
  const lightBots = async (): Promise<void> => {
    const dir = project('light-bots', { type: 'module' });
    await install(dir, [spec('@ruleloom/bots')]);
    const heavy = ['bullmq', 'ioredis', 'luxon', 'cron-parser'].filter((name) =>
      existsSync(path.join(dir, 'node_modules', name)),
    );
    if (heavy.length > 0)
      throw new Error(`installing @ruleloom/bots alone installed ${heavy.join(', ')}`);
    console.log('light install ok: @ruleloom/bots brings no bullmq, ioredis, luxon, cron-parser');
  };

  const examples = async (): Promise<void> => {
    // Every example is copied and installed before any runs: the web app (05) shows the
    // Liar's Dice kit of its sibling example 06 by a relative import, as in the repository.
    const dirs: string[] = [];
    for (const example of c.examples) {
      const name = path.basename(example.dir);
      const dir = path.join(c.scratch, 'examples', name);
      dirs.push(dir);
      cpSync(example.dir, dir, {
        recursive: true,
        filter: (src) => !src.includes(`${path.sep}node_modules`),
      });
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      for (const deps of [pkg.dependencies, pkg.devDependencies])
        for (const [dep, range] of Object.entries(deps ?? {}))
          if (range.startsWith('workspace:')) deps![dep] = c.versions.get(dep) ?? range;
      // The workspace root provides tsx; a copied example brings its own.
      pkg.devDependencies = { ...pkg.devDependencies, tsx: '4.23.15' };
      writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
      writeFileSync(path.join(dir, '.npmrc'), `@ruleloom:registry=${c.url}\n`);
      cpSync(path.join(c.repo, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
      const tsconfig = path.join(dir, 'tsconfig.json');
      writeFileSync(
        tsconfig,
        readFileSync(tsconfig, 'utf8').replace('../../tsconfig.base.json', './tsconfig.base.json'),
      );
    }
    for (const dir of dirs) await exec('npm', ['install', ...flags], { cwd: dir, env });
    for (const dir of dirs) {
      await exec('npm', ['run', 'example'], { cwd: dir, env, quiet: true });
      console.log(`example ${path.basename(dir)} ok: installed from the registry and ran`);
    }
  };

  await c.step(
    'user checks (CLI, library, TypeScript 6 and 7, client app, testing kit, light bots, examples)',
    async () => {
      // Independent projects: installs overlap (mostly network and disk).
      const results = await Promise.allSettled([
        cli(),
        library(),
        typescript(),
        clientApp(),
        testing(),
        lightBots(),
        examples(),
      ]);
      const errors = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      if (errors.length > 0) throw new Error(errors.join('\n\n'));
    },
  );
}
