import { EngineInvariantError, GameDefinitionError } from '../errors/game-definition-error.js';
import type { Problem } from '../errors/problem.js';
import type { GameResult, MatchState } from '../model/match-state.js';
import { GAME_OVER_PHASE } from '../model/phase-ids.js';
import type { RngState } from '../rng/seed.js';
import { describeValue } from '../util/describe.js';
import type { GameView } from '../view/view.js';
import type { PrivateFieldDeclaration, ZoneDeclaration } from '../zones/zone.js';
import { compileFields } from './packed-compile.js';
import {
  readFields,
  templateOf,
  writeFields,
  type Codecs,
  type FieldCodec,
  type PackContext,
} from './packed-codecs.js';
import type { PackedFields, PackedOffsets } from './packed-fields.js';
import { packedViewOf, type PackedView } from './packed-view.js';

/**
 * What {@link packedLayout} is given.
 * @public
 */
export interface PackedLayoutSpec<F extends PackedFields> {
  /** The game state's fields in its key order (see {@link PackedFields}). */
  readonly fields: F;
  /** The phases a packed state may wait in (the game-over phase excepted). */
  readonly phases: readonly string[];
  /** The number of seats (at most 31, the width of a seat set). */
  readonly players: number;
  /** Every card instance id, numbered by position (the rules' `cards.instanceIds`). */
  readonly cards: readonly string[];
  /** The game's zones: a packed view hides them as the engine's view does. */
  readonly zones?: readonly ZoneDeclaration[];
  /**
   * The game's private fields (`game.privateFields`). A packed view does not redact them, so a
   * layout given any has no views of its own (`canView` is false; use the engine's view of
   * `unpack`, as {@link packedForwardModel} then does).
   */
  readonly privateFields?: readonly PrivateFieldDeclaration[];
  /** A name for error messages (the game's id). */
  readonly name?: string;
}

/**
 * A game state laid out as one flat array of numbers (a packed state), made by
 * {@link packedLayout}: the plumbing a game's fast forward model needs (state to array and
 * back, the slots of every field, views), generated from a declaration so that the model is
 * only its rules kernel.
 *
 * @remarks
 * The first slots hold the match: `over` (1 once the game is over), `phase` (the index of the
 * phase in `phases`, -1 once over) and `rng` (the four words of the match's generator). The
 * fields follow, at the slots `at` gives. A packed state is a plain `number[]`: copying one is
 * a `slice`.
 * @public
 */
export interface PackedLayout<TState, F extends PackedFields> {
  /** Slots in a packed state. */
  readonly size: number;
  /** The number of seats. */
  readonly players: number;
  /** The slot that is 1 once the game is over. */
  readonly over: number;
  /** The slot of the phase (its index in `phases`, -1 once over). */
  readonly phase: number;
  /** The first of the four slots of the generator's state. */
  readonly rng: number;
  /** The slots of the fields, shaped like them. */
  readonly at: PackedOffsets<F>;
  /** The phases a packed state may wait in. */
  readonly phases: readonly string[];
  /** The card instance ids by number. */
  readonly cardIds: readonly string[];
  /**
   * Whether {@link PackedLayout.view} can redact the game's secrets itself: its zones are all
   * top-level or per-seat card fields, and it declares no private fields.
   */
  readonly canView: boolean;
  /** The number of a card instance id; throws for an id the layout does not know. */
  cardNumber(id: string): number;
  /**
   * Packs a match state (into `into` when given, which must have `size` slots). Throws an
   * `EngineInvariantError` naming the field when the state is outside what the layout covers
   * (an unknown phase, card or key, a list over its capacity, a value of the wrong kind).
   */
  pack(state: MatchState, into?: number[]): number[];
  /** The game state a packed state stands for, its keys in the declared order. */
  unpackGame(f: readonly number[]): TState;
  /** The match state a packed state stands for, with the given result. */
  unpack(f: readonly number[], result: GameResult | null): MatchState<TState>;
  /** What a seat or a spectator sees, as the engine's view would show it (needs `canView`). */
  view(f: readonly number[], viewer: number | 'spectator'): GameView;
}

const HEADER = 6;
/** No array (the context between packs). */
const NOTHING: number[] = [];

class Layout<TState, F extends PackedFields> implements PackedLayout<TState, F> {
  readonly over = 0;
  readonly phase = 1;
  readonly rng = 2;
  readonly size: number;
  readonly players: number;
  readonly at: PackedOffsets<F>;
  readonly phases: readonly string[];
  readonly cardIds: readonly string[];
  readonly canView: boolean;
  private readonly codecs: readonly FieldCodec[];
  private readonly numbers: ReadonlyMap<string, number>;
  private readonly phaseIndex: ReadonlyMap<string, number>;
  private readonly name: string;
  private readonly redact: PackedView | undefined;
  /** Why the layout cannot make views (undefined when it can). */
  private readonly noView: string | undefined;
  private readonly template: Readonly<Record<string, unknown>>;
  /** The context every pack writes through (its array set for the call). */
  private readonly ctx: PackContext;

