import type { Bot } from '@ruleloom/bots';
import {
  actionIndices,
  createEngine,
  createMatch,
  diceDistribution,
  encodeObservation,
  observationFor,
  observationNames,
  parseDice,
  redactEvent,
  restoreMatch,
  Rng,
  takeBackRefusal,
  type ActionBase,
  type ChanceLog,
  type ChanceNode,
  type Engine,
  type Game,
  type GameEvent,
  type GameObservation,
  type GameView,
  type MatchState,
  type SavedMatch,
} from '@ruleloom/core';
import type { EngineGame } from './host.js';
import { align4, BATCH_HEADER, batchFixedBytes, ENV_FLAGS, MASK_MODES } from './protocol.js';

/**
 * What a Python environment asks the engine to host: `num` games of one game and setup, the
 * seats Python decides for (`controlled`, default every seat) and the built-in bots that play
 * the others (`opponents`, by the command line's bot names, one per uncontrolled seat in seat
 * order, or one for all).
 * @public
 */
export interface GroupSetup {
  readonly game: string;
  readonly num?: number;
  readonly players?: number;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly seed?: number;
  readonly controlled?: readonly number[];
  readonly opponents?: readonly string[];
  readonly autoReset?: boolean;
  /** Record the chance outcomes (dice) of each step, for `chance` (costs the events). */
  readonly chance?: boolean;
  /**
   * Stop at every chance node (each draw with more than one outcome, setup's included) until
   * the client chooses its outcome (`applyChance`); the batch's seat is then
   * {@link CHANCE_SEAT}. Off: chance is drawn from the seed inside the engine.
   */
  readonly chanceNodes?: boolean;
  /** Worker threads to split the games over (the stdio host handles it; 1 = in the engine thread). */
  readonly workers?: number;
}

/**
 * An error the engine reports to its client as a value (`{ code, message }`).
 * @public
 */
export class EngineRequestError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'EngineRequestError';
    this.code = code;
  }
}

/**
 * A batch of results, one entry per game: the awaited seat (-1 when over, -2 at a chance node), flags, rewards,
 * observations and legal actions.
 * @public
 */
export interface BatchOut {
  readonly seats: Int32Array;
  readonly flags: Uint8Array;
  readonly rewards: Float32Array;
  readonly obs: Float32Array;
  readonly mask: Uint8Array | null;
  readonly counts: Int32Array | null;
  readonly indices: number[];
  /**
   * The whole reply frame (length prefix included) when the arrays above are views into it
   * (dense and no-mask batches made by {@link createBatch} with `inFrame`): the stdio host
   * then only writes the header, with no copy.
   */
  readonly frame?: Buffer;
}

/**
 * The seat a batch reply gives for a game stopped at a chance node (groups made with
 * `chanceNodes`): the client applies an outcome (`applyChance`) before anyone acts.
 * @public
 */
export const CHANCE_SEAT = -2;

/** A step (or setup: `action` null) stopped at a chance node, and the outcomes chosen so far. */
interface Pending {
  readonly seat: number;
  readonly action: ActionBase | null;
  readonly index: number;
  chosen: number[];
  node: ChanceNode;
}

/**
 * One chance outcome a game drew (dice), as the `chance` command reports it: the event's type
 * and its fields, or `{ type, hidden: true }` when the asking seat may not know it.
 * @public
 */
export interface ChanceRecord {
  readonly type: string;
  readonly [field: string]: unknown;
}

interface SlotAction {
  readonly seat: number;
  readonly action: ActionBase;
  readonly index: number;
  readonly chance?: readonly number[];
  readonly botRngs?: readonly Rng[];
}

interface Slot {
  state: MatchState;
  seed: number;
  nextSeed: number;
  /** The seat Python must decide for, or -1 when the game is over. */
  seat: number;
  legal: readonly ActionBase[];
  indices: Int32Array;
  /**
   * Every action so far, with its index for the seat that took it (-1 when a bot chose it),
   * in a `chanceNodes` group the outcomes chosen during its step, and, for a controlled seat's
   * action in a group with bots, the bots' generators before it (what an undo restores).
   */
  actions: SlotAction[];
  /** The step or setup stopped at a chance node (`chanceNodes` groups), else null. */
  pending: Pending | null;
  /** The outcomes chosen during setup (`chanceNodes` groups). */
  setupChance: readonly number[];
  rngs: Rng[];
  chance: GameEvent[];
  /** Each seat's declared reward so far at the last reply (`observation.reward`), or null. */
  earned: Float64Array | null;
  /** Each seat's declared reward at the episode's first reply (the base of `returns`), or null. */
  startEarned: Float64Array | null;
}

/**
 * A batch for `n` games of a group's sizes. With `inFrame` (and a dense or no mask), the
 * arrays are views into one reply frame laid out as the protocol sends it, so the host sends it without copying: one allocation per reply.
 * @public
 */
