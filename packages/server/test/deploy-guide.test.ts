import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playSeat } from './helpers/play-seat.js';
import { postgresAvailable, usePostgres } from './helpers/postgres-cluster.js';
import { freePorts } from '../../../test-utils/free-port.js';
import { findSystemBinary } from '../../../test-utils/system-binary.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const guide = readFileSync(`${root}/docs/guides/deploy.md`, 'utf8');
const cli = `${root}/packages/cli/dist/bin.js`;

/** The code block right after `<!-- deploy-test: name -->` in the deploy guide. */
function block(name: string): string {
  const marker = `<!-- deploy-test: ${name} -->`;
  const at = guide.indexOf(marker);
  if (at < 0) throw new Error(`the deploy guide has no block '${name}'`);
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(guide.slice(at + marker.length));
  if (m?.[1] === undefined) throw new Error(`no code block after '${name}'`);
  return m[1];
}

async function waitFor(url: string, ms = 40_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs a guide block with bash (the `ruleloom` alias of the guide defined), in its own group. */
function runBlock(code: string, env: Record<string, string>): ChildProcess & { output(): string } {
  const bash = findSystemBinary('bash');
  if (bash === undefined) throw new Error('bash is missing');
  const prelude = `set -e\nruleloom() { node ${JSON.stringify(cli)} "$@"; }\n`;
  const child = spawn(bash, ['-c', `${prelude}${code}\nwait`], {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  return Object.assign(child, { output: () => out });
}

/** Stops a block's whole process group (its servers and proxy). */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // gone
  }
}

const postgres = usePostgres();

describe('the deploy guide', () => {
  it('shows the files it runs, as they are', () => {
    for (const file of [
      'packages/server/deploy-example/proxy.mjs',
      'packages/server/deploy-example/app.mjs',
    ])
      expect(block(`file ${file}`)).toBe(readFileSync(`${root}/${file}`, 'utf8'));
    // The environment block names the variables the other blocks use.
    expect(block('env')).toMatch(/export DATABASE_URL=.*\nexport RULELOOM_SECRET=/);
  });
});

describe.skipIf(!postgresAvailable)('the deploy guide, run against a real PostgreSQL', () => {
  it('two `ruleloom serve` instances behind the proxy play a match; the mounted app shares the database', async () => {
    const db = postgres.createDatabase('deploy');
    // Four distinct ports (four probes one after another could be handed the same one).
    const [portA, portB, port, appPort] = (await freePorts(4)) as [number, number, number, number];
    const env = {
      DATABASE_URL: db,
      RULELOOM_SECRET: randomBytes(32).toString('hex'),
      PORT_A: String(portA),
      PORT_B: String(portB),
      PORT: String(port),
    };
    const instances = runBlock(block('two-instances'), env);
    let app: (ChildProcess & { output(): string }) | undefined;
    try {
      const proxy = `http://127.0.0.1:${String(port)}`;
      try {
        await waitFor(`http://127.0.0.1:${String(portA)}/health`);
        await waitFor(`http://127.0.0.1:${String(portB)}/health`);
        await waitFor(`${proxy}/health`);
      } catch (error) {
        throw new Error(`${String(error)}\n${instances.output()}`, { cause: error });
      }
      const created = (await (
        await fetch(`${proxy}/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ game: 'st-augustine', players: 2, options: { trading: 'off' } }),
        })
      ).json()) as { match: string; seats: { seat: number; token: string }[] };
      // Both seats through the proxy, which hands their sockets to the two instances in turn.
      const runs = await Promise.all(
        created.seats.map((s) => playSeat(proxy, created.match, s.token)),
      );
      expect(runs.every((r) => r.final.isOver)).toBe(true);
      expect(runs[0]?.final.result).toEqual(runs[1]?.final.result);
      const version = runs[0]?.final.version ?? 0;
      // Both instances know the finished match at the same version.
      for (const p of [portA, portB]) {
        const r = (await (
          await fetch(`http://127.0.0.1:${String(p)}/matches/${created.match}`)
        ).json()) as { version: number; status: string };
        expect(r).toMatchObject({ version, status: 'over' });
      }
      for (const r of runs) r.client.close();

      // The app of the guide, mounting the plugin, on the same database.
      app = runBlock(block('app'), { ...env, PORT: String(appPort) });
      const base = `http://127.0.0.1:${String(appPort)}`;
      try {
        await waitFor(`${base}/ruleloom/health`);
      } catch (error) {
        throw new Error(`${String(error)}\n${app.output()}`, { cause: error });
      }
      expect(await (await fetch(`${base}/`)).json()).toEqual({ site: 'my site' });
      const seen = (await (await fetch(`${base}/ruleloom/matches/${created.match}`)).json()) as {
        version: number;
      };
      expect(seen.version).toBe(version);
      const missing = await fetch(`${base}/ruleloom/no-such-route`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
      // A match created through the app is served by the instances behind the proxy.
      const made = (await (
        await fetch(`${base}/ruleloom/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ game: 'st-augustine', players: 2 }),
        })
      ).json()) as { match: string };
      const viaProxy = await fetch(`${proxy}/matches/${made.match}`);
      expect(viaProxy.status).toBe(200);
    } finally {
      if (app !== undefined) await stopGroup(app);
      await stopGroup(instances);
    }
  }, 180_000);
});
