import { Worker } from 'node:worker_threads';
import {
  createBatch,
  EngineRequestError,
  GameGroup,
  type BatchOut,
  type GroupSetup,
} from './game-group.js';
import type { EngineHost } from './host.js';

/**
 * A group as the stdio host drives it: in the engine's own thread, or split over worker
 * threads (each hosting a slice of the games).
 * @public
 */
export interface HostedGroup {
  readonly players: number;
  readonly obsSize: number;
  readonly actionSize: number;
  readonly size: number;
  describe(): Record<string, unknown>;
  reset(seeds: Float64Array, maskMode: number): Promise<BatchOut>;
  step(actions: Int32Array, maskMode: number): Promise<BatchOut>;
  observe(env: number, seat: number, maskMode: number): Promise<BatchOut>;
  /** A per-game JSON command (`save`, `render`, `history`...), run where game `env` lives. */
  call(method: string, env: number, args: readonly unknown[]): Promise<unknown>;
  /**
   * A new group of `num` independent copies of game `env` at its current state (no replay);
   * only for a group in the engine thread (`workers` 1).
   */
  cloneGame(env: number, num: number): HostedGroup;
  close(): Promise<void>;
}

/**
 * Calls a per-game method of a {@link GameGroup} by name (the JSON commands).
 * @public
 */
export async function callGroup(
  group: GameGroup,
  method: string,
  env: number,
  args: readonly unknown[],
): Promise<unknown> {
  switch (method) {
    case 'save':
      return group.save(env);
    case 'restore':
      await group.restore(env, args[0]);
      return { seat: group.seatOf(env) };
    case 'render':
      return group.render(env, typeof args[0] === 'number' ? args[0] : 'spectator');
    case 'history':
      return group.history(env, Number(args[0]));
    case 'chance':
      return group.chance(env, typeof args[0] === 'number' ? args[0] : 'spectator');
    case 'chanceNode':
      return group.chanceNode(env, typeof args[0] === 'number' ? args[0] : 'spectator');
    case 'applyChance':
      return group.applyChance(env, args[0]);
    case 'chanceLog':
      return group.chanceLog(env);
    case 'undo':
      return group.undo(env);
    case 'legal':
      return group.legal(env);
    case 'decode':
      return group.decode(env, Number(args[0]), typeof args[1] === 'number' ? args[1] : undefined);
    case 'encodeAction':
      return group.encodeAction(env, args[0]);
    case 'result':
      return group.result(env);
    case 'seat':
      return group.seatOf(env);
    case 'layout':
      return group.layoutNames();
    case 'returns':
      return group.returns(env);
    case 'infoTensor':
      return group.infoTensor(env, Number(args[0]));
    case 'infoTensorNames':
      return group.infoTensorNames();
    default:
      throw new EngineRequestError('bad_request', `unknown command '${method}'`);
  }
}

class LocalGroup implements HostedGroup {
  constructor(private readonly group: GameGroup) {}
  get players(): number {
    return this.group.players;
  }
  get obsSize(): number {
    return this.group.obsSize;
  }
  get actionSize(): number {
    return this.group.actionSize;
  }
  get size(): number {
    return this.group.size;
  }
  describe(): Record<string, unknown> {
    return { ...this.group.describe(), workers: 1 };
  }
  async reset(seeds: Float64Array, maskMode: number): Promise<BatchOut> {
    const out = this.batch(this.group.size, maskMode);
    await this.group.reset(seeds, out);
    return out;
  }
  async step(actions: Int32Array, maskMode: number): Promise<BatchOut> {
    const out = this.batch(this.group.size, maskMode);
    await this.group.step(actions, out);
    return out;
  }
  observe(env: number, seat: number, maskMode: number): Promise<BatchOut> {
    const out = this.batch(1, maskMode);
    this.group.observe(env, seat, out);
    return Promise.resolve(out);
  }
  call(method: string, env: number, args: readonly unknown[]): Promise<unknown> {
    return callGroup(this.group, method, env, args);
  }
  cloneGame(env: number, num: number): HostedGroup {
    return new LocalGroup(this.group.cloneGames(env, num));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  private batch(n: number, maskMode: number): BatchOut {
    const g = this.group;
    return createBatch(n, g.players, g.obsSize, g.actionSize, maskMode, true);
  }
}

/** A message a worker answers: a result or an error. */
type WorkerReply =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: string; readonly message: string };

class WorkerClient {
  private pending: ((reply: WorkerReply) => void)[] = [];
  private failure: Error | undefined;
  constructor(readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      const resolve = this.pending.shift();
      resolve?.(reply);
    });
    const fail = (error: Error): void => {
      this.failure = error;
      for (const resolve of this.pending.splice(0))
        resolve({ ok: false, code: 'worker_failed', message: error.message });
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`an engine worker thread exited (code ${String(code)})`));
    });
  }
  request(message: unknown, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.failure !== undefined)
      return Promise.reject(new EngineRequestError('worker_failed', this.failure.message));
    return new Promise((resolve, reject) => {
      this.pending.push((reply) => {
        if (reply.ok) resolve(reply.value);
        else reject(new EngineRequestError(reply.code, reply.message));
      });
      this.worker.postMessage(message, transfer);
    });
  }
}