export function createBatch(
  n: number,
  players: number,
  obsSize: number,
  actionSize: number,
  maskMode: number,
  inFrame = false,
): BatchOut {
  if (inFrame && maskMode !== MASK_MODES.sparse) {
    const length = batchFixedBytes(n, players, obsSize, actionSize, maskMode);
    // Not zero-filled: every section below is zeroed or fully written before it is sent.
    const frame = Buffer.allocUnsafe(4 + length);
    frame.fill(0, 0, 4 + BATCH_HEADER);
    // The body starts at byte 4 of the frame; sections are 4-aligned relative to the body.
    const base = frame.byteOffset + 4 + BATCH_HEADER;
    if (base % 4 !== 0) return createBatch(n, players, obsSize, actionSize, maskMode);
    const buffer = frame.buffer;
    const seats = new Int32Array(buffer, base, n);
    const flags = new Uint8Array(buffer, base + n * 4, align4(n)).fill(0).subarray(0, n);
    const rewardsAt = base + n * 4 + align4(n);
    const rewards = new Float32Array(buffer, rewardsAt, n * players).fill(0);
    const obs = new Float32Array(buffer, rewardsAt + n * players * 4, n * obsSize).fill(0);
    const maskAt = rewardsAt + n * players * 4 + n * obsSize * 4;
    const mask =
      maskMode === MASK_MODES.dense
        ? new Uint8Array(buffer, maskAt, align4(n * actionSize)).fill(0).subarray(0, n * actionSize)
        : null;
    return { seats, flags, rewards, obs, mask, counts: null, indices: [], frame };
  }
  return {
    seats: new Int32Array(n),
    flags: new Uint8Array(n),
    rewards: new Float32Array(n * players),
    obs: new Float32Array(n * obsSize),
    mask: maskMode === MASK_MODES.dense ? new Uint8Array(n * actionSize) : null,
    counts: maskMode === MASK_MODES.sparse ? new Int32Array(n) : null,
    indices: [],
  };
}

/** A chance node's outcomes as `[outcome, probability]` pairs (no values: any viewer may have them). */
function outcomePairs(node: ChanceNode): [number, number][] {
  return node.outcomes.map((o) => [o.outcome, o.probability]);
}

function chanceOf(event: GameEvent): ChanceRecord | undefined {
  if (event.type === 'roll' && typeof event.dice === 'string') {
    const spec = parseDice(event.dice);
    const total = Number(event.total);
    const distribution = spec === undefined ? [] : diceDistribution(spec);
    const sides = spec?.sides ?? 0;
    return {
      type: 'roll',
      dice: event.dice,
      values: event.values,
      total,
      ...(event.reason === undefined ? {} : { reason: event.reason }),
      valueProbability: sides > 0 ? 1 / sides : null,
      totalProbability: distribution.find((o) => o.outcome === total)?.probability ?? null,
      distribution,
    };
  }
  if (event.type === 'randomInt') {
    const min = Number(event.min);
    const max = Number(event.max);
    return {
      type: 'randomInt',
      min,
      max,
      value: event.value,
      ...(event.reason === undefined ? {} : { reason: event.reason }),
      probability: 1 / (max - min + 1),
    };
  }
  return undefined;
}

/**
 * `num` games of one game and setup, stepped together: the engine side of the Python
 * environments. Python decides for the controlled seats by action index; the others are
 * played by built-in bots inside this process.
 * @public
 */
export class GameGroup {
  /** The game this group hosts. */
  readonly engineGame: EngineGame;
  readonly players: number;
  readonly observation: GameObservation;
  readonly controlled: readonly boolean[];
  readonly autoReset: boolean;
  readonly collectChance: boolean;
  /** Whether games stop at chance nodes (see {@link GroupSetup.chanceNodes}). */
  readonly chanceNodes: boolean;
  readonly options: Readonly<Record<string, unknown>>;
  /** The setup this group was made from (a clone is made from it too). */
  readonly setup: GroupSetup;
  private engine: Engine<unknown, ActionBase, unknown>;
  private readonly game: Game;
  private readonly bots: (Bot | undefined)[];
  /** Whether built-in bots play some seats. */
  private readonly hasBots: boolean;
  private readonly slots: Slot[];
  private readonly events: GameEvent[] = [];

  /**
   * @param first - the index of this group's first game in the whole batch (a worker hosts a slice)
   * @param count - how many games this group hosts (default: all of `setup.num`)
   */
  constructor(engineGame: EngineGame, setup: GroupSetup, first = 0, count = setup.num ?? 1) {
    this.engineGame = engineGame;
    this.setup = setup;
    this.game = engineGame.game as Game;
    this.players = setup.players ?? engineGame.defaultPlayers;
    this.options = setup.options ?? {};
    // A game without observation features gets the default encoding derived from its zones
    // and view fields (see `defaultObservation` in core).
    try {
      this.observation = observationFor(this.game, {
        players: this.players,
        options: this.options,
      });
    } catch (error) {
      throw new EngineRequestError(
        'invalid_setup',
        error instanceof Error ? error.message : String(error),
      );
    }
    try {
      this.engine = createEngine(this.game, {
        players: this.players,
        options: this.options,
      }) as Engine<unknown, ActionBase, unknown>;
    } catch (error) {
      throw new EngineRequestError(
        'invalid_setup',
        error instanceof Error ? error.message : String(error),
      );
    }
    const controlled = setup.controlled ?? Array.from({ length: this.players }, (_, s) => s);
    for (const s of controlled)
      if (!Number.isInteger(s) || s < 0 || s >= this.players)
        throw new EngineRequestError(
          'invalid_setup',
          `controlled seat ${String(s)} is not a seat of a ${String(this.players)}-player game`,
        );
    this.controlled = Array.from({ length: this.players }, (_, s) => controlled.includes(s));
    const others = this.controlled.flatMap((c, s) => (c ? [] : [s]));
    const names = setup.opponents ?? ['random'];
    if (others.length > 0 && names.length !== 1 && names.length !== others.length)
      throw new EngineRequestError(
        'invalid_setup',
        `${String(names.length)} opponents for ${String(others.length)} seats not controlled by Python: give one for all or one per seat`,
      );
    this.hasBots = others.length > 0;
    this.bots = Array.from({ length: this.players }, () => undefined);
    others.forEach((seat, k) => {
      const name = names.length === 1 ? (names[0] as string) : (names[k] as string);
      try {
        this.bots[seat] = engineGame.createBot(name);
      } catch (error) {
        throw new EngineRequestError(
          'invalid_setup',
          error instanceof Error ? error.message : String(error),
        );
      }
    });
    this.autoReset = setup.autoReset ?? false;
    this.collectChance = setup.chance ?? false;
    this.chanceNodes = setup.chanceNodes ?? false;
    this.totalGames = setup.num ?? 1;
    const base = setup.seed ?? 0;
    this.slots = Array.from({ length: count }, (_, k) => this.newSlot(base + first + k));
  }

