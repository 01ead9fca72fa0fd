import { actionTraitsOf } from '../define/action-traits.js';
import type { FieldSpec } from '../define/field-spec.js';
import type { Game } from '../define/game.js';
import type { ActionBase } from '../model/action.js';
import { Rng } from '../rng/rng.js';
import type { CardDefinition, CardTable } from '../cards/cards.js';
import { createEngine } from './engine.js';
import { canonicalJson } from '../util/canonical-json.js';
import type { GameView } from '../view/view.js';
import { forEachZoneHolder, type ZoneDeclaration } from '../zones/zone.js';
import {
  gameObservation,
  type ActionSpace,
  type GameObservation,
  type ObservationPart,
} from '../observation/observation.js';

/**
 * The match a default observation encoding is derived for: its player count and options
 * (sizes depend on both: how many cups, how many dice).
 * @public
 */
export interface ObservationSetup {
  /** Number of players. */
  readonly players: number;
  /** Option values; missing ones take the game's defaults. */
  readonly options?: Readonly<Record<string, unknown>>;
}

/**
 * How {@link defaultObservation} explores a game to find the fields of its views and its
 * actions (the defaults suit small games).
 * @public
 */
export interface DefaultObservationSampling {
  /** The seeds of the playouts (uniform random play), in order. Default `[0, 1, 2, 3, 4, 5, 6, 7]`. */
  readonly seeds?: readonly number[];
  /** The most decisions per playout. Default 400. */
  readonly steps?: number;
  /** The most distinct strings one field may hold to be encoded one-hot (more: left out). Default 16. */
  readonly maxStrings?: number;
  /** The most entries the fields outside zones may take together. Default 4096. */
  readonly maxFieldEntries?: number;
}

/** A leaf of a view outside the zones: a number, a flag, or one of a few strings. */
interface Leaf {
  readonly path: string;
  kind: 'number' | 'boolean' | 'string' | 'mixed';
  readonly strings: string[];
}

/** What the action space reads of a match. */
interface Counts {
  readonly players: number;
  readonly cards: CardTable;
}

/** The part of a game these helpers read. */
interface ZonesOf {
  readonly zones?: readonly ZoneDeclaration[];
}

/** One zone as it occurs in a match (`players.1.cup`), with its count field's path. */
interface ZoneSlot {
  readonly path: string;
  readonly countPath: string | undefined;
  readonly slot: boolean;
}

const DEFAULTS = {
  seeds: [0, 1, 2, 3, 4, 5, 6, 7],
  steps: 400,
  maxStrings: 16,
  maxFieldEntries: 4096,
} as const;

const cache = new WeakMap<object, Map<string, GameObservation>>();

/**
 * The observation features of a game for a setup: the ones the game declares
 * (`game.observation`), else the {@link defaultObservation} derived from its declarations.
 * Every game, kits written without features included, thus reaches the learning hosts.
 *
 * @example
 * ```ts
 * const features = observationFor(liarsDice, { players: 2, options: { dice: 2 } });
 * ```
 * @public
 */
export function observationFor<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(game: Game<TState, TAction, TOptions, TCard>, setup: ObservationSetup): GameObservation<TAction> {
  return gameObservation(game) ?? defaultObservation(game, setup);
}

/**
 * A fixed-length observation encoding and action index space derived from a game's
 * declarations, for games that declare no observation features (`game.observation`).
 *
 * @remarks
 * Like the view type, it is read off the game's zones and the fields of its state, and it
 * encodes nothing but a seat's view, so it holds nothing the seat may not see:
 *
 * - `seat`: the observing seat, one-hot;
 * - for every zone of the match (`players.0.cup`, `pool`), the cards the view shows there
 *   (or the seat knows are there), counted per card definition, then the zone's size (its
 *   `countAs` field when the zone is hidden);
 * - every other field of the views (`round`, `bid.quantity`, `players.1.diceLeft`,
 *   `phase`): a number as it is, a flag as 0 or 1, a string one-hot over the values it took.
 *
 * Which fields and actions exist is found by exploring the match: the views of every seat
 * and the legal actions along a few seeded playouts of uniform random play (see
 * {@link DefaultObservationSampling}), so the result is the same in every process. A field or
 * an action no playout reached is not encoded (an action without an index is never offered
 * to a learner): a game whose views or actions are too large to explore declares its own
 * `observation`. Actions are indexed whatever the view: each action type, in the order the
 * game declares them, takes a block of indexes; a type that declares its fields
 * (`traits.fields`) numbers every combination of their values (any card of the table, any
 * seat, a flag, a declared `oneOf`, else the values the playouts met), any other type the
 * actions of it the playouts met. Results are cached per game and setup.
 *
 * @example
 * ```ts
 * const features = defaultObservation(game, { players: 2 });
 * const names = observationNames(features); // ['seat[0]', 'seat[1]', 'pool[0]', ...]
 * ```
 * @public
 */
