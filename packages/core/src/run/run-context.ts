import type { CardDefinition, CardTable, HandlerRef } from '../cards/cards.js';
import { EngineInvariantError } from '../errors/game-definition-error.js';
import { formatDice, parseDice, type DiceSpec } from '../rng/dice.js';
import type { RngState } from '../rng/seed.js';
import { shuffleInPlace } from '../rng/shuffle.js';
import { Xoroshiro128Plus } from '../rng/xoroshiro.js';
import type {
  ConditionHandler,
  EffectContext,
  EffectHandler,
  EmitOptions,
  MatchRandom,
  RandomAudience,
  RandomOptions,
  RevealOptions,
  RulesContext,
} from '../define/types.js';
import type { DiceRoll, GameEvent } from '../model/event.js';
import type { KnownCard } from '../model/match-state.js';
import { cardLocations, updateKnowledge, type Reveal } from './knowledge.js';
import {
  ChanceOutcomeRejected,
  ChancePending,
  outcomeOutOfRange,
  shuffleAudience,
  type ChanceCursor,
  type ChanceNodeKind,
} from './chance.js';
import type { ZoneDeclaration } from '../zones/zone.js';

type Handlers<T> = Readonly<Record<string, T>>;
type AnyEffectFn = EffectHandler<unknown, unknown, CardDefinition, unknown>;
type AnyConditionFn = ConditionHandler<unknown, unknown, CardDefinition, unknown>;

const diceCache = new Map<string, DiceSpec>();

const NOBODY: readonly number[] = Object.freeze([]);
/** A shuffle's items when no knowledge can depend on them (see `RunContext.shuffledItems`). */
const NOTHING: readonly unknown[] = Object.freeze([]);
const SEATS: readonly (readonly number[])[] = Array.from({ length: 64 }, (_, i) =>
  Object.freeze([i]),
);

/** The event audience of a draw (undefined: everyone). */
export function audienceOf(audience: RandomAudience | undefined): readonly number[] | undefined {
  if (audience === undefined || audience === 'everyone') return undefined;
  if (audience === 'nobody') return NOBODY;
  if (typeof audience === 'number') {
    if (!Number.isInteger(audience) || audience < 0)
      throw new EngineInvariantError(
        `a random draw's audience must be 'everyone', 'nobody', a seat or a list of seats, got ${String(audience)}`,
      );
    return SEATS[audience] ?? Object.freeze([audience]);
  }
  return Object.freeze([...audience]);
}

/**
 * Test hook (the information-set laws): replaces the value of a draw (`audience` undefined for
 * a public one), after the generator has drawn it (so every later draw is unchanged). Returns
 * the value to use.
 * @public
 */
export type Redraw = (
  value: number,
  min: number,
  max: number,
  audience: readonly number[] | undefined,
  kind: 'roll' | 'randomInt' | 'pick',
) => number;

/**
 * Test hook (the resampling law): given the outcome of a shuffle (the permuted items, after
 * the generator shuffled them, so every later draw is unchanged) and the zone name it was
 * logged with, returns the outcome to use (the same array, or another permutation of it).
 * @public
 */