  /** How many games the whole group has (its slice here may be smaller in a worker). */
  readonly totalGames: number;

  /** Games hosted here. */
  get size(): number {
    return this.slots.length;
  }

  /** Length of an observation. */
  get obsSize(): number {
    return this.observation.size;
  }

  /** Size of the action index space. */
  get actionSize(): number {
    return this.observation.actions.size;
  }

  private newSlot(seed: number): Slot {
    return {
      state: this.engine.clone(this.engine.initialState(seed).state),
      seed,
      nextSeed: seed,
      seat: -1,
      legal: [],
      indices: new Int32Array(0),
      actions: [],
      rngs: this.botRngs(seed),
      chance: [],
      earned: null,
      startEarned: null,
      pending: null,
      setupChance: [],
    };
  }

  /** An independent copy of a slot: state, seeds, history, bot generators. */
  private copySlot(slot: Slot): Slot {
    return {
      state: this.engine.clone(slot.state),
      seed: slot.seed,
      nextSeed: slot.nextSeed,
      seat: slot.seat,
      legal: slot.legal,
      indices: slot.indices.slice(),
      actions: slot.actions.slice(),
      rngs: slot.rngs.map((r) => r.clone()),
      chance: slot.chance.slice(),
      earned: slot.earned === null ? null : slot.earned.slice(),
      startEarned: slot.startEarned === null ? null : slot.startEarned.slice(),
      pending:
        slot.pending === null ? null : { ...slot.pending, chosen: slot.pending.chosen.slice() },
      setupChance: slot.setupChance,
    };
  }

  /**
   * A new group of `num` independent copies of game `env`, each at the same state with the
   * same seeds, history and bots' generators (no replay): given the same actions, every copy
   * and the original continue identically. The copies reset with the seeds the original would.
   */
  cloneGames(env: number, num: number): GameGroup {
    const source = this.slot(env);
    const copy = new GameGroup(this.engineGame, { ...this.setup, num: this.totalGames }, 0, 0);
    copy.engine = this.engine;
    (copy as { players: number }).players = this.players;
    for (let k = 0; k < num; k++) copy.slots.push(this.copySlot(source));
    return copy;
  }

  private botRngs(seed: number): Rng[] {
    const root = Rng.fromSeed(seed);
    return Array.from({ length: this.players }, (_, s) => root.fork(`bot-${String(s)}`));
  }

  private slot(env: number): Slot {
    const slot = this.slots[env];
    if (slot === undefined || !Number.isInteger(env))
      throw new EngineRequestError(
        'bad_request',
        `there is no game ${String(env)} (the group has ${String(this.slots.length)})`,
      );
    return slot;
  }

  private startEpisode(slot: Slot, seed: number): void {
    slot.seed = seed;
    slot.nextSeed = seed + this.totalGames;
    slot.pending = null;
    slot.setupChance = [];
    const seeded = this.engine.initialState(seed).state;
    if (this.chanceNodes) {
      const r = this.engine.initialStateWithChance(seed, []);
      if (!r.ok) throw new EngineRequestError(r.error.code, r.error.message);
      // At a setup chance node there is no state yet: the seeded one stands in, never shown
      // (`exposed` refuses to read it, and observations are zeros).
      if (!r.done) slot.pending = { seat: -1, action: null, index: -1, chosen: [], node: r.node };
      else slot.state = this.engine.clone(r.state);
    }
    if (slot.pending !== null || !this.chanceNodes) slot.state = this.engine.clone(seeded);
    slot.actions = [];
    slot.rngs = this.botRngs(seed);
    slot.chance = [];
    slot.seat = -1;
    slot.earned = null;
    slot.startEarned = null;
  }

  private stepIn(
    slot: Slot,
    seat: number,
    action: ActionBase,
    trusted: boolean,
    index: number,
  ): void {
    if (this.chanceNodes) {
      this.stepWithChance(slot, { seat, action, index, chosen: [] });
      return;
    }
    const events = this.collectChance ? this.events : false;
    if (events !== false) events.length = 0;
    const botRngs = this.botRngsBefore(slot, seat);
    const r = trusted
      ? this.engine.step(slot.state, seat, action, events, true)
      : this.engine.step(slot.state, seat, action, events);
    if (!r.ok)
      throw new EngineRequestError(
        'bot_error',
        `the ${String(seat)} seat's bot chose a rejected action: ${r.error.message}`,
      );
    slot.actions.push(
      botRngs === undefined ? { seat, action, index } : { seat, action, index, botRngs },
    );
    // Kept raw: the probabilities are worked out only when a client asks (`chance`).
    if (events !== false)
      for (const event of events)
        if (event.type === 'roll' || event.type === 'randomInt') slot.chance.push(event);
  }

