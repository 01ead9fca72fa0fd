import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { CardDefinition, CardTable, HandlerRef } from '../cards/cards.js';
import { EngineInvariantError } from '../errors/game-definition-error.js';
import { formatDice, parseDice, type DiceSpec } from '../rng/dice.js';
import type { RngState } from '../rng/seed.js';
import { shuffleInPlace } from '../rng/shuffle.js';
import type {
  ConditionHandler,
  EffectContext,
  EffectHandler,
  MatchRandom,
  RulesContext,
} from '../define/types.js';
import type { DiceRoll, GameEvent } from '../model/event.js';

type Handlers<T> = Readonly<Record<string, T>>;
type AnyEffectFn = EffectHandler<unknown, unknown, CardDefinition, unknown>;
type AnyConditionFn = ConditionHandler<unknown, unknown, CardDefinition, unknown>;

const diceCache = new Map<string, DiceSpec>();

function toSpec(dice: string | DiceSpec): DiceSpec {
  if (typeof dice !== 'string') return dice;
  let spec = diceCache.get(dice);
  if (spec === undefined) {
    spec = parseDice(dice);
    if (spec === undefined)
      throw new EngineInvariantError(`'${dice}' is not a dice expression (use NdM, e.g. 3d6)`);
    diceCache.set(dice, spec);
  }
  return spec;
}

/**
 * The context handlers run in. One per engine, re-bound for each run; it owns the generator
 * for the duration of the run and writes its state back at the end.
 */
export class RunContext implements EffectContext<unknown, unknown>, MatchRandom {
  state: unknown = null;
  /** Where events go; null while stepping without collecting them (see `recording`). */
  events: GameEvent[] | null = null;
  ended = false;
  scripted: number[] | null = null;
  private rngState: RngState = [1, 0, 0, 0];
  /** Whether the run has drawn: the four words below then hold the generator's state. */
  private drawn = false;
  // xoroshiro128+ (pure-rand's, word for word: its state is [s01, s00, s11, s10]).
  private s01 = 0;
  private s00 = 0;
  private s11 = 0;
  private s10 = 0;
  /** The last dice expression rolled and its parsed form (most games roll a few kinds). */
  private lastDice: string | DiceSpec = '';
  private lastSpec: DiceSpec = { count: 0, sides: 1 };
  readonly random: MatchRandom = this;
  private readonly drawFn = (min: number, max: number): number => this.draw(min, max);

  constructor(
    readonly rules: RulesContext<unknown>,
    private readonly effects: Handlers<AnyEffectFn>,
    private readonly conditions: Handlers<AnyConditionFn>,
  ) {}

  get options(): unknown {
    return this.rules.options;
  }
  get players(): number {
    return this.rules.players;
  }
  get cards(): CardTable {
    return this.rules.cards;
  }
  card(id: string): CardDefinition {
    return this.rules.card(id);
  }

  get recording(): boolean {
    return this.events !== null;
  }

  begin(state: unknown, rng: RngState, events: GameEvent[] | null): void {
    this.state = state;
    this.rngState = rng;
    this.drawn = false;
    this.events = events;
    this.ended = false;
  }

  /** The generator state after the run (unchanged when nothing was drawn). */
  finish(): RngState {
    this.state = null;
    if (!this.drawn) return this.rngState;
    this.drawn = false;
    return [this.s01, this.s00, this.s11, this.s10];
  }

  /** Loads the generator's state at the run's first draw. */
  private load(): void {
    const s = this.rngState;
    if (s.length !== 4)
      throw new EngineInvariantError('a random state must be four 32-bit words (xoroshiro128+)');
    this.s01 = s[0];
    this.s00 = s[1];
    this.s11 = s[2];
    this.s10 = s[3];
    this.drawn = true;
  }

  /**
   * The next output of xoroshiro128+ as an unsigned 32-bit number: pure-rand's `next` plus
   * 2^31, as its `uniformInt` reads it.
   */
  private next(): number {
    const s00 = this.s00;
    const s01 = this.s01;
    const s10 = this.s10;
    const out = (s00 + s10) | 0;
    const a0 = s10 ^ s00;
    const a1 = this.s11 ^ s01;
    this.s00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    this.s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    this.s10 = (a1 << 5) ^ (a0 >>> 27);
    this.s11 = (a0 << 5) ^ (a1 >>> 27);
    return (out ^ -2147483648) >>> 0;
  }