  constructor(spec: PackedLayoutSpec<F>, compiled: Codecs, numbers: ReadonlyMap<string, number>) {
    this.name = spec.name ?? 'packed layout';
    this.players = spec.players;
    this.phases = [...spec.phases];
    this.cardIds = [...spec.cards];
    this.numbers = numbers;
    this.phaseIndex = new Map(spec.phases.map((p, i) => [p, i]));
    this.codecs = compiled.codecs;
    this.at = compiled.offsets as PackedOffsets<F>;
    this.size = HEADER + compiled.size;
    const privateFields = spec.privateFields ?? [];
    this.redact =
      privateFields.length > 0
        ? undefined
        : packedViewOf(spec.zones ?? [], compiled.codecs, HEADER);
    this.canView = this.redact !== undefined;
    this.noView =
      privateFields.length > 0
        ? `the game declares private fields (${privateFields.map((p) => p.path).join(', ')}), which a packed view does not redact`
        : this.redact === undefined
          ? "the game's zones are not all top-level or per-seat card fields"
          : undefined;
    this.template = templateOf(compiled.codecs);
    this.ctx = { f: NOTHING, numbers, players: this.players, fail: this.failAt };
  }

  cardNumber(id: string): number {
    const n = this.numbers.get(id);
    if (n === undefined) throw new EngineInvariantError(`${this.name}: unknown card '${id}'`);
    return n;
  }

  pack(state: MatchState, into?: number[]): number[] {
    const f = into ?? new Array<number>(this.size);
    f.fill(0, 0, this.size);
    const over = state.result !== null;
    f[this.over] = over ? 1 : 0;
    if (over) f[this.phase] = -1;
    else {
      const index = this.phaseIndex.get(state.phase);
      if (index === undefined)
        this.fail('phase', `${describeValue(state.phase)} is not one of ${this.phases.join(', ')}`);
      f[this.phase] = index;
    }
    const rng: unknown = state.rng;
    if (!Array.isArray(rng) || rng.length !== 4 || !rng.every((w) => Number.isInteger(w)))
      this.fail('rng', 'is not four 32-bit words');
    for (let i = 0; i < 4; i++) f[this.rng + i] = (rng as readonly number[])[i] ?? 0;
    const ctx = this.ctx;
    ctx.f = f;
    writeFields(this.codecs, state.game, HEADER, 'game', -1, ctx);
    ctx.f = NOTHING;
    return f;
  }

  unpackGame(f: readonly number[]): TState {
    return readFields(this.codecs, this.template, f, HEADER, this.cardIds) as TState;
  }

  unpack(f: readonly number[], result: GameResult | null): MatchState<TState> {
    const phase =
      f[this.over] === 1 ? GAME_OVER_PHASE : (this.phases[f[this.phase] as number] ?? '');
    const rng: RngState = [
      f[this.rng] as number,
      f[this.rng + 1] as number,
      f[this.rng + 2] as number,
      f[this.rng + 3] as number,
    ];
    return { phase, rng, result, game: this.unpackGame(f) };
  }

  view(f: readonly number[], viewer: number | 'spectator'): GameView {
    if (this.redact === undefined)
      throw new EngineInvariantError(
        `${this.name}: ${this.noView ?? 'no view'}, so the layout cannot make views (use the engine's view of unpack)`,
      );
    const phase =
      f[this.over] === 1 ? GAME_OVER_PHASE : (this.phases[f[this.phase] as number] ?? '');
    return this.redact(f, phase, viewer, this.cardIds);
  }

  private readonly failAt = (path: string, message: string): never => this.fail(path, message);

  private fail(path: string, message: string): never {
    throw new EngineInvariantError(
      `${this.name}: state.${path} ${message} (outside what the packed layout covers)`,
    );
  }
}

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Lays a game state out as one flat array of numbers (see {@link PackedLayout}), from a
 * declaration of its fields: the plumbing of a fast forward model (see
 * {@link packedForwardModel}). Throws a `GameDefinitionError` listing every problem of the
 * declaration (an unknown kind, a capacity that is not a positive whole number, a reserved
 * field name, duplicate phases or cards, too many seats).
 * @public
 */
export function packedLayout<TState, const F extends PackedFields>(
  spec: PackedLayoutSpec<F>,
): PackedLayout<TState, F> {
  const problems: Problem[] = [];
  const name = spec.name ?? 'packed layout';
  if (!Number.isInteger(spec.players) || spec.players < 1 || spec.players > 31)
    problems.push({
      path: 'players',
      message: `must be a whole number from 1 to 31, got ${String(spec.players)}`,
    });
  if (spec.phases.length === 0)
    problems.push({ path: 'phases', message: 'must name at least one phase' });
  spec.phases.forEach((p, i) => {
    if (typeof p !== 'string' || p === '' || p === GAME_OVER_PHASE)
      problems.push({
        path: `phases[${String(i)}]`,
        message: `must be a phase id other than '${GAME_OVER_PHASE}'`,
      });
    else if (spec.phases.indexOf(p) !== i)
      problems.push({ path: `phases[${String(i)}]`, message: `'${p}' is listed twice` });
  });
  const numbers = new Map<string, number>();
  spec.cards.forEach((id, i) => {
    if (numbers.has(id))
      problems.push({ path: `cards[${String(i)}]`, message: `'${id}' is listed twice` });
    else numbers.set(id, i);
  });
  const compiled = compileFields(spec.fields, 'fields', problems, {
    cards: spec.cards.length,
    players: Math.max(1, Math.min(31, Math.trunc(spec.players) || 1)),
    reserved: RESERVED,
  });
  if (problems.length > 0) throw new GameDefinitionError(name, problems);
  return new Layout<TState, F>(spec, compiled, numbers);
}