  /**
   * A step with the outcomes chosen so far (`chanceNodes` groups): completes it (the state, the
   * action and its outcomes recorded) or leaves it pending at its next chance node, the state
   * untouched.
   */
  private stepWithChance(
    slot: Slot,
    step: { seat: number; action: ActionBase; index: number; chosen: number[] },
  ): void {
    const r = this.engine.applyWithChance(slot.state, step.seat, step.action, step.chosen);
    if (!r.ok)
      throw new EngineRequestError(
        step.index < 0 ? 'bot_error' : r.error.code,
        `seat ${String(step.seat)}'s action was rejected: ${r.error.message}`,
      );
    if (!r.done) {
      slot.pending = { ...step, node: r.node };
      return;
    }
    slot.pending = null;
    slot.state = r.state;
    // The bots have not played since the decision: their generators are as they were before it.
    const botRngs = this.botRngsBefore(slot, step.seat);
    slot.actions.push({
      seat: step.seat,
      action: r.action,
      index: step.index,
      chance: step.chosen,
      ...(botRngs === undefined ? {} : { botRngs }),
    });
    if (this.collectChance)
      for (const event of r.events)
        if (event.type === 'roll' || event.type === 'randomInt') slot.chance.push(event);
  }

  /**
   * A copy of the bots' generators, kept with a controlled seat's action in a group with bots
   * (an undo of that action restores them, so the bots answer again as they did); else
   * undefined (no cost where every seat is controlled).
   */
  private botRngsBefore(slot: Slot, seat: number): readonly Rng[] | undefined {
    if (this.controlled[seat] !== true || !this.hasBots) return undefined;
    return slot.rngs.map((r) => r.clone());
  }

  /** Lets the bots play until a controlled seat must decide or the game ends. */
  private async advance(slot: Slot): Promise<void> {
    const engine = this.engine;
    for (;;) {
      if (slot.pending !== null) {
        slot.seat = CHANCE_SEAT;
        slot.legal = [];
        slot.indices = new Int32Array(0);
        return;
      }
      if (slot.state.result !== null) {
        slot.seat = -1;
        slot.legal = [];
        slot.indices = new Int32Array(0);
        return;
      }
      const seat = engine.toAct(slot.state)[0] as number;
      const legal = engine.legalActions(slot.state, seat);
      if (this.controlled[seat] === true) {
        slot.seat = seat;
        slot.legal = legal;
        return;
      }
      const bot = this.bots[seat] as Bot;
      const state = slot.state;
      let view: GameView | undefined;
      // The view is made only for a bot that reads it (a random bot does not).
      const chosen = await bot.act({
        seat,
        get view(): GameView {
          view ??= engine.view(state, seat);
          return view;
        },
        legalActions: legal,
        rng: slot.rngs[seat] as Rng,
        rules: engine,
      });
      this.stepIn(slot, seat, chosen, legal.includes(chosen), -1);
    }
  }

  /**
   * Writes game `k`'s rewards: the change of each seat's declared reward since the last reply
   * (games whose observation declares `reward`), plus the final reward once it is over.
   */
  private writeRewards(slot: Slot, out: BatchOut, k: number): void {
    if (this.atSetupNode(slot)) {
      slot.earned = null;
      return;
    }
    const players = this.players;
    const reward = this.observation.reward;
    if (reward !== undefined) {
      const earned = this.earnedNow(slot, reward);
      const before = slot.earned;
      if (before !== null)
        for (let s = 0; s < players; s++)
          out.rewards[k * players + s] = (earned[s] as number) - (before[s] as number);
      slot.earned = earned;
    }
    this.writeFinal(slot, out, k);
  }

  /** Adds the final rewards of a game that is over: +1 for each winner, -1 for the others (0 for all when all win). */
  private writeFinal(slot: Slot, out: BatchOut, k: number): void {
    const result = this.atSetupNode(slot) ? null : slot.state.result;
    if (result === null) return;
    const players = this.players;
    const winners = result.winners;
    const all = winners.length === players;
    for (let s = 0; s < players; s++)
      (out.rewards[k * players + s] as number) += all ? 0 : winners.includes(s) ? 1 : -1;
  }

  /** Starts the declared rewards' count again from the position now (a new or restored game). */
  private rewardBaseline(slot: Slot): void {
    if (this.atSetupNode(slot)) {
      slot.earned = null;
      slot.startEarned = null;
      return;
    }
    const reward = this.observation.reward;
    slot.earned = reward === undefined ? null : this.earnedNow(slot, reward);
    slot.startEarned = slot.earned;
  }

  /** Every seat's declared reward so far, each read from the seat's own view. */
  private earnedNow(slot: Slot, reward: (view: GameView, seat: number) => number): Float64Array {
    const earned = new Float64Array(this.players);
    for (let s = 0; s < this.players; s++) {
      const value = reward(this.engine.view(slot.state, s), s);
      earned[s] = Number.isFinite(value) ? value : 0;
    }
    return earned;
  }

  /** Writes game `k`'s observation for `seat` (and its legal actions when it is the awaited seat). */
  private encode(slot: Slot, seat: number, out: BatchOut, k: number): void {
    const obsSize = this.observation.size;
    const into = out.obs.subarray(k * obsSize, (k + 1) * obsSize);
    out.seats[k] = slot.seat;
    if (seat < 0 || this.atSetupNode(slot)) {
      into.fill(0);
      if (out.counts !== null) out.counts[k] = 0;
      return;
    }
    const view = this.engine.view(slot.state, seat);
    encodeObservation(this.observation, view, seat, into);
    if (seat !== slot.seat) {
      if (out.counts !== null) out.counts[k] = 0;
      return;
    }
    slot.indices = actionIndices(this.observation.actions, view, seat, slot.legal);
    const size = this.observation.actions.size;
    if (out.mask !== null) {
      const base = k * size;
      for (const index of slot.indices) if (index >= 0) out.mask[base + index] = 1;
    } else if (out.counts !== null) {
      let count = 0;
      for (const index of slot.indices)
        if (index >= 0) {
          out.indices.push(index);
          count++;
        }
      out.counts[k] = count;
    }
  }

