import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  apiKeyAuthorizer,
  createGameServer,
  createPostgresStorage,
  createSqliteStorage,
  type HostedGame,
  type HostedVariant,
} from '@ruleloom/server';
import type { Command } from 'commander';
import { usageError } from '../errors.js';
import type { CliGame } from '../games/cli-game.js';
import { BUILT_IN_KITS, loadKit } from '../games/load-kit.js';
import { resolveCliGame } from '../games/registry.js';
import { collect } from '../setup/parse-options.js';
import { escapeControl } from '../terminal-text.js';
import { loadVariantFile, variantKitRef, variantModulesReady } from '../variant/variant-file.js';
import { bundleKitForBrowser, type KitBundle } from '../web/kit-bundle.js';
import { readWebApp, registerWebApp } from '../web/web-app-routes.js';
import type { CommandContext } from './context.js';
import { dataDirectory, ensureDataDirectory, ensurePrivateFile } from './data-dir.js';

/**
 * The flags of `ruleloom serve`.
 * @public
 */
export interface ServeFlags {
  readonly port: string;
  readonly host: string;
  readonly db?: string;
  /** `--data-dir <dir>`: where the default database and its secret go (see `dataDirectory`). */
  readonly dataDir?: string;
  readonly postgres?: string;
  /** `--games <ids>`: built-in games (default both shipped games, none when `--game` is given). */
  readonly games?: string;
  /** `--game <package-or-path>` (repeatable): a game kit to serve. */
  readonly game?: readonly string[];
  /** `--variant <file>` (repeatable): the variants clients may create matches with, by name. */
  readonly variant?: readonly string[];
  readonly secretFile?: string;
  readonly trustProxy?: string[];
  readonly createKeyFile?: string;
  readonly openCreate?: boolean;
  /** `--snapshot-every <n>`: store a state snapshot every n actions (default 100). */
  readonly snapshotEvery?: string;
  /** `--ipv6-client-prefix <bits>`: IPv6 clients count by this network size (default 64). */
  readonly ipv6ClientPrefix?: string;
  readonly quiet?: boolean;
  /**
   * `--web`: also serve the built web app at the same origin, with every hosted kit bundled
   * for the browser (its presenter), for online play and local play against bots.
   */
  readonly web?: boolean;
}

/** A game to serve from its kit: bot worker threads load the kit from its module. */
async function hostedKit(spec: string, cwd: string, flag: string): Promise<HostedGame> {
  const loaded = await loadKit(spec, { cwd });
  if (!loaded.ok) throw usageError(`${flag}: ${loaded.error.message}`);
  return { game: loaded.kit.game, module: loaded.ref };
}

/**
 * The built-in games whose kits (and boards of their own) the web app is built with: `--web`
 * bundles every other hosted kit for the browser.
 */
const WEB_APP_OWN_GAMES: ReadonlySet<string> = new Set(['st-augustine', 'colonial-florida']);

/** `--web`: each hosted kit the web app lacks, bundled for the browser (a usage error if not). */
async function webBundles(
  games: readonly HostedGame[],
  fromGamesFlag: number,
): Promise<KitBundle[]> {
  const bundles: KitBundle[] = [];
  for (const [i, hosted] of games.entries()) {
    const id = (hosted.game as { id: string }).id;
    if (i < fromGamesFlag && WEB_APP_OWN_GAMES.has(id)) continue;
    if (hosted.module === undefined) continue;
    const result = await bundleKitForBrowser(id, hosted.module);
    if (!result.ok) throw usageError(`--web: ${escapeControl(result.message)}`);
    bundles.push(result.bundle);
  }
  return bundles;
}

