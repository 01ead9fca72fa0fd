import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SECRET } from './start-server.js';

const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A server instance in a process of its own (the built package), so a test can SIGKILL it. */
export interface ChildInstance {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
}

/** Starts `createGameServer` with PostgreSQL storage in a child process on 127.0.0.1. */
export async function startChildInstance(db: string, snapshotEvery = 100): Promise<ChildInstance> {
  const script = `
    const { createGameServer, createPostgresStorage } = await import(${JSON.stringify(dist)});
    const { stAugustine } = await import('@ruleloom/st-augustine');
    const { colonialFlorida } = await import('@ruleloom/colonial-florida');
    const server = await createGameServer({
      games: [
        { game: stAugustine, module: { module: '@ruleloom/st-augustine', export: 'stAugustine' } },
        { game: colonialFlorida, module: { module: '@ruleloom/colonial-florida', export: 'colonialFlorida' } },
      ],
      secret: ${JSON.stringify(SECRET)},
      storage: createPostgresStorage({ connection: ${JSON.stringify(db)}, poolSize: 4, snapshotEvery: ${String(snapshotEvery)} }),
    });
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    console.log('LISTENING ' + url);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${err}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /LISTENING (\S+)/.exec(out);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${String(code)}): ${err}`));
    });
  });
  return {
    url,
    child,
    kill() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
  };
}