export function defaultObservation<
  TState,
  TAction extends ActionBase,
  TOptions,
  TCard extends CardDefinition,
>(
  game: Game<TState, TAction, TOptions, TCard>,
  setup: ObservationSetup,
  sampling: DefaultObservationSampling = {},
): GameObservation<TAction> {
  const key = canonicalJson({ setup, sampling });
  let forGame = cache.get(game);
  if (forGame === undefined) {
    forGame = new Map();
    cache.set(game, forGame);
  }
  const found = forGame.get(key);
  if (found !== undefined) return found as GameObservation<TAction>;
  const made = derive(game, setup, { ...DEFAULTS, ...sampling });
  forGame.set(key, made);
  return made;
}

function derive<TState, TAction extends ActionBase, TOptions, TCard extends CardDefinition>(
  game: Game<TState, TAction, TOptions, TCard>,
  setup: ObservationSetup,
  sampling: Required<DefaultObservationSampling>,
): GameObservation<TAction> {
  const engine = createEngine(game, {
    players: setup.players,
    options: setup.options ?? {},
  });
  const players = engine.players;
  const definitions = engine.cards.definitions.map((d) => d.id);
  const definitionIndex = new Map(definitions.map((id, i) => [id, i]));
  // The zones of every state the playouts pass (a list of piles may grow), first seen first.
  const zoneByPath = new Map<string, ZoneSlot>();
  const zonesSeen = (state: unknown): void => {
    for (const zone of zonesOf(game, state))
      if (!zoneByPath.has(zone.path)) zoneByPath.set(zone.path, zone);
  };
  const skip = skipPatterns(game);
  const leaves = new Map<string, Leaf>();
  const actions = new Map<string, TAction>();
  const seen = (view: GameView): void => {
    walk(view, '', (path, value) => {
      if (skip(path)) return;
      let leaf = leaves.get(path);
      const kind =
        typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
      if (leaf === undefined) {
        leaf = { path, kind, strings: [] };
        leaves.set(path, leaf);
      } else if (leaf.kind !== kind) leaf.kind = 'mixed';
      if (kind === 'string' && leaf.strings.length <= sampling.maxStrings) {
        const text = value as string;
        if (!leaf.strings.includes(text)) leaf.strings.push(text);
      }
    });
  };
  for (const seed of sampling.seeds) {
    const rng = Rng.fromSeed(`default-observation:${String(seed)}`);
    const state = engine.clone(engine.initialState(seed).state);
    for (let step = 0; ; step++) {
      zonesSeen(state.game);
      for (let seat = 0; seat < players; seat++) seen(engine.view(state, seat));
      const toAct = engine.toAct(state);
      if (toAct.length === 0 || step >= sampling.steps) break;
      for (const seat of toAct)
        for (const action of engine.legalActions(state, seat))
          actions.set(canonicalJson(action), action);
      const seat = toAct[0] as number;
      const legal = engine.legalActions(state, seat);
      if (legal.length === 0) break;
      const result = engine.step(state, seat, legal[rng.int(0, legal.length - 1)], false);
      if (!result.ok) break;
    }
  }
  const zoneSlots = [...zoneByPath.values()];
  const fieldParts: { leaf: Leaf; size: number }[] = [];
  let fieldEntries = 0;
  for (const leaf of leaves.values()) {
    if (leaf.kind === 'mixed') continue;
    if (leaf.kind === 'string') {
      if (leaf.strings.length > sampling.maxStrings) continue;
      leaf.strings.sort();
    }
    const size = leaf.kind === 'string' ? leaf.strings.length : 1;
    if (size === 0 || fieldEntries + size > sampling.maxFieldEntries) continue;
    fieldParts.push({ leaf, size });
    fieldEntries += size;
  }
  const layout: ObservationPart[] = [{ name: 'seat', size: players }];
  for (const zone of zoneSlots) {
    if (definitions.length > 0) layout.push({ name: zone.path, size: definitions.length });
    layout.push({ name: `${zone.path}.size`, size: 1 });
  }
  for (const { leaf, size } of fieldParts) layout.push({ name: leaf.path, size });
  const size = layout.reduce((sum, part) => sum + part.size, 0);
  const encode = (view: GameView, seat: number, into: Float32Array): void => {
    into.fill(0, 0, size);
    let at = 0;
    if (seat >= 0 && seat < players) into[at + seat] = 1;
    at += players;
    const known = knownByZone(view);
    for (const zone of zoneSlots) {
      const content = readPath(view, zone.path);
      const ids =
        typeof content === 'string'
          ? [content]
          : Array.isArray(content)
            ? (content as unknown[]).filter((c): c is string => typeof c === 'string')
            : (known.get(zone.path) ?? []);
      if (definitions.length > 0) {
        for (const id of ids) {
          const index = definitionIndex.get(engine.cards.byInstance.get(id)?.id ?? '');
          if (index !== undefined) into[at + index] = (into[at + index] as number) + 1;
        }
        at += definitions.length;
      }
      const count = zone.countPath === undefined ? undefined : readPath(view, zone.countPath);
      into[at] =
        typeof content === 'string' || Array.isArray(content)
          ? ids.length
          : typeof count === 'number' && Number.isFinite(count)
            ? count
            : zone.slot && content === null
              ? 0
              : ids.length;
      at += 1;
    }
    for (const { leaf, size: partSize } of fieldParts) {
      const value = readPath(view, leaf.path);
      if (leaf.kind === 'number')
        into[at] = typeof value === 'number' && Number.isFinite(value) ? value : 0;
      else if (leaf.kind === 'boolean') into[at] = value === true ? 1 : 0;
      else if (typeof value === 'string') {
        const index = leaf.strings.indexOf(value);
        if (index >= 0) into[at + index] = 1;
      }
      at += partSize;
    }
  };
  const actionSpace = actionSpaceOf(game, engine, [...actions.values()]);
  return Object.freeze({
    size,
    encode: encode,
    actions: actionSpace,
    layout: Object.freeze(layout),
  });
}