export type ShuffleHook = (items: readonly unknown[], zone: string) => readonly unknown[];

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
  /** See {@link Redraw}; null outside the laws. */
  redraw: Redraw | null = null;
  /** See {@link ShuffleHook}; null outside the laws. */
  shuffleHook: ShuffleHook | null = null;
  /**
   * The chosen chance outcomes of a chance-aware run (`Engine.applyWithChance`), null otherwise:
   * each draw with more than one outcome takes the next chosen one, or stops the run with the
   * pending node when there is none left.
   */
  chance: ChanceCursor | null = null;
  /** What the next draw is, for its chance node (set only while `chance` is not null). */
  private nodeKind: ChanceNodeKind = 'randomInt';
  private nodeAudience: readonly number[] | undefined = undefined;
  private nodeItems: readonly unknown[] | null = null;
  private nodeLabel: { dice?: string; reason?: string; zone?: string } = {};
  /** The reveals of the current run (`reveal`), applied to the state's knowledge after it. */
  readonly reveals: Reveal[] = [];
  /** The cards this run moved in plain sight (`follow`): knowledge of them follows the move. */
  readonly follows: string[] = [];
  /** The game's declared zones (where `reveal` finds a card). */
  zones: readonly ZoneDeclaration[] = [];
  /** The zones shuffled in the current run (knowledge of their cards is dropped). */
  readonly shuffled: string[] = [];
  /**
   * The items of each shuffle of the current run, as they were when shuffled (index-aligned
   * with `shuffled`): a card that went through a shuffle is no longer known, even when the
   * same run deals it back to the zone where it was shown. Copied only while knowledge can
   * depend on it (the state held knowledge when the run began, or the run has revealed a
   * card); otherwise the entry is an empty list, so a game without knowledge copies nothing.
   */
  readonly shuffledItems: (readonly unknown[])[] = [];
  /**
   * Applies this run's reveals, shuffles and moves in plain sight to `state`'s knowledge
   * (`MatchState.known`), once the run is over; nothing when the run revealed nothing and the
   * state holds no knowledge.
   */
  settleKnowledge(state: { known?: readonly KnownCard[]; readonly game: unknown }): void {
    updateKnowledge(
      state,
      this.zones,
      this.reveals,
      this.shuffled,
      this.shuffledItems,
      this.follows,
    );
  }
  /** Whether the state held knowledge (`MatchState.known`) when the run began. */
  private knowing = false;
  private rngState: RngState = [1, 0, 0, 0];
  /** Whether the run has drawn: the generator then holds the state. */
  private drawn = false;
  private readonly gen = new Xoroshiro128Plus();
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

  /** Binds the context to a run; `knowing`: the match state holds knowledge (`known`). */
  begin(state: unknown, rng: RngState, events: GameEvent[] | null, knowing = false): void {
    this.state = state;
    this.knowing = knowing;
    this.rngState = rng;
    this.drawn = false;
    this.events = events;
    this.ended = false;
    if (this.reveals.length > 0) this.reveals.length = 0;
    if (this.follows.length > 0) this.follows.length = 0;
    if (this.shuffled.length > 0) this.shuffled.length = 0;
    if (this.shuffledItems.length > 0) this.shuffledItems.length = 0;
  }

  /** The generator state after the run (unchanged when nothing was drawn). */
  finish(): RngState {
    this.state = null;
    if (!this.drawn) return this.rngState;
    this.drawn = false;
    return this.gen.state();
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
    if (min === max) return min;
    if (!this.drawn) {
      this.gen.set(this.rngState);
      this.drawn = true;
    }
    const value = this.gen.int(min, max);
    return this.chance === null ? value : this.chosen(min, max);
  }

  /**
   * A chance-aware draw (the generator has drawn as usual, so every later draw and the final
   * generator state are those of a seeded run): the next chosen outcome, or the pending node.
   */
  private chosen(min: number, max: number): number {
    const cursor = this.chance as ChanceCursor;
    const count = max - min + 1;
    const k = cursor.position;
    if (k < cursor.chosen.length) {
      const o = cursor.chosen[k] as number;
      if (o >= count) throw new ChanceOutcomeRejected(outcomeOutOfRange(k, o, count));
      cursor.position = k + 1;
      return min + o;
    }
    const items = this.nodeItems;
    const outcomes = Array.from({ length: count }, (_, o) => ({
      outcome: o,
      probability: 1 / count,
      value: items === null ? min + o : items[min + o],
    }));
    const audience = this.nodeAudience;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a control-flow signal the engine catches, not an error (see ChancePending)
    throw new ChancePending({
      kind: this.nodeKind,
      draw: k,
      outcomes,
      audience: audience === undefined ? 'everyone' : audience,
      ...this.nodeLabel,
    });
  }

  /** Describes the next draws for their chance nodes (only in a chance-aware run). */
  private describeNext(
    kind: ChanceNodeKind,
    audience: readonly number[] | undefined,
    items: readonly unknown[] | null,
    label: { dice?: string; reason?: string; zone?: string },
  ): void {
    this.nodeKind = kind;
    this.nodeAudience = audience;
    this.nodeItems = items;
    this.nodeLabel = label;
  }

  emit(event: GameEvent, options?: EmitOptions): void {
    if (this.events === null) return;
    this.events.push(options?.consequence === true ? { ...event, consequence: true } : event);
  }

  reveal(card: string, options: RevealOptions): void {
    const to = options.to;
    const seats =
      to === 'everyone'
        ? 'everyone'
        : Object.freeze(
            (typeof to === 'number' ? [to] : [...to]).map((seat) => {
              if (!Number.isInteger(seat) || seat < 0 || seat >= this.players)
                throw new EngineInvariantError(
                  `ctx.reveal: 'to' must be 'everyone', a seat or a list of seats of this match, got ${String(seat)}`,
                );
              return seat;
            }),
          );
    // Where the card is now; a later shuffle of that zone in this step forgets it again.
    const zone = cardLocations(this.state, this.zones).get(card);
    if (zone === undefined)
      throw new EngineInvariantError(
        `ctx.reveal: card '${card}' is in none of the game's declared zones`,
      );
    this.reveals.push({ card, to: seats, zone, shuffles: this.shuffled.length });
  }

  follow(card: string): void {
    if (typeof card !== 'string')
      throw new EngineInvariantError(`ctx.follow: 'card' must be a card id, got ${typeof card}`);
    if (this.knowing) this.follows.push(card);
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

  roll(dice: string | DiceSpec, reason?: string | RandomOptions): DiceRoll {
    const spec = this.spec(dice);
    const values: number[] = [];
    let total = 0;
    const audience =
      reason === undefined || typeof reason === 'string' ? undefined : audienceOf(reason.audience);
    if (this.chance !== null) this.describeNext('roll', audience, null, rollLabel(spec, reason));
    for (let i = 0; i < spec.count; i++) {
      let v = this.draw(1, spec.sides);
      if (this.redraw !== null) v = this.redraw(v, 1, spec.sides, audience, 'roll');
      values.push(v);
      total += v;
    }
    if (this.events === null) return { values, total };
    if (reason === undefined || typeof reason === 'string')
      this.events.push(
        reason === undefined
          ? { type: 'roll', dice: formatDice(spec), values, total }
          : { type: 'roll', dice: formatDice(spec), values, total, reason },
      );
    else
      this.events.push(
        withOptions({ type: 'roll', dice: formatDice(spec), values, total }, reason, audience),
      );
    return { values, total };
  }

  rollTotal(dice: string | DiceSpec, reason?: string | RandomOptions): number {
    if (this.events !== null || (reason !== undefined && typeof reason !== 'string'))
      return this.roll(dice, reason).total;
    const spec = this.spec(dice);
    if (this.chance !== null) this.describeNext('roll', undefined, null, rollLabel(spec, reason));
    let total = 0;
    for (let i = 0; i < spec.count; i++) total += this.draw(1, spec.sides);
    return total;
  }

  int(min: number, max: number, reason?: string | RandomOptions): number {
    if (this.chance !== null)
      this.describeNext('randomInt', randomAudience(reason), null, reasonLabel(reason));
    if (reason !== undefined && typeof reason !== 'string') {
      const audience = audienceOf(reason.audience);
      let v = this.draw(min, max);
      if (this.redraw !== null) v = this.redraw(v, min, max, audience, 'randomInt');
      if (this.events !== null)
        this.events.push(withOptions({ type: 'randomInt', min, max, value: v }, reason, audience));
      return v;
    }
    let value = this.draw(min, max);
    if (this.redraw !== null) value = this.redraw(value, min, max, undefined, 'randomInt');
    if (this.events === null) return value;
    this.events.push(
      reason === undefined
        ? { type: 'randomInt', min, max, value }
        : { type: 'randomInt', min, max, value, reason },
    );
    return value;
  }

  shuffle<T>(items: T[], zone: string): void {
    if (this.chance !== null)
      this.describeNext('deal', shuffleAudienceOf(zone, this.zones), items, { zone });
    shuffleInPlace(items, this.drawFn);
    this.shuffled.push(zone);
    this.shuffledItems.push(this.knowing || this.reveals.length > 0 ? items.slice() : NOTHING);
    if (this.shuffleHook !== null) {
      const outcome = this.shuffleHook(items, zone);
      if (outcome !== items) for (let i = 0; i < items.length; i++) items[i] = outcome[i] as T;
    }
    if (this.events !== null) this.events.push({ type: 'shuffle', zone, size: items.length });
  }

  pick<T>(items: readonly T[], reason?: string | RandomOptions): T {
    if (items.length === 0) throw new EngineInvariantError('pick from an empty list');
    if (this.chance !== null)
      this.describeNext('pick', randomAudience(reason), items, reasonLabel(reason));
    if (reason !== undefined && typeof reason !== 'string') {
      const audience = audienceOf(reason.audience);
      let index = this.draw(0, items.length - 1);
      if (this.redraw !== null) index = this.redraw(index, 0, items.length - 1, audience, 'pick');
      if (this.events !== null)
        this.events.push(
          withOptions({ type: 'pick', index, size: items.length }, reason, audience),
        );
      return items[index] as T;
    }
    let index = this.draw(0, items.length - 1);
    if (this.redraw !== null) index = this.redraw(index, 0, items.length - 1, undefined, 'pick');
    if (this.events !== null)
      this.events.push(
        reason === undefined
          ? { type: 'pick', index, size: items.length }
          : { type: 'pick', index, size: items.length, reason },
      );
    return items[index] as T;
  }
}