  /**
   * A uniform integer in `min..max`, exactly as pure-rand's `uniformInt` draws it (the same
   * rejection sampling on the same outputs), in unsigned 32-bit arithmetic: a remainder by a
   * variable on doubles is a call into the floating-point library (about 15 ns a die), on
   * unsigned integers one instruction. Ranges wider than 2^31 go through pure-rand itself.
   */
  private uniform(min: number, max: number): number {
    if (!this.drawn) this.load();
    const range = max - min;
    if (range >= 2147483647) return this.wide(min, max);
    const size = (range + 1) >>> 0;
    const allowed = size > 2 ? Math.floor(4294967296 / size) * size : 4294967296;
    let v = this.next();
    while (v >= allowed) v = this.next();
    return ((v % size) >>> 0) + min;
  }

  /** A draw over a range wider than 2^31, through pure-rand (the state written back). */
  private wide(min: number, max: number): number {
    const gen = xoroshiro128plusFromState([this.s01, this.s00, this.s11, this.s10]);
    const v = uniformInt(gen, min, max);
    const s = gen.getState();
    this.s01 = s[0] ?? 0;
    this.s00 = s[1] ?? 0;
    this.s11 = s[2] ?? 0;
    this.s10 = s[3] ?? 0;
    return v;
  }

  private draw(min: number, max: number): number {
    if (this.scripted !== null && this.scripted.length > 0) {
      const v = this.scripted.shift() as number;
      if (!Number.isInteger(v) || v < min || v > max) {
        throw new EngineInvariantError(
          `scripted random value ${String(v)} is outside ${String(min)}..${String(max)}`,
        );
      }
      return v;
    }
    return min === max ? min : this.uniform(min, max);
  }

  emit(event: GameEvent): void {
    if (this.events !== null) this.events.push(event);
  }

  run(effect: HandlerRef): void {
    const fn = this.effects[effect.type];
    if (fn === undefined) throw new EngineInvariantError(`unknown effect '${effect.type}'`);
    fn(this, effect.params);
  }

  check(condition: HandlerRef): boolean {
    const fn = this.conditions[condition.type];
    if (fn === undefined) throw new EngineInvariantError(`unknown condition '${condition.type}'`);
    return fn(this.state, condition.params, this.rules);
  }

  endGame(): void {
    this.ended = true;
  }

  private spec(dice: string | DiceSpec): DiceSpec {
    if (dice === this.lastDice) return this.lastSpec;
    const spec = toSpec(dice);
    this.lastDice = dice;
    this.lastSpec = spec;
    return spec;
  }

  roll(dice: string | DiceSpec, reason?: string): DiceRoll {
    const spec = this.spec(dice);
    const values: number[] = [];
    let total = 0;
    for (let i = 0; i < spec.count; i++) {
      const v = this.draw(1, spec.sides);
      values.push(v);
      total += v;
    }
    if (this.events === null) return { values, total };
    this.events.push(
      reason === undefined
        ? { type: 'roll', dice: formatDice(spec), values, total }
        : { type: 'roll', dice: formatDice(spec), values, total, reason },
    );
    return { values, total };
  }

  rollTotal(dice: string | DiceSpec, reason?: string): number {
    if (this.events !== null) return this.roll(dice, reason).total;
    const spec = this.spec(dice);
    let total = 0;
    for (let i = 0; i < spec.count; i++) total += this.draw(1, spec.sides);
    return total;
  }

  int(min: number, max: number, reason?: string): number {
    const value = this.draw(min, max);
    if (this.events === null) return value;
    this.events.push(
      reason === undefined
        ? { type: 'randomInt', min, max, value }
        : { type: 'randomInt', min, max, value, reason },
    );
    return value;
  }

  shuffle<T>(items: T[], zone: string): void {
    shuffleInPlace(items, this.drawFn);
    if (this.events !== null) this.events.push({ type: 'shuffle', zone, size: items.length });
  }

  pick<T>(items: readonly T[], reason?: string): T {
    if (items.length === 0) throw new EngineInvariantError('pick from an empty list');
    const index = this.draw(0, items.length - 1);
    if (this.events !== null)
      this.events.push(
        reason === undefined
          ? { type: 'pick', index, size: items.length }
          : { type: 'pick', index, size: items.length, reason },
      );
    return items[index] as T;
  }
}
