import { request } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMatch, isGameKit, type GameKit } from '@ruleloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, stopServe, type ServeProcess } from './serve-process.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const KIT = join(REPO, 'examples/06-liars-dice/dist/liars-dice.mjs');
const WEB = fileURLToPath(new URL('../dist/web', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ruleloom-serve-web-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let servers = 0;

/** A GET with the path sent exactly as given (fetch would normalise `/../`). */
function rawGet(
  base: string,
  path: string,
): Promise<{ status: number; type: string; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every file of the built web app in dist/web, by URL path. */
function webFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (folder: string): void => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, e.name);
      if (e.isDirectory()) walk(full);
      else files.set(`/${relative(WEB, full).split(sep).join('/')}`, readFileSync(full));
    }
  };
  walk(WEB);
  return files;
}

function serve(args: readonly string[]): Promise<ServeProcess> {
  servers += 1;
  return startServe(['--db', join(dir, `${String(servers)}.sqlite`), ...args], {
    RULELOOM_SECRET: 's'.repeat(32),
    RULELOOM_CREATE_KEYS: '',
  });
}

describe('ruleloom serve --game <kit> --web', () => {
  let server: ServeProcess;
  let url: string;
  beforeAll(async () => {
    server = await serve(['--game', KIT, '--web']);
    expect(server.url, server.out).toBeDefined();
    url = server.url!;
  });
  afterAll(async () => {
    await stopServe(server.child);
  });

  it('serves the built web app at / and every file of it with its content type', async () => {
    expect(server.out).toContain(`; web app: ${url}/)`);
    const files = webFiles();
    expect(files.has('/index.html')).toBe(true);
    const index = await rawGet(url, '/');
    expect(index.status).toBe(200);
    expect(index.type).toBe('text/html; charset=utf-8');
    // The app's page, with the kits' boot module first: before the app's own module script.
    const page = index.body.toString('utf8');
    const tag = '<script type="module" src="./served-kits.js" data-ruleloom-served-kits></script>';
    expect(page.indexOf(tag)).toBeGreaterThan(0);
    expect(page.indexOf(tag)).toBeLessThan(page.search(/<script[^>]*src="\.\/assets\//));
    expect(page.replace(`${tag}\n    `, '')).toBe(files.get('/index.html')!.toString('utf8'));
    expect((await rawGet(url, '/index.html')).body.equals(index.body)).toBe(true);
    const types: Record<string, string> = {
      html: 'text/html; charset=utf-8',
      js: 'text/javascript; charset=utf-8',
      css: 'text/css; charset=utf-8',
    };
    for (const [path, body] of files) {
      if (path === '/index.html') continue;
      const r = await rawGet(url, path);
      expect(r.status, path).toBe(200);
      expect(r.body.equals(body), path).toBe(true);
      const ext = path.slice(path.lastIndexOf('.') + 1);
      if (types[ext] !== undefined) expect(r.type, path).toBe(types[ext]);
    }
    // The API is still there, at the same origin.
    const games = (await (await fetch(`${url}/games`)).json()) as { games: { id: string }[] };
    expect(games.games.map((g) => g.id)).toEqual(['liars-dice']);
  });

  it('lists the kit in served-kits.json; its bundle imports nothing and its default export is the kit', async () => {
    const manifest = (await (await fetch(`${url}/served-kits.json`)).json()) as {
      kits: { id: string; url: string }[];
    };
    expect(manifest.kits.map((k) => k.id)).toEqual(['liars-dice']);
    expect(manifest.kits[0]!.url).toMatch(/^\.\/served-kits\/liars-dice-[0-9a-f]{12}\.js$/);
    const bundle = await rawGet(url, manifest.kits[0]!.url.slice(1));
    expect(bundle.status).toBe(200);
    expect(bundle.type).toBe('text/javascript; charset=utf-8');
    const listed = await rawGet(url, '/served-kits.json');
    expect(listed.type).toBe('application/json; charset=utf-8');
    // The boot module imports the same bundle and leaves the kit for the app.
    const boot = await rawGet(url, '/served-kits.js');
    expect(boot.type).toBe('text/javascript; charset=utf-8');
    expect(boot.body.toString('utf8')).toContain(
      `import kit0 from ${JSON.stringify(manifest.kits[0]!.url)};`,
    );
    expect(boot.body.toString('utf8')).toContain(
      'globalThis[Symbol.for("ruleloom.web-app.served-kits")]',
    );
    // A data: URL module can import no package and no relative file (Node refuses both with
    // ERR_UNSUPPORTED_RESOLVE_REQUEST): this import succeeds only if the bundle is
    // self-contained, as a module worker in a browser needs it.
    const mod = (await import(`data:text/javascript;base64,${bundle.body.toString('base64')}`)) as {
      default: unknown;
    };
    expect(isGameKit(mod.default)).toBe(true);
    const kit = mod.default as GameKit;
    expect(kit.game.id).toBe('liars-dice');
    expect(kit.presenter).toBeDefined();
    // Its own copy of core plays with this process's core (brands are Symbol.for).
    const match = createMatch(kit.game, { seed: 'web-bundle', players: 2 });
    expect(match.legalActions(match.toAct[0]!).length).toBeGreaterThan(0);
  });

  it('answers no path outside its own routes: dot segments, encoded dots and slashes, NUL, folders', async () => {
    const files = webFiles();
    const css = [...files.keys()].find((p) => p.endsWith('.css'))!;
    const attempts = [
      '/../package.json',
      '/../../../../etc/passwd',
      '/assets/../index.html',
      '/./index.html',
      '//index.html',
      '/%2e%2e/package.json',
      '/%2E%2E/%2E%2E/package.json',
      '/%2e%2e%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      `/assets%2F${css.slice('/assets/'.length)}`,
      `/assets%5C${css.slice('/assets/'.length)}`,
      '/assets\\..\\index.html',
      '/index.html%00',
      '/index.html%00.js',
      '/%00',
      '/assets',
      '/assets/',
      '/served-kits/',
      '/served-kits/..%2fserved-kits.json',
      '/index.html/',
      '/INDEX.HTML',
    ];
    for (const path of attempts) {
      const r = await rawGet(url, path);
      expect([400, 404], path).toContain(r.status);
      expect(r.type, path).toBe('application/json; charset=utf-8');
      const body = JSON.parse(r.body.toString('utf8')) as { error: { code: string } };
      expect(['not_found', 'malformed_message'], path).toContain(body.error.code);
    }
  });
});

describe('ruleloom serve --web with built-in games only', () => {
  it('serves the app with an empty kit manifest (the app has those games built in)', async () => {
    const server = await serve(['--web', '--games', 'st-augustine']);
    try {
      expect(server.url, server.out).toBeDefined();
      const manifest = await (await fetch(`${server.url!}/served-kits.json`)).json();
      expect(manifest).toEqual({ kits: [] });
      // The app's page as built: no boot module.
      const page = await (await fetch(`${server.url!}/`)).text();
      expect(page).toBe(readFileSync(join(WEB, 'index.html'), 'utf8'));
      expect((await fetch(`${server.url!}/served-kits.js`)).status).toBe(404);
    } finally {
      await stopServe(server.child);
    }
  });

  it('refuses a kit that cannot run in a browser, saying which import', async () => {
    const kit = fileURLToPath(new URL('fixtures/node-only-kit.mjs', import.meta.url));
    const server = await serve(['--web', '--game', kit]);
    expect(server.url).toBeUndefined();
    expect(server.code).toBe(2);
    expect(server.out).toContain("error: --web: the kit 'pig' cannot be bundled for the browser");
    expect(server.out).toContain('node:fs');
  });
});