  /** Starts every game again (seed NaN: the game's next seed), then plays bots up to Python's first decision. */
  async reset(seeds: Float64Array, out: BatchOut): Promise<void> {
    for (let k = 0; k < this.slots.length; k++) {
      const slot = this.slots[k] as Slot;
      const seed = seeds[k];
      this.startEpisode(slot, seed === undefined || Number.isNaN(seed) ? slot.nextSeed : seed);
      await this.advance(slot);
      this.writeRewards(slot, out, k); // the declared rewards' baseline (and a game over at once)
      slot.startEarned = slot.earned;
      this.encode(slot, slot.seat, out, k);
    }
  }

  /** Checks a batch of action indexes (-1: no action) before any is applied. */
  private check(actions: Int32Array): void {
    if (actions.length !== this.slots.length)
      throw new EngineRequestError(
        'bad_request',
        `${String(actions.length)} actions for ${String(this.slots.length)} games`,
      );
    for (let k = 0; k < this.slots.length; k++) {
      const slot = this.slots[k] as Slot;
      const a = actions[k] as number;
      if (a === -1 && slot.seat < 0) continue;
      if (slot.seat === CHANCE_SEAT)
        throw new EngineRequestError(
          'chance_node',
          `game ${String(k)} is at a chance node: apply one of its outcomes (apply_chance) before anyone acts (send -1 for it)`,
        );
      if (slot.seat < 0)
        throw new EngineRequestError(
          'game_over',
          `game ${String(k)} is over: reset it before acting (send -1 for it)`,
        );
      if (!slot.indices.includes(a) || a < 0) {
        const legal = Array.from(slot.indices)
          .filter((i) => i >= 0)
          .sort((x, y) => x - y);
        const shown = legal.slice(0, 12).join(', ') + (legal.length > 12 ? ', ...' : '');
        throw new EngineRequestError(
          'illegal_action',
          `game ${String(k)}: action index ${String(a)} is not legal for seat ${String(slot.seat)} (legal: ${shown}; ${String(legal.length)} in all)`,
        );
      }
    }
  }

  /** Applies one action index per game (after checking them all), lets the bots answer, auto-resets. */
  async step(actions: Int32Array, out: BatchOut): Promise<void> {
    this.check(actions);
    for (let k = 0; k < this.slots.length; k++) {
      const slot = this.slots[k] as Slot;
      const a = actions[k] as number;
      if (a >= 0) {
        const j = slot.indices.indexOf(a);
        slot.chance = [];
        this.stepIn(slot, slot.seat, slot.legal[j] as ActionBase, true, a);
        await this.advance(slot);
        this.writeRewards(slot, out, k);
        if (slot.seat === -1) {
          out.flags[k] = ENV_FLAGS.ended;
          if (this.autoReset) {
            this.startEpisode(slot, slot.nextSeed);
            await this.advance(slot);
            this.rewardBaseline(slot);
            out.flags[k] = ENV_FLAGS.ended | ENV_FLAGS.reset;
          }
        }
      }
      this.encode(slot, slot.seat, out, k);
    }
  }