/** How one action type is numbered: by its declared fields' values, or by a list of actions. */
interface TypeSpace<TAction> {
  readonly type: string;
  readonly offset: number;
  readonly size: number;
  /** Declared fields (sorted by name) with their values; undefined: numbered by `list`. */
  readonly fields:
    readonly { name: string; values: unknown[]; keys: Map<string, number> }[] | undefined;
  readonly list: readonly TAction[];
  readonly listKeys: Map<string, number>;
}

/** The marker of an optional field left out of an action. */
const ABSENT = Symbol('absent');

/** The most indexes one action type may take when numbered by its declared fields. */
const MAX_TYPE_SIZE = 1 << 16;

/**
 * The action index space: each action type in the game's order takes a block of indexes. A
 * type that declares its fields (`traits.fields`) numbers every combination of their values
 * (a card: any card of the table; a seat: any seat; a flag; a declared `oneOf`; other kinds:
 * the values the playouts met), else it numbers the actions of that type the playouts met.
 */
function actionSpaceOf<TAction extends ActionBase>(
  game: { readonly actions: object },
  engine: Counts,
  seen: readonly TAction[],
): ActionSpace<TAction> {
  const traits = actionTraitsOf(game);
  const spaces: TypeSpace<TAction>[] = [];
  const byType = new Map<string, TypeSpace<TAction>>();
  let offset = 0;
  for (const type of Object.keys(game.actions)) {
    const ofType = seen.filter((a) => a.type === type).sort((a, b) => compareValues(a, b));
    const declared = traits.fieldsOf(type);
    let fields: TypeSpace<TAction>['fields'];
    let size = ofType.length;
    if (declared !== undefined) {
      fields = Object.keys(declared)
        .sort()
        .map((name) => {
          const spec = declared[name] as FieldSpec;
          const values = domainOf(spec, engine);
          for (const a of ofType) {
            const v = name in a ? (a as Record<string, unknown>)[name] : ABSENT;
            if (
              !values.some(
                (w) =>
                  w === v ||
                  (v !== ABSENT && w !== ABSENT && canonicalJson(w) === canonicalJson(v)),
              )
            )
              values.push(v);
          }
          const keys = new Map(values.map((v, i) => [v === ABSENT ? '' : canonicalJson(v), i]));
          return { name, values, keys };
        });
      const product = fields.reduce((n, f) => n * f.values.length, 1);
      if (product <= MAX_TYPE_SIZE) size = product;
      else fields = undefined;
    }
    const space: TypeSpace<TAction> = {
      type,
      offset,
      size,
      fields,
      list: ofType,
      listKeys: new Map(ofType.map((a, i) => [canonicalJson(a), i])),
    };
    spaces.push(space);
    byType.set(type, space);
    offset += size;
  }
  const indexOf = (action: TAction): number | undefined => {
    const space = byType.get(action.type);
    if (space === undefined) return undefined;
    if (space.fields === undefined) {
      const at = space.listKeys.get(canonicalJson(action));
      return at === undefined ? undefined : space.offset + at;
    }
    const record = action as Record<string, unknown>;
    for (const key of Object.keys(record))
      if (key !== 'type' && !space.fields.some((f) => f.name === key)) return undefined;
    let index = 0;
    for (const field of space.fields) {
      const at = field.keys.get(field.name in record ? canonicalJson(record[field.name]) : '');
      if (at === undefined) return undefined;
      index = index * field.values.length + at;
    }
    return space.offset + index;
  };
  const actionAt = (index: number): TAction | undefined => {
    if (!Number.isInteger(index) || index < 0) return undefined;
    const space = spaces.find((s) => index >= s.offset && index < s.offset + s.size);
    if (space === undefined) return undefined;
    let rest = index - space.offset;
    if (space.fields === undefined) return space.list[rest];
    const out: Record<string, unknown> = { type: space.type };
    const picked: unknown[] = [];
    for (let f = space.fields.length - 1; f >= 0; f--) {
      const field = space.fields[f] as { values: unknown[] };
      picked[f] = field.values[rest % field.values.length];
      rest = Math.floor(rest / field.values.length);
    }
    space.fields.forEach((field, f) => {
      if (picked[f] !== ABSENT) out[field.name] = picked[f];
    });
    return out as TAction;
  };
  return { size: Math.max(1, offset), indexOf, actionAt };
}

