import { parentPort } from 'node:worker_threads';
import { createBatch, EngineRequestError, GameGroup, type GroupSetup } from './game-group.js';
import { callGroup } from './group-host.js';
import type { EngineHost } from './host.js';

// One worker thread of the engine: hosts a slice of a group's games and answers the engine
// thread's requests in order (see group-host.ts).

type Request =
  | { type: 'create'; setup: GroupSetup; first: number; count: number }
  | { type: 'reset'; seeds: Float64Array; maskMode: number }
  | { type: 'step'; actions: Int32Array; maskMode: number }
  | { type: 'observe'; env: number; seat: number; maskMode: number }
  | { type: 'call'; method: string; env: number; args: unknown[] };

/**
 * Runs an engine worker thread: call it from the module whose URL the host passes to
 * `serveEngine` (`workerUrl`), with a host that finds the same games as the engine thread's.
 * It hosts a slice of one group's games and answers the engine thread's requests in order
 * until the thread is terminated. Does nothing outside a worker thread.
 * @public
 */
export function runEngineWorker(host: EngineHost): void {
  const port = parentPort;
  if (port === null) return;
  let group: GameGroup | undefined;
  let queue: Promise<void> = Promise.resolve();

  const need = (): GameGroup => {
    if (group === undefined) throw new EngineRequestError('bad_request', 'the worker has no group');
    return group;
  };

  const handle = async (request: Request): Promise<unknown> => {
    switch (request.type) {
      case 'create':
        group = new GameGroup(
          await host.resolveGame(request.setup.game),
          request.setup,
          request.first,
          request.count,
        );
        return null;
      case 'reset': {
        const g = need();
        const out = createBatch(g.size, g.players, g.obsSize, g.actionSize, request.maskMode);
        await g.reset(request.seeds, out);
        return out;
      }
      case 'step': {
        const g = need();
        const out = createBatch(g.size, g.players, g.obsSize, g.actionSize, request.maskMode);
        await g.step(request.actions, out);
        return out;
      }
      case 'observe': {
        const g = need();
        const out = createBatch(1, g.players, g.obsSize, g.actionSize, request.maskMode);
        g.observe(request.env, request.seat, out);
        return out;
      }
      case 'call':
        return callGroup(need(), request.method, request.env, request.args);
    }
  };

  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      try {
        port.postMessage({ ok: true, value: await handle(request) });
      } catch (error) {
        port.postMessage({
          ok: false,
          code: error instanceof EngineRequestError ? error.code : 'engine_error',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });
  });
}