/** A path as a shell word for a command to copy (quoted unless plain). */
function shellWord(path: string): string {
  return /^[\w./@%+:,-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/**
 * Refuses a secret file that its group or others may read or write (any of the mode bits
 * 0o077): the secret signs every seat token. Windows has no such mode bits; nothing is checked
 * there.
 */
function assertPrivateSecretFile(file: string): void {
  if (process.platform === 'win32') return;
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0)
    throw usageError(
      `the secret file ${escapeControl(file)} has mode ${mode.toString(8).padStart(4, '0')}: its group or others may read or change it, and it signs every seat token. Make it private: chmod 600 ${escapeControl(shellWord(file))}`,
    );
}

/**
 * The HMAC secret: RULELOOM_SECRET, else a secret file (created, mode 0600, next to a new
 * database). A database that exists without its secret file is an error: a new secret would
 * lock every seat of every stored match out. A secret file its group or others may read is
 * refused (see {@link assertPrivateSecretFile}).
 */
function loadSecret(file: string | undefined, dbFile: string | undefined): string {
  const fromEnv = process.env.RULELOOM_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 16) throw usageError('RULELOOM_SECRET must be at least 16 characters');
    return fromEnv;
  }
  if (file === undefined)
    throw usageError(
      'with --postgres, set RULELOOM_SECRET (the same for every instance) or --secret-file',
    );
  if (!existsSync(file)) {
    if (dbFile !== undefined && existsSync(dbFile) && statSync(dbFile).size > 0)
      throw usageError(
        `the database ${dbFile} exists but its secret file ${file} is missing: restore the file (or set RULELOOM_SECRET to the secret it held). A new secret would make every stored seat token invalid, so none is made.`,
      );
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  assertPrivateSecretFile(file);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) throw usageError(`the secret in ${file} is shorter than 16 characters`);
  return secret;
}

/** `--snapshot-every`: a whole number of actions from 1 to 1,000,000 (undefined: the default). */
function snapshotEveryFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 1_000_000)
    throw usageError(
      `--snapshot-every: '${value.slice(0, 20)}' is not a whole number of actions from 1 to 1000000`,
    );
  return n;
}

/** `--ipv6-client-prefix`: a whole number of bits from 1 to 128 (undefined: the default). */
function ipv6PrefixFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= 1 && n <= 128))
    throw usageError(
      `--ipv6-client-prefix: '${escapeControl(value.slice(0, 20))}' is not a whole number of bits from 1 to 128`,
    );
  return n;
}

/** Whether an address to listen on is loopback only. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Creator API keys: RULELOOM_CREATE_KEYS (comma-separated), then a file with one key a line. */
function loadCreateKeys(file: string | undefined): string[] {
  const keys = (process.env.RULELOOM_CREATE_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (file !== undefined) {
    if (!existsSync(file)) throw usageError(`--create-key-file: ${file} does not exist`);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const k = line.trim();
      if (k !== '' && !k.startsWith('#')) keys.push(k);
    }
  }
  for (const k of keys)
    if (k.length < 16) throw usageError('a creator API key must be at least 16 characters');
  return keys;
}