/** The values a declared field may take whatever the position (more are added from play). */
function domainOf(spec: FieldSpec, engine: Counts): unknown[] {
  const s = typeof spec === 'string' ? { kind: spec } : spec;
  const values: unknown[] = [];
  if (s.optional === true) values.push(ABSENT);
  if (s.nullable === true) values.push(null);
  if (s.oneOf !== undefined) values.push(...s.oneOf);
  else if (s.kind === 'card') values.push(...engine.cards.instanceIds);
  else if (s.kind === 'seat') for (let p = 0; p < engine.players; p++) values.push(p);
  else if (s.kind === 'boolean') values.push(false, true);
  return values;
}

/** A fixed order of JSON values: numbers by value, anything else by its JSON. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const ka = canonicalJson(a);
  const kb = canonicalJson(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Every zone occurrence of a match, from its initial state (`players.*.cup` → one per player). */
function zonesOf(game: ZonesOf, state: unknown): ZoneSlot[] {
  const out: ZoneSlot[] = [];
  for (const zone of game.zones ?? []) {
    forEachZoneHolder(state, zone.path, (_holder, _key, _owner, at) => {
      const parent = at.includes('.') ? at.slice(0, at.lastIndexOf('.') + 1) : '';
      out.push({
        path: at,
        countPath: zone.countAs === undefined ? undefined : `${parent}${zone.countAs}`,
        slot: zone.kind === 'slot',
      });
    });
  }
  return out;
}

/** Whether a view path belongs to a zone, a zone's count field, or the seat's knowledge. */
function skipPatterns(game: ZonesOf): (path: string) => boolean {
  const patterns: RegExp[] = [/^known(\.|$)/];
  const escape = (part: string): string =>
    part === '*' ? '\\d+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const zone of game.zones ?? []) {
    const parts = zone.path.split('.');
    patterns.push(new RegExp(`^${parts.map(escape).join('\\.')}(\\.|$)`));
    if (zone.countAs !== undefined) {
      const count = [...parts.slice(0, -1), zone.countAs];
      patterns.push(new RegExp(`^${count.map(escape).join('\\.')}$`));
    }
  }
  return (path) => patterns.some((p) => p.test(path));
}

/** Calls `visit` with the dotted path of every number, flag and string in a JSON value. */
function walk(value: unknown, path: string, visit: (path: string, value: unknown) => void): void {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
    visit(path, value);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const prefix = path === '' ? '' : `${path}.`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], `${prefix}${String(i)}`, visit);
    return;
  }
  for (const [key, v] of Object.entries(value)) walk(v, `${prefix}${key}`, visit);
}

/** The value at a dotted path of a JSON value (array indexes as numbers), or undefined. */
function readPath(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The cards a view says its seat knows, by the zone they are in (`players.1.hand`). */
function knownByZone(view: GameView): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!Array.isArray(view.known)) return out;
  for (const entry of view.known as unknown[]) {
    const k = entry as { card?: unknown; zone?: unknown };
    if (typeof k.card !== 'string' || typeof k.zone !== 'string') continue;
    const list = out.get(k.zone);
    if (list === undefined) out.set(k.zone, [k.card]);
    else list.push(k.card);
  }
  return out;
}