  /** One game's observation for any seat (its legal actions only when that seat must decide). */
  observe(env: number, seat: number, out: BatchOut): void {
    const slot = this.slot(env);
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.players)
      throw new EngineRequestError('bad_request', `there is no seat ${String(seat)}`);
    if (slot.state.result !== null) this.writeFinal(slot, out, 0);
    this.encode(slot, seat, out, 0);
  }

  /** The typed action an index stands for in game `env`, for the awaited seat (or a given one). */
  decode(env: number, index: number, seat?: number): ActionBase | null {
    const slot = this.slot(env);
    if (this.atSetupNode(slot)) return null;
    const s = seat ?? slot.seat;
    if (s < 0) return null;
    return this.observation.actions.actionAt(index, this.engine.view(slot.state, s), s) ?? null;
  }

  /** The index of a typed action for the awaited seat of game `env`, or null. */
  encodeAction(env: number, action: unknown): number | null {
    const slot = this.slot(env);
    if (slot.seat < 0 || typeof action !== 'object' || action === null) return null;
    return (
      this.observation.actions.indexOf(
        action as ActionBase,
        this.engine.view(slot.state, slot.seat),
        slot.seat,
      ) ?? null
    );
  }

  /** The legal actions of the awaited seat of game `env`: index and typed action. */
  legal(env: number): { index: number; action: ActionBase }[] {
    const slot = this.slot(env);
    if (slot.seat >= 0 && slot.indices.length !== slot.legal.length)
      slot.indices = actionIndices(
        this.observation.actions,
        this.engine.view(slot.state, slot.seat),
        slot.seat,
        slot.legal,
      );
    return slot.legal.map((action, j) => ({ index: slot.indices[j] ?? -1, action }));
  }

  /**
   * The chance outcomes (dice) since Python's last decision in game `env`, with probabilities,
   * as `viewer` may know them: a draw whose declared audience leaves the viewer out is given
   * as `{ type, hidden: true }` (its values, total and reason are not sent), the way its log
   * entry is redacted for that seat.
   */
  chance(env: number, viewer: number | 'spectator'): ChanceRecord[] {
    return this.slot(env).chance.flatMap((event) => {
      const shown = redactEvent(event, viewer);
      if (shown.hidden === true) return [{ type: event.type, hidden: true }];
      return chanceOf(event) ?? [];
    });
  }

  /**
   * A seat's information state in game `env`: its view now and every action so far as that
   * seat may know it (other seats' secret actions hidden).
   */
  history(env: number, seat: number): unknown {
    const slot = this.exposed(env);
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.players)
      throw new EngineRequestError('bad_request', `there is no seat ${String(seat)}`);
    return {
      seat,
      view: this.engine.view(slot.state, seat),
      actions: slot.actions.map(({ seat: s, action }) =>
        s !== seat && this.engine.isSecretAction(action)
          ? { seat: s, action: null, hidden: true }
          : { seat: s, action },
      ),
    };
  }

  /**
   * Each seat's return for the episode of game `env`: zeros while it runs; once over, the final
   * reward (+1 winner, -1 other, 0 for all when all win) plus the change of the seat's declared
   * reward since the episode's first reply (the sum of every reward the environments gave).
   */
  returns(env: number): number[] {
    const slot = this.slot(env);
    const out = createBatch(1, this.players, 0, 0, MASK_MODES.none);
    if (this.atSetupNode(slot) || slot.state.result === null) return Array.from(out.rewards);
    this.writeFinal(slot, out, 0);
    const reward = this.observation.reward;
    if (reward !== undefined && slot.startEarned !== null) {
      const now = this.earnedNow(slot, reward);
      for (let s = 0; s < this.players; s++)
        (out.rewards[s] as number) += (now[s] as number) - (slot.startEarned[s] as number);
    }
    return Array.from(out.rewards);
  }

  /**
   * A seat's information state tensor in game `env` ({@link GameGroup.infoTensorSize}
   * entries): the game's observation encoding of the seat's view, then how many times the seat
   * took each action index this episode (its own actions only, so nothing another seat knows).
   */
  infoTensor(env: number, seat: number): number[] {
    const slot = this.exposed(env);
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.players)
      throw new EngineRequestError('bad_request', `there is no seat ${String(seat)}`);
    const obsSize = this.observation.size;
    const out = new Float32Array(obsSize + this.observation.actions.size);
    encodeObservation(this.observation, this.engine.view(slot.state, seat), seat, out);
    for (const { seat: s, index } of slot.actions)
      if (s === seat && index >= 0) (out[obsSize + index] as number) += 1;
    return Array.from(out);
  }

  /** Length of an information state tensor: the observation's, then one count per action index. */
  get infoTensorSize(): number {
    return this.observation.size + this.observation.actions.size;
  }

  /** Names of the information state tensor's entries: the observation's, then `ownActions[i]`. */
  infoTensorNames(): string[] {
    return [
      ...observationNames(this.observation),
      ...Array.from({ length: this.actionSize }, (_, i) => `ownActions[${String(i)}]`),
    ];
  }

  /** The board as text (the game's presenter), from a seat's view or a spectator's. */
  render(env: number, viewer: number | 'spectator'): string {
    const slot = this.exposed(env);
    const names = Array.from({ length: this.players }, (_, s) => this.engineGame.seatLabel(s));
    const view = this.engine.view(slot.state, viewer);
    const lines = this.engineGame.render(view, { names, engine: this.engine });
    const result = slot.state.result;
    if (result !== null)
      lines.push(
        `Game over. Winners: ${result.winners.map((s) => names[s] ?? String(s)).join(', ')}; scores: ${result.scores.map((x) => this.engineGame.formatScore(x)).join(', ')}`,
      );
    return lines.join('\n');
  }

  /** The result of game `env`, or null while it runs. */
  result(env: number): unknown {
    const slot = this.slot(env);
    return this.atSetupNode(slot) ? null : slot.state.result;
  }

  /** Game `env` as Ruleloom's own save JSON (`restoreMatch` reads it back). */
  save(env: number): SavedMatch {
    const slot = this.exposed(env);
    if (slot.setupChance.length > 0 || slot.actions.some((a) => (a.chance?.length ?? 0) > 0))
      throw new EngineRequestError(
        'chance_chosen',
        `game ${String(env)} was played with chosen chance outcomes, which a match save (replayed from its seed) cannot hold: record it with its chance log (chance_log()), which replays it exactly`,
      );
    const match = createMatch(this.game, {
      seed: slot.seed,
      players: this.players,
      options: this.options,
    });
    for (const { seat, action } of slot.actions) {
      const r = match.apply(seat, action);
      if (!r.ok)
        throw new EngineRequestError(
          'save_failed',
          `replaying game ${String(env)} failed: ${r.error.message}`,
        );
    }
    return match.toJSON();
  }

  /** Replaces game `env` by a saved match of the same game and setup (checked by `restoreMatch`). */
  async restore(env: number, save: unknown): Promise<void> {
    const slot = this.slot(env);
    const restored = restoreMatch(this.game, save);
    if (!restored.ok) throw new EngineRequestError(restored.error.code, restored.error.message);
    const match = restored.match;
    const setup = match.setup;
    const sameOptions =
      JSON.stringify(createEngine(this.game, setup).options) ===
      JSON.stringify(this.engine.options);
    if (setup.players !== this.players || !sameOptions) {
      if (this.slots.length !== 1)
        throw new EngineRequestError(
          'setup_mismatch',
          `the save's setup (${String(setup.players)} players, its options) differs from this group's`,
        );
      this.engine = createEngine(this.game, setup) as Engine<unknown, ActionBase, unknown>;
      (this as { players: number }).players = setup.players;
    }
    const saved = match.toJSON();
    slot.seed = Number(setup.seed);
    slot.nextSeed = slot.seed + this.totalGames;
    slot.state = this.engine.clone(match.state);
    slot.actions = saved.actions.map((a) => ({ seat: a.seat, action: a.action, index: -1 }));
    slot.rngs = this.botRngs(slot.seed);
    slot.chance = [];
    slot.pending = null;
    slot.setupChance = [];
    await this.advance(slot);
    this.rewardBaseline(slot);
    this.encode(slot, slot.seat, createBatch(1, this.players, this.obsSize, this.actionSize, 0), 0);
  }

  /** Whether game `env` waits at a chance node of its setup (no state to show yet). */
  private atSetupNode(slot: Slot): boolean {
    return slot.pending !== null && slot.pending.action === null;
  }

  /** Game `env`'s slot, refusing a game at a setup chance node (it has no state to show yet). */
  private exposed(env: number): Slot {
    const slot = this.slot(env);
    if (this.atSetupNode(slot))
      throw new EngineRequestError(
        'chance_node',
        `game ${String(env)} is at a chance node of its setup, so it has no state to show yet: apply chance outcomes until setup is done`,
      );
    return slot;
  }

  /**
   * The chance node game `env` waits at (a `chanceNodes` group), as `viewer` may know it: its
   * kind, draw, audience, labels, and each outcome's index and probability, with its value only
   * when the viewer is in the node's audience (else `hidden: true`: the probabilities and the
   * count stay, the values go). Null when the game is not at a chance node.
   */
  chanceNode(env: number, viewer: number | 'spectator'): Record<string, unknown> | null {
    const pending = this.slot(env).pending;
    if (pending === null) return null;
    const node = pending.node;
    const sees =
      node.audience === 'everyone' || (viewer !== 'spectator' && node.audience.includes(viewer));
    return {
      ...node,
      outcomes: node.outcomes.map((o) =>
        sees
          ? { outcome: o.outcome, probability: o.probability, value: o.value }
          : { outcome: o.outcome, probability: o.probability, hidden: true },
      ),
    };
  }

  /**
   * Chooses outcome `outcome` (an index into the pending node's outcomes) at game `env`'s chance
   * node: the step (or setup) runs again with it, stopping at its next node or completing (then
   * the bots play up to the next decision, as after a step). A bad index is refused
   * (`invalid_chance_outcome`, nothing changed); so is a game not at a chance node
   * (`not_chance_node`). Gives the awaited seat ({@link CHANCE_SEAT} at a node), the rewards
   * the completed step earned (zeros while a node is pending) and, at a node, its `outcomes` as
   * `[outcome, probability]` pairs (the same for every viewer: no values), so a client that
   * samples the next outcome needs no other request.
   */
  async applyChance(
    env: number,
    outcome: unknown,
  ): Promise<{
    seat: number;
    rewards: number[];
    ended: boolean;
    outcomes?: [number, number][];
  }> {
    const slot = this.slot(env);
    const pending = slot.pending;
    if (pending === null)
      throw new EngineRequestError(
        'not_chance_node',
        `game ${String(env)} is not at a chance node (${slot.seat < 0 ? 'it is over' : `seat ${String(slot.seat)} is to act`})`,
      );
    const count = pending.node.outcomes.length;
    if (
      typeof outcome !== 'number' ||
      !Number.isInteger(outcome) ||
      outcome < 0 ||
      outcome >= count
    )
      throw new EngineRequestError(
        'invalid_chance_outcome',
        `chance outcome ${JSON.stringify(outcome) ?? String(outcome)} is not an index of the pending node's ${String(count)} outcomes (0..${String(count - 1)})`,
      );
    const chosen = [...pending.chosen, outcome];
    const out = createBatch(1, this.players, 0, 0, MASK_MODES.none);
    if (pending.action === null) {
      const r = this.engine.initialStateWithChance(slot.seed, chosen);
      if (!r.ok) throw new EngineRequestError(r.error.code, r.error.message);
      if (!r.done) {
        slot.pending = { ...pending, chosen, node: r.node };
        return {
          seat: CHANCE_SEAT,
          rewards: Array.from(out.rewards),
          ended: false,
          outcomes: outcomePairs(r.node),
        };
      }
      slot.pending = null;
      slot.state = this.engine.clone(r.state);
      slot.setupChance = chosen;
      await this.advance(slot);
      this.writeRewards(slot, out, 0); // the declared rewards' baseline (and a game over at once)
      slot.startEarned = slot.earned;
    } else {
      this.stepWithChance(slot, {
        seat: pending.seat,
        action: pending.action,
        index: pending.index,
        chosen,
      });
      await this.advance(slot);
      this.writeRewards(slot, out, 0);
    }
    const next = slot.pending;
    return {
      seat: slot.seat,
      rewards: Array.from(out.rewards),
      ended: slot.seat === -1,
      ...(next === null ? {} : { outcomes: outcomePairs(next.node) }),
    };
  }

  /**
   * Game `env` as a chance log (see `ChanceLog` of `@ruleloom/core`): its seed, the outcomes
   * chosen in setup, and every completed action with the outcomes chosen during its step;
   * `replayChanceLog` replays it to the same state. A step still pending at a chance node is
   * not in it.
   */
  chanceLog(env: number): ChanceLog {
    const slot = this.slot(env);
    return {
      seed: slot.seed,
      setup: slot.setupChance,
      steps: slot.actions.map((a) => ({ seat: a.seat, action: a.action, chance: a.chance ?? [] })),
    };
  }

  /**
   * Takes back the last decision of a controlled seat in game `env` (an undo): that action,
   * every bot move after it, and a step still pending at a chance node, back to the state just
   * before the decision (that seat to act again, the bots' generators as they were, so the same
   * action leads to the same game). Allowed exactly when core's take-back rules allow taking
   * back those actions (`takeBackRefusal` of `@ruleloom/core`): every one of a type the game
   * declares `undoable`, and nothing hidden came out since (no random draw, no card newly seen,
   * no declared reveal). In a `chanceNodes` group a chosen outcome is a random draw: a step
   * pending at a chance node is taken back only while none of its outcomes is chosen yet.
   * Refused, nothing changed: `nothing_to_undo` (no decision of a controlled seat in this
   * episode, or a setup chance node), `not_undoable`, `revealed`.
   */
  async undo(env: number): Promise<{ seat: number }> {
    const slot = this.slot(env);
    const nothing = (message: string): EngineRequestError =>
      new EngineRequestError('nothing_to_undo', message);
    if (this.atSetupNode(slot))
      throw nothing(`game ${String(env)} is at a chance node of its setup: no decision yet`);
    const pending = slot.pending;
    const steps: { seat: number; action: ActionBase }[] = [...slot.actions];
    if (pending !== null && pending.action !== null)
      steps.push({ seat: pending.seat, action: pending.action });
    let last = steps.length - 1;
    while (last >= 0 && this.controlled[(steps[last] as { seat: number }).seat] !== true) last--;
    if (last < 0)
      throw nothing(
        slot.actions.length === 0 && pending === null
          ? `no action was played in game ${String(env)} yet`
          : `no decision of a seat Python controls to take back in game ${String(env)}`,
      );
    const taken = steps.slice(last).map((s) => s.action);
    const kept = slot.actions.slice(0, last);
    if (pending !== null && pending.chosen.length > 0) {
      // Between a state and itself only the actions' types can refuse (`not_undoable`).
      const refused = takeBackRefusal(this.engine, taken, slot.state, slot.state);
      throw refused?.code === 'not_undoable'
        ? new EngineRequestError(refused.code, refused.message)
        : new EngineRequestError(
            'revealed',
            `nothing hidden may come out before a take-back, but a random draw happened since (${String(pending.chosen.length)} chance outcome${pending.chosen.length === 1 ? '' : 's'} chosen in the pending step)`,
          );
    }
    // A decision still pending at a chance node left the state as it was before it.
    const before = last === slot.actions.length ? slot.state : this.stateAfter(slot, kept);
    const refused = takeBackRefusal(this.engine, taken, before, slot.state);
    if (refused !== undefined) throw new EngineRequestError(refused.code, refused.message);
    const decision = slot.actions[last];
    if (decision?.botRngs !== undefined) slot.rngs = decision.botRngs.map((r) => r.clone());
    slot.state = before;
    slot.actions = kept;
    slot.pending = null;
    slot.chance = [];
    await this.advance(slot);
    // Rewards count on from here (the episode's base, `startEarned`, stays).
    const reward = this.observation.reward;
    slot.earned = reward === undefined ? null : this.earnedNow(slot, reward);
    this.encode(slot, slot.seat, createBatch(1, this.players, this.obsSize, this.actionSize, 0), 0);
    return { seat: slot.seat };
  }

  /**
   * The state of game `slot` after its setup and the first actions `kept` of its history,
   * replayed from the seed: a setup and steps that had outcomes chosen (`chanceNodes` groups)
   * with those outcomes, the others (every one in other groups, and the actions a save
   * restored) drawing from the generator as they did.
   */
  private stateAfter(slot: Slot, kept: readonly SlotAction[]): MatchState {
    const engine = this.engine;
    const fail = (what: string, message: string): EngineRequestError =>
      new EngineRequestError('engine_error', `replaying ${what} failed: ${message}`);
    let state: MatchState;
    if (slot.setupChance.length > 0) {
      const r = engine.initialStateWithChance(slot.seed, slot.setupChance);
      if (!r.ok || !r.done)
        throw fail('the setup', r.ok ? 'its outcomes stop short' : r.error.message);
      state = engine.clone(r.state);
    } else state = engine.clone(engine.initialState(slot.seed).state);
    for (const [i, { seat, action, chance }] of kept.entries()) {
      const at = `action ${String(i + 1)}`;
      if (chance === undefined) {
        const r = engine.step(state, seat, action, false);
        if (!r.ok) throw fail(at, r.error.message);
        continue;
      }
      const r = engine.applyWithChance(state, seat, action, chance);
      if (!r.ok || !r.done) throw fail(at, r.ok ? 'its outcomes stop short' : r.error.message);
      state = r.state;
    }
    return state;
  }

  /** The awaited seat of game `env` (-1 when over, {@link CHANCE_SEAT} at a chance node). */
  seatOf(env: number): number {
    return this.slot(env).seat;
  }

  /** Names of the observation entries (`part[i]` from the game's layout, else generic `obs[i]`). */
  layoutNames(): string[] {
    return observationNames(this.observation);
  }

  /** What a client needs to know about the group. */
  describe(): Record<string, unknown> {
    const game = this.engineGame;
    return {
      game: game.id,
      rulesVersion: game.game.rulesVersion,
      players: this.players,
      options: this.engine.options,
      num: this.totalGames,
      obsSize: this.observation.size,
      actionSize: this.observation.actions.size,
      controlled: this.controlled.flatMap((c, s) => (c ? [s] : [])),
      seatLabels: Array.from({ length: this.players }, (_, s) => game.seatLabel(s)),
      autoReset: this.autoReset,
      chanceNodes: this.chanceNodes,
      stepRewards: this.observation.reward !== undefined,
      infoTensorSize: this.infoTensorSize,
    };
  }
}