/** Who may see a shuffle's order (undefined: everyone). */
function shuffleAudienceOf(
  zone: string,
  zones: readonly ZoneDeclaration[],
): readonly number[] | undefined {
  const audience = shuffleAudience(zone, zones);
  return audience === 'everyone' ? undefined : audience;
}

/** The audience of a draw's options (undefined: everyone). */
function randomAudience(reason: string | RandomOptions | undefined): readonly number[] | undefined {
  return reason === undefined || typeof reason === 'string'
    ? undefined
    : audienceOf(reason.audience);
}

/** The reason of a draw's options, as a chance node's label. */
function reasonLabel(reason: string | RandomOptions | undefined): { reason?: string } {
  const text = typeof reason === 'string' ? reason : reason?.reason;
  return text === undefined ? {} : { reason: text };
}

/** A roll's chance node label: one die of the roll, and its reason. */
function rollLabel(
  spec: DiceSpec,
  reason: string | RandomOptions | undefined,
): { dice: string; reason?: string } {
  return { dice: formatDice({ count: 1, sides: spec.sides }), ...reasonLabel(reason) };
}

/** A chance event with the reason and audience of its options. */
function withOptions(
  event: GameEvent,
  options: RandomOptions,
  audience: readonly number[] | undefined,
): GameEvent {
  const out: Record<string, unknown> = { ...event };
  if (options.reason !== undefined) out.reason = options.reason;
  if (audience !== undefined) out.audience = audience;
  return out as GameEvent;
}