class ThreadedGroup implements HostedGroup {
  constructor(
    private readonly info: Record<string, unknown>,
    private readonly clients: readonly WorkerClient[],
    private readonly slices: readonly { first: number; count: number }[],
    readonly players: number,
    readonly obsSize: number,
    readonly actionSize: number,
    readonly size: number,
  ) {}
  describe(): Record<string, unknown> {
    return { ...this.info, workers: this.clients.length };
  }
  private async fanOut(
    make: (slice: { first: number; count: number }) => unknown,
    maskMode: number,
  ): Promise<BatchOut> {
    const parts = (await Promise.all(
      this.clients.map((c, w) =>
        c.request(make(this.slices[w] as { first: number; count: number })),
      ),
    )) as BatchOut[];
    const out = createBatch(this.size, this.players, this.obsSize, this.actionSize, maskMode);
    parts.forEach((part, w) => {
      const { first } = this.slices[w] as { first: number };
      out.seats.set(part.seats, first);
      out.flags.set(part.flags, first);
      out.rewards.set(part.rewards, first * this.players);
      out.obs.set(part.obs, first * this.obsSize);
      if (out.mask !== null && part.mask !== null) out.mask.set(part.mask, first * this.actionSize);
      if (out.counts !== null && part.counts !== null) out.counts.set(part.counts, first);
      for (const index of part.indices) out.indices.push(index);
    });
    return out;
  }
  reset(seeds: Float64Array, maskMode: number): Promise<BatchOut> {
    return this.fanOut(
      (s) => ({ type: 'reset', seeds: seeds.slice(s.first, s.first + s.count), maskMode }),
      maskMode,
    );
  }
  step(actions: Int32Array, maskMode: number): Promise<BatchOut> {
    return this.fanOut(
      (s) => ({ type: 'step', actions: actions.slice(s.first, s.first + s.count), maskMode }),
      maskMode,
    );
  }
  private where(env: number): { client: WorkerClient; local: number } {
    const w = this.slices.findIndex((s) => env >= s.first && env < s.first + s.count);
    if (w < 0 || !Number.isInteger(env))
      throw new EngineRequestError(
        'bad_request',
        `there is no game ${String(env)} (the group has ${String(this.size)})`,
      );
    return {
      client: this.clients[w] as WorkerClient,
      local: env - (this.slices[w] as { first: number }).first,
    };
  }
  async observe(env: number, seat: number, maskMode: number): Promise<BatchOut> {
    const { client, local } = this.where(env);
    return (await client.request({ type: 'observe', env: local, seat, maskMode })) as BatchOut;
  }
  call(method: string, env: number, args: readonly unknown[]): Promise<unknown> {
    const { client, local } = this.where(env);
    return client.request({ type: 'call', method, env: local, args });
  }
  cloneGame(): HostedGroup {
    throw new EngineRequestError(
      'unsupported',
      `clone copies games of a group in the engine thread: this group is split over ${String(this.clients.length)} worker threads (create it with workers: 1)`,
    );
  }
  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.worker.terminate()));
  }
}

/**
 * Creates a group of games for a client: in this thread, or (with `workers` above 1 and
 * enough games) split over worker threads that run `workerUrl` (a module that calls
 * `runEngineWorker` with a host that finds the same games as `host`).
 * @public
 */
export async function createHostedGroup(
  host: EngineHost,
  setup: GroupSetup,
  workerUrl: URL,
): Promise<HostedGroup> {
  const engineGame = await host.resolveGame(setup.game);
  const num = setup.num ?? 1;
  if (!Number.isInteger(num) || num < 1 || num > 1 << 16)
    throw new EngineRequestError('invalid_setup', `num must be a whole number from 1 to 65536`);
  const probe = new GameGroup(engineGame, { ...setup, num }, 0, Math.min(num, 1));
  const workers = Math.max(1, Math.min(setup.workers ?? 1, num, 16));
  if (workers === 1) return new LocalGroup(new GameGroup(engineGame, { ...setup, num }));
  const slices = Array.from({ length: workers }, (_, w) => {
    const first = Math.floor((num * w) / workers);
    return { first, count: Math.floor((num * (w + 1)) / workers) - first };
  });
  const clients = slices.map(() => {
    // A kit's console.log in a worker goes to stderr, never into the engine's frames.
    const worker = new Worker(workerUrl, { stdout: true });
    worker.stdout.pipe(process.stderr, { end: false });
    return new WorkerClient(worker);
  });
  try {
    await Promise.all(
      clients.map((c, w) => c.request({ type: 'create', setup: { ...setup, num }, ...slices[w] })),
    );
  } catch (error) {
    await Promise.all(clients.map((c) => c.worker.terminate()));
    throw error;
  }
  return new ThreadedGroup(
    probe.describe(),
    clients,
    slices,
    probe.players,
    probe.obsSize,
    probe.actionSize,
    num,
  );
}
