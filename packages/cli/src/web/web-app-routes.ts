/*
 * `ruleloom serve --web`: the built web app (examples/05-web-app, copied into this package's
 * dist/web by its build) served by the game server at the same origin as its API, with the
 * hosted kits bundled for the browser: a module that loads them runs before the app (a script
 * tag added to its page), and `served-kits.json` lists them.
 *
 * Every file is read once at start-up and gets a route of its own: a request is answered
 * only when its path is exactly one of those routes, so no path (`/../`, `%2e%2e`, an
 * encoded slash, a NUL) can reach any other file, and there is no directory listing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameServer } from '@ruleloom/server';
import type { KitBundle } from './kit-bundle.js';

/** Where the build puts the web app: `dist/web/` beside the command line's own files. */
export const WEB_APP_DIR = fileURLToPath(new URL('./web/', import.meta.url));

/** The path of the list of served kits (their ids and bundle URLs), for tools and other front ends. */
export const SERVED_KITS_MANIFEST = '/served-kits.json';

/** Where the kit bundles are served (`/served-kits/<id>-<hash>.js`). */
export const SERVED_KITS_PREFIX = '/served-kits/';

/**
 * The module that loads every kit bundle before the app starts (`/served-kits.js`): the page
 * runs it first (a script tag added to `index.html`), and it leaves the kits, with their ids
 * and URLs, under `globalThis[Symbol.for('ruleloom.web-app.served-kits')]` for the app.
 */
export const SERVED_KITS_BOOT = '/served-kits.js';

/** The global key (a `Symbol.for` name) under which the boot module leaves the kits. */
export const SERVED_KITS_GLOBAL = 'ruleloom.web-app.served-kits';

/** A file of the web app: its bytes and content type. */
export interface WebFile {
  readonly body: Buffer;
  readonly type: string;
  /** Whether its name holds a hash of its content (cached for good). */
  readonly immutable: boolean;
}

/** The content types of the files a built web app holds; anything else is bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The content type of a file name (by its extension). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Paths the game server's API answers: no file of the app may take one. */
const API_PATHS = /^\/(matches|games|health|tokens|play)(\/|$)/;

/** A URL path segment that is plainly a file name (no escapes needed, no dot segment). */
function plainSegment(segment: string): boolean {
  return /^[A-Za-z0-9._~@+-]+$/.test(segment) && segment !== '.' && segment !== '..';
}

/** What reading the built web app came to: its files by URL path, or why not. */
export type ReadWebApp =
  | { readonly ok: true; readonly files: ReadonlyMap<string, WebFile> }
  | { readonly ok: false; readonly message: string };

/**
 * Reads every file of a built web app folder into memory, by URL path (`/index.html`,
 * `/assets/index-abc.js`). Symbolic links and names that would need escaping in a URL are
 * left out. Never throws: a folder without `index.html` gives a sentence.
 */
export function readWebApp(dir: string = WEB_APP_DIR): ReadWebApp {
  let index: boolean;
  try {
    index = statSync(join(dir, 'index.html')).isFile();
  } catch {
    index = false;
  }
  if (!index)
    return {
      ok: false,
      message: `--web: this ruleloom has no built web app (no index.html in ${dir}); build it with \`pnpm run build\` in the repository (it builds examples/05-web-app, then copies it into packages/cli/dist/web)`,
    };
  const files = new Map<string, WebFile>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (plainSegment(entry.name)) walk(full);
        continue;
      }
      if (!entry.isFile()) continue;
      const parts = relative(dir, full).split(sep);
      if (!parts.every(plainSegment)) continue;
      const path = `/${parts.join('/')}`;
      if (API_PATHS.test(path) || path === SERVED_KITS_MANIFEST || path === SERVED_KITS_BOOT)
        continue;
      if (path.startsWith(SERVED_KITS_PREFIX)) continue;
      files.set(path, {
        body: readFileSync(full),
        type: contentTypeOf(entry.name),
        immutable: parts[0] === 'assets' && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(entry.name),
      });
    }
  };
  walk(dir);
  return { ok: true, files };
}

/** The list of served kits: each kit's game id and bundle URL (relative). */
export interface ServedKitsManifest {
  readonly kits: readonly { readonly id: string; readonly url: string }[];
}

/** The manifest of the given bundles (URLs relative to the manifest's own). */
export function servedKitsManifest(bundles: readonly KitBundle[]): ServedKitsManifest {
  return {
    kits: bundles.map((b) => ({ id: b.id, url: `.${SERVED_KITS_PREFIX}${b.file}` })),
  };
}

/**
 * The boot module of the given bundles: imports each (module scripts run in order, so the app
 * that follows finds them all) and leaves them for the app under {@link SERVED_KITS_GLOBAL}.
 */
export function servedKitsBoot(bundles: readonly KitBundle[]): string {
  const imports = bundles.map(
    (b, i) => `import kit${String(i)} from ${JSON.stringify(`.${SERVED_KITS_PREFIX}${b.file}`)};`,
  );
  const entries = bundles.map(
    (b, i) =>
      `{ id: ${JSON.stringify(b.id)}, url: new URL(${JSON.stringify(`.${SERVED_KITS_PREFIX}${b.file}`)}, import.meta.url).href, kit: kit${String(i)} }`,
  );
  return `${imports.join('\n')}\nglobalThis[Symbol.for(${JSON.stringify(SERVED_KITS_GLOBAL)})] = [\n  ${entries.join(',\n  ')},\n];\n`;
}

/**
 * The app's page with the boot module's script tag before the app's own module script (or at
 * the end of its head), so that it runs first.
 */
export function withBootScript(html: string): string {
  const tag = `<script type="module" src=".${SERVED_KITS_BOOT}" data-ruleloom-served-kits></script>`;
  const at = html.search(/<script\b[^>]*type="module"/);
  if (at >= 0) return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
  const head = html.indexOf('</head>');
  return head >= 0 ? `${html.slice(0, head)}${tag}\n${html.slice(head)}` : `${tag}\n${html}`;
}

/**
 * Adds the web app's routes to a game server's Fastify app (before it listens): `/` and every
 * file of the app (its page with the boot module's script tag when kits are served),
 * `/served-kits.js`, `/served-kits.json` and each kit bundle. Pages, the boot module and the
 * list are revalidated on every load; hashed assets and bundles are cached for good.
 */
export function registerWebApp(
  app: GameServer['app'],
  files: ReadonlyMap<string, WebFile>,
  bundles: readonly KitBundle[],
): void {
  const routes = new Map<string, WebFile>(files);
  let index = files.get('/index.html');
  if (index !== undefined && bundles.length > 0) {
    index = { ...index, body: Buffer.from(withBootScript(index.body.toString('utf8'))) };
    routes.set('/index.html', index);
    routes.set(SERVED_KITS_BOOT, {
      body: Buffer.from(servedKitsBoot(bundles)),
      type: contentTypeOf('boot.js'),
      immutable: false,
    });
  }
  if (index !== undefined) routes.set('/', index);
  routes.set(SERVED_KITS_MANIFEST, {
    body: Buffer.from(JSON.stringify(servedKitsManifest(bundles))),
    type: contentTypeOf('served-kits.json'),
    immutable: false,
  });
  for (const b of bundles)
    routes.set(`${SERVED_KITS_PREFIX}${b.file}`, {
      body: b.code,
      type: contentTypeOf('kit.js'),
      immutable: true,
    });
  for (const [path, file] of routes)
    app.get(path, (_request, reply) =>
      reply
        .header('content-type', file.type)
        .header('x-content-type-options', 'nosniff')
        .header(
          'cache-control',
          file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .send(file.body),
    );
}