async function serve(context: CommandContext, flags: ServeFlags): Promise<void> {
  const { io } = context;
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw usageError(`--port: '${flags.port}' is not a port number`);
  const snapshotEvery = snapshotEveryFlag(flags.snapshotEvery);
  const ipv6ClientPrefix = ipv6PrefixFlag(flags.ipv6ClientPrefix);
  if (flags.db !== undefined && flags.postgres !== undefined)
    throw usageError('give --db or --postgres, not both');
  // --web: the built app first (a CLI built without it says so before anything starts).
  const webApp = flags.web === true ? readWebApp() : undefined;
  if (webApp !== undefined && !webApp.ok) throw usageError(webApp.message);
  const kits = flags.game ?? [];
  const ids = (flags.games ?? (kits.length > 0 ? '' : 'st-augustine,colonial-florida'))
    .split(',')
    .map((g) => g.trim())
    .filter((g) => g !== '');
  const games: HostedGame[] = [];
  for (const id of ids) {
    if (!Object.hasOwn(BUILT_IN_KITS, id))
      throw usageError(
        `--games: unknown game '${id.slice(0, 40)}' (built-in: ${Object.keys(BUILT_IN_KITS).join(', ')}; serve any kit with --game <package-or-path>)`,
      );
    games.push(await hostedKit(id, io.cwd, '--games'));
  }
  // The kits named with --game, as the variant files may name them (by id or module path).
  const named: CliGame[] = [];
  for (const spec of kits) {
    games.push(await hostedKit(spec, io.cwd, '--game'));
    named.push(await resolveCliGame(spec, { cwd: io.cwd }));
  }
  if (games.length === 0) throw usageError('--games: name at least one game');
  const bundles = webApp === undefined ? [] : await webBundles(games, ids.length);
  const served = games.map((g) => (g.game as { id: string }).id);
  const variants: HostedVariant[] = [];
  for (const file of flags.variant ?? []) {
    const loaded = await loadVariantFile(file, io.cwd, { games: named });
    if (!served.includes(loaded.cliGame.id))
      throw usageError(
        `--variant: '${file}' is a variant of ${loaded.cliGame.id}, which this server does not host (hosted: ${served.join(', ')})`,
      );
    const name = loaded.cliGame.game.id;
    if (variants.some((v) => v.game === loaded.cliGame.id && v.name === name))
      throw usageError(`--variant: two variants of ${loaded.cliGame.id} are named '${name}'`);
    variants.push({
      game: loaded.cliGame.id,
      name,
      data: loaded.data,
      module: variantKitRef(loaded.cliGame),
    });
  }
  await variantModulesReady();
  // --db wins; else the data directory (created 0700) holds matches.sqlite and its secret.
  let inDataDir = false;
  let dbFile: string | undefined;
  if (flags.postgres === undefined) {
    if (flags.db !== undefined) dbFile = resolve(io.cwd, flags.db);
    else {
      const dir = dataDirectory(flags.dataDir, process.env, io.cwd);
      ensureDataDirectory(dir);
      dbFile = join(dir, 'matches.sqlite');
      inDataDir = true;
    }
  }
  const secret = loadSecret(
    flags.secretFile !== undefined
      ? resolve(io.cwd, flags.secretFile)
      : dbFile === undefined
        ? undefined
        : `${dbFile}.secret`,
    dbFile,
  );
  if (inDataDir && dbFile !== undefined) ensurePrivateFile(dbFile);
  const keys = loadCreateKeys(
    flags.createKeyFile === undefined ? undefined : resolve(io.cwd, flags.createKeyFile),
  );
  // Anonymous creation: on by default only on loopback (a local game); elsewhere a key or
  // --open-create is needed.
  const allowAnonymous = flags.openCreate === true || (keys.length === 0 && isLoopback(flags.host));
  if (keys.length === 0 && !allowAnonymous)
    throw usageError(
      `--host ${flags.host} is not loopback: give creator keys (--create-key-file or RULELOOM_CREATE_KEYS), or --open-create to let anyone create matches`,
    );
  const trustProxy = (flags.trustProxy ?? [])
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const snapshots = snapshotEvery === undefined ? {} : { snapshotEvery };
  const storage =
    flags.postgres !== undefined
      ? createPostgresStorage({ connection: flags.postgres, ...snapshots })
      : createSqliteStorage({ file: dbFile as string, ...snapshots });
  const server = await createGameServer({
    games,
    variants,
    storage,
    secret,
    authorizeCreate: apiKeyAuthorizer({ keys, allowAnonymous }),
    ...(trustProxy.length > 0 ? { trustProxy } : {}),
    ...(ipv6ClientPrefix === undefined ? {} : { limits: { ipv6ClientPrefix } }),
    logger: flags.quiet === true ? false : { level: 'info' },
  });
  if (webApp?.ok === true) registerWebApp(server.app, webApp.files, bundles);
  const url = await server.listen({ port, host: flags.host });
  // Game ids come from kits and variant names from files: printed escaped.
  const allowed = variants.map((v) => escapeControl(`${v.game}/${String(v.name)}`));
  io.out(
    `ruleloom server listening on ${url} (games: ${served.map(escapeControl).join(', ')}${allowed.length > 0 ? `; variants: ${allowed.join(', ')}` : ''}; storage: ${dbFile === undefined ? 'PostgreSQL' : escapeControl(dbFile)}${webApp === undefined ? '' : `; web app: ${url}/`})\n`,
  );
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().finally(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * Adds `ruleloom serve` to the program.
 * @public
 */
export function registerServeCommand(program: Command, context: CommandContext): void {
  program
    .command('serve')
    .description(
      'run the multiplayer server: both games, an embedded SQLite file, zero configuration',
    )
    .option('--port <n>', 'TCP port (0: any free port)', '8080')
    .option('--host <h>', 'address to listen on (0.0.0.0 for every interface)', '127.0.0.1')
    .option(
      '--db <file.sqlite>',
      'SQLite file for matches (default <data-dir>/matches.sqlite; wins over --data-dir)',
    )
    .option(
      '--data-dir <dir>',
      'where the default database and secret go, created 0700 (default $RULELOOM_DATA_DIR, else $XDG_DATA_HOME/ruleloom, else ~/.local/share/ruleloom)',
    )
    .option('--postgres <url>', 'PostgreSQL instead of SQLite; several servers may share it')
    .option(
      '--games <ids>',
      'comma-separated built-in games to host (default: st-augustine,colonial-florida; none with --game)',
    )
    .option(
      '--game <package-or-path>',
      'a game kit to host: an installed package or a path to a module whose default export is a kit (repeatable)',
      collect,
      [],
    )
    .option(
      '--variant <file>',
      'a variant file (JSON or YAML) clients may create matches with, by its id ("variant": "<id>"); repeatable: the allow-list',
      collect,
      [],
    )
    .option('--secret-file <file>', 'file holding the token secret (default <db>.secret, created)')
    .option(
      '--trust-proxy <cidr>',
      'believe X-Forwarded-For from this proxy address or CIDR (repeatable, or comma-separated)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--create-key-file <file>',
      'creator API keys, one a line: POST /matches needs Authorization: Bearer <key>',
    )
    .option(
      '--ipv6-client-prefix <bits>',
      'per-client limits count an IPv6 client by its network of this many bits (1 to 128; default 64); IPv4 by its address',
    )
    .option('--open-create', 'let anyone create matches, also when not on loopback')
    .option(
      '--snapshot-every <n>',
      'store a state snapshot every n actions (1 to 1000000; default 100): a match loads from its newest snapshot',
    )
    .option(
      '--web',
      'also serve the web app at the same origin, with every --game kit bundled for the browser (its board text, narration and choice labels): online play and local play against bots',
    )
    .option('--quiet', 'no request logs')
    .addHelpText(
      'after',
      `
Without --db or --postgres, matches go to matches.sqlite in the data directory (--data-dir,
else RULELOOM_DATA_DIR, else $XDG_DATA_HOME/ruleloom, else ~/.local/share/ruleloom; created
mode 0700, the files 0600), never into the current directory.
Seat tokens are signed with RULELOOM_SECRET when it is set, else with a secret kept in a file
next to the database (mode 0600; a database without its secret file is refused, and so is a
secret file its group or others may read: chmod 600 it). Every
instance on one PostgreSQL needs the same RULELOOM_SECRET. On loopback anyone may create
matches; on any other address creating needs a creator key (RULELOOM_CREATE_KEYS or
--create-key-file) unless --open-create is given. Behind a reverse proxy give its address
with --trust-proxy so limits count real clients (an IPv6 client by its /64, see
--ipv6-client-prefix). Every --snapshot-every actions (and at
the end of a match) the state is stored, so loading a match reads its newest snapshot and
the actions after it, not its whole history; smaller values load faster and store more.
Protocol: docs/guides/server-protocol.md. Deployment: docs/guides/deploy.md.

Examples:
  $ ruleloom serve
  $ ruleloom serve --port 9000 --db games.sqlite --games st-augustine
  $ ruleloom serve --db games.sqlite --snapshot-every 50
  $ ruleloom serve --game ./liars-dice.mjs --game my-game-package
  $ ruleloom serve --game ./my-game.mjs --web
  $ ruleloom serve --variant cheap-monopolies.yaml --variant no-trading.yaml
  $ RULELOOM_SECRET=... RULELOOM_CREATE_KEYS=... ruleloom serve --host 0.0.0.0 \\
      --trust-proxy 10.0.0.5 --postgres postgres://ruleloom@db/ruleloom`,
    )
    .action(async (flags: ServeFlags) => serve(context, flags));
}
