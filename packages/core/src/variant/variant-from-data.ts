import { applyCardOverrides, type CardDefinition } from '../cards/cards.js';
import { cardOverridePaths } from '../define/card-override-paths.js';
import { defineVariant, type PhaseOverrides } from '../define/define-variant.js';
import type { AnyGame } from '../define/game.js';
import type { PhaseDefinition } from '../define/types.js';
import { GameDefinitionError } from '../errors/game-definition-error.js';
import type { Problem } from '../errors/problem.js';
import { didYouMean } from '../errors/suggest.js';
import { checkOptionValue } from '../options/options.js';
import { describeValue, quoteName } from '../util/describe.js';

/**
 * A variant as a data file says it (JSON or YAML, parsed): which game it changes and how.
 * Everything but `game` is optional.
 *
 * @example
 * ```json
 * { "game": "st-augustine", "name": "Cheap monopolies",
 *   "options": { "trading": "off" },
 *   "phases": { "replace": [{ "id": "monopoly", "steps": [{ "type": "monopolyBonus",
 *     "params": { "table": [0, 0, 2000, 5000, 9000, 14000] } }],
 *     "next": [{ "to": "$end", "when": { "type": "lastTurnPlayed" } }, { "to": "record" }] }] } }
 * ```
 * @public
 */
export interface VariantData {
  /** The id of the game this variant changes (`st-augustine`). */
  readonly game: string;
  /** The variant's id (kebab-case; default: the game's id + `-variant`). Saves are tied to it. */
  readonly id?: string;
  /** A name for people. */
  readonly name?: string;
  /** What the variant is for, in a sentence or two. */
  readonly description?: string;
  /** New values for the game's declared options (they become the variant's defaults). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Cards to add, replace (by id) or remove (by id), with their params. */
  readonly cards?: {
    readonly add?: readonly unknown[];
    readonly replace?: readonly unknown[];
    readonly remove?: readonly string[];
  };
  /** Phases to insert, replace or remove by id, using the game's named effects and conditions. */
  readonly phases?: PhaseOverrides<unknown>;
}

/**
 * The outcome of {@link variantFromData}: the variant game, or every problem with its path in
 * the data file (`options.turns`, `phases.replace[0].steps[0].params`).
 * @public
 */
export type VariantFromDataResult<TGame extends AnyGame = AnyGame> =
  | { readonly ok: true; readonly variant: TGame; readonly data: VariantData }
  | { readonly ok: false; readonly problems: readonly Problem[] };

const TOP_KEYS = [
  '$schema',
  'game',
  'id',
  'name',
  'description',
  'options',
  'cards',
  'phases',
] as const;
const PHASE_KEYS = ['insert', 'replace', 'remove'] as const;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The most problems one check lists. */
const MAX_PROBLEMS = 100;

/**
 * The bounds of a variant file's data, checked by {@link variantFromData} before anything
 * else (a file from someone else cannot make a host keep or check megabytes of it). Each
 * excess is a problem with its path and the limit.
 * @public
 */
export const VARIANT_LIMITS = {
  /** The most characters of `description`. */
  description: 10_000,
  /** The most characters of `name`. */
  name: 200,
  /** The most characters of an id: the variant's, a phase's, a card's, an option name. */
  id: 100,
  /** The most phase changes: `insert`, `replace` and `remove` entries together. */
  phaseChanges: 1_000,
  /** The most card changes: `add`, `replace` and `remove` entries together. */
  cardChanges: 1_000,
  /** The most option values. */
  options: 1_000,
} as const;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * Builds a variant of `game` from a variant file's data (already parsed from JSON or YAML),
 * on {@link defineVariant}: option values, card and phase changes, checked against the game's
 * declared options, cards, effects (with their `checkParams`) and phase ids. Never throws on
 * bad data: every problem comes back with its path in the file and a sentence.
 *
 * @example
 * ```ts
 * const r = variantFromData(stAugustine, { game: 'st-augustine', options: { turns: 30 } });
 * if (r.ok) createMatch(r.variant, { seed: 1, players: 3 });
 * else for (const p of r.problems) console.log(`${p.path}: ${p.message}`);
 * ```
 * @public
 */
export function variantFromData<TGame extends AnyGame>(
  game: TGame,
  data: unknown,
): VariantFromDataResult<TGame> {
  const problems: Problem[] = [];
  if (!isRecord(data))
    return {
      ok: false,
      problems: [{ path: '', message: `a variant is an object, got ${describeValue(data)}` }],
    };
  const tooBig = checkBounds(data);
  if (tooBig.length > 0) return { ok: false, problems: tooBig.slice(0, MAX_PROBLEMS) };
  for (const key of Object.keys(data))
    if (!(TOP_KEYS as readonly string[]).includes(key))
      problems.push({
        path: key,
        message: `unknown field ${quoteName(key)} (a variant has ${TOP_KEYS.join(', ')}).${didYouMean(key, TOP_KEYS)}`,
      });
  if (data.game !== game.id)
    problems.push({
      path: 'game',
      message: `this variant is checked against '${game.id}', but it names ${describeValue(data.game)}`,
    });
  const id = data.id ?? `${game.id}-variant`;
  if (typeof id !== 'string' || !KEBAB.test(id) || id === game.id)
    problems.push({
      path: 'id',
      message: `the id must be kebab-case text other than '${game.id}', got ${describeValue(id)}`,
    });
  for (const key of ['name', 'description'] as const)
    if (data[key] !== undefined && typeof data[key] !== 'string')
      problems.push({ path: key, message: `expected text, got ${describeValue(data[key])}` });

  const merged = applyCardOverrides(game.cards as readonly CardDefinition[], data.cards, 'cards');
  problems.push(...merged.problems);
  let badCards = false;
  if (isRecord(data.cards))
    for (const key of ['add', 'replace'] as const) {
      const list = data.cards[key];
      if (Array.isArray(list))
        list.forEach((card: unknown, i) => {
          if (!isRecord(card)) {
            badCards = true;
            problems.push({
              path: `cards.${key}[${String(i)}]`,
              message: `expected a card definition object, got ${describeValue(card)}`,
            });
          }
        });
    }
  const cardIds = merged.cards.flatMap((c: unknown) =>
    isRecord(c) && typeof c.id === 'string' ? [c.id] : [],
  );
  const schema = game.options;
  const options = data.options ?? {};
  // Options that check: the definition below is built with these, so that the problems of
  // cards and phases are found even when an option is wrong.
  const goodOptions: Record<string, unknown> = {};
  let blocked = badCards;
  if (!isRecord(options))
    problems.push({
      path: 'options',
      message: `expected an object, got ${describeValue(options)}`,
    });
  else
    for (const [name, value] of Object.entries(options)) {
      const spec = hasOwn(schema, name) ? schema[name] : undefined;
      if (spec === undefined) {
        problems.push({
          path: `options.${name}`,
          message: `'${game.id}' has no option ${quoteName(name)}.${didYouMean(name, Object.keys(schema)) || ` Its options: ${Object.keys(schema).join(', ')}.`}`,
        });
        continue;
      }
      const messages = checkOptionValue(spec, value, {
        players: (game.players as { min: number }).min,
        cardIds,
      });
      for (const message of messages) problems.push({ path: `options.${name}`, message });
      if (messages.length === 0) goodOptions[name] = value;
    }

  const phases = data.phases;
  let phaseOrigins = new Map<unknown, string>();
  if (phases !== undefined) {
    if (!isRecord(phases))
      problems.push({
        path: 'phases',
        message: `expected { insert?, replace?, remove? }, got ${describeValue(phases)}`,
      });
    else {
      for (const key of Object.keys(phases))
        if (!(PHASE_KEYS as readonly string[]).includes(key))
          problems.push({
            path: `phases.${key}`,
            message: `unknown phase change ${quoteName(key)} (use insert, replace or remove)`,
          });
      const shapes = checkPhaseShapes(phases);
      problems.push(...shapes);
      if (shapes.length > 0) blocked = true;
      else problems.push(...checkPhaseRefs(game, phases));
      phaseOrigins = originsOf(phases);
    }
  }
  // Shapes the definition cannot read stop here; every other problem is listed with the
  // definition's own (unknown effects, params, phase ids).
  if (blocked || !isRecord(phases ?? {}) || merged.problems.some((p) => !p.path.includes('[')))
    return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };

  try {
    // The game's own types do not matter here: data is checked at run time.
    const define = defineVariant as unknown as (base: AnyGame, spec: object) => TGame;
    const variant = define(game, {
      id: typeof id === 'string' && KEBAB.test(id) && id !== game.id ? id : `${game.id}-variant`,
      ...(typeof data.name === 'string' ? { name: data.name } : {}),
      defaults: goodOptions as never,
      cards: data.cards as never,
      phases: phases as never,
    });
    if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
    return { ok: true, variant, data: data as unknown as VariantData };
  } catch (error) {
    if (!(error instanceof GameDefinitionError)) throw error;
    const finalPhases = mergedPhases(game.phases, phases);
    const mapped = cardOverridePaths(
      error.problems,
      merged.cards,
      game.cards as readonly CardDefinition[],
      data.cards,
      'cards',
    ).map((p) => ({ path: dataPath(p.path, finalPhases, phaseOrigins), message: p.message }));
    const seen = new Set(problems.map((p) => `${p.path}\n${p.message}`));
    for (const p of mapped) if (!seen.has(`${p.path}\n${p.message}`)) problems.push(p);
    return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  }
}

/** The entries of a list field, or none when it is not a list. */
function entries(record: unknown, key: string): readonly unknown[] {
  const value = isRecord(record) ? record[key] : undefined;
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/**
 * The {@link VARIANT_LIMITS} the data exceeds, each with its path and the limit. Counts come
 * first, so that a list of 100,000 changes is refused before any entry is read.
 */
function checkBounds(data: Readonly<Record<string, unknown>>): Problem[] {
  const problems: Problem[] = [];
  const text = (value: unknown, path: string, max: number, what: string): void => {
    if (typeof value === 'string' && value.length > max)
      problems.push({
        path,
        message: `${what} is ${String(value.length)} characters long; at most ${String(max)} are allowed`,
      });
  };
  const count = (n: number, path: string, max: number, what: string): boolean => {
    if (n <= max) return true;
    problems.push({
      path,
      message: `${String(n)} ${what}; at most ${String(max)} are allowed`,
    });
    return false;
  };
  text(data.description, 'description', VARIANT_LIMITS.description, 'the description');
  text(data.name, 'name', VARIANT_LIMITS.name, 'the name');
  text(data.id, 'id', VARIANT_LIMITS.id, 'the id');
  const id = (value: unknown, path: string): void => {
    text(value, path, VARIANT_LIMITS.id, 'the id');
  };
  if (isRecord(data.options)) {
    const names = Object.keys(data.options);
    if (count(names.length, 'options', VARIANT_LIMITS.options, 'option values'))
      for (const name of names)
        if (name.length > VARIANT_LIMITS.id)
          problems.push({
            path: `options.${name.slice(0, 60)}…`,
            message: `the option name is ${String(name.length)} characters long; at most ${String(VARIANT_LIMITS.id)} are allowed`,
          });
  }
  const phaseLists = PHASE_KEYS.map((key) => [key, entries(data.phases, key)] as const);
  const phaseCount = phaseLists.reduce((n, [, list]) => n + list.length, 0);
  if (
    count(
      phaseCount,
      'phases',
      VARIANT_LIMITS.phaseChanges,
      'phase changes (insert, replace and remove together)',
    )
  )
    for (const [key, list] of phaseLists)
      list.forEach((entry, i) => {
        const at = `phases.${key}[${String(i)}]`;
        if (key === 'remove') id(entry, at);
        else if (key === 'replace') id(isRecord(entry) ? entry.id : undefined, `${at}.id`);
        else if (isRecord(entry)) {
          id(isRecord(entry.phase) ? entry.phase.id : undefined, `${at}.phase.id`);
          id(entry.before, `${at}.before`);
          id(entry.after, `${at}.after`);
        }
      });
  const cardLists = (['add', 'replace', 'remove'] as const).map(
    (key) => [key, entries(data.cards, key)] as const,
  );
  const cardCount = cardLists.reduce((n, [, list]) => n + list.length, 0);
  if (
    count(
      cardCount,
      'cards',
      VARIANT_LIMITS.cardChanges,
      'card changes (add, replace and remove together)',
    )
  )
    for (const [key, list] of cardLists)
      list.forEach((entry, i) => {
        const at = `cards.${key}[${String(i)}]`;
        if (key === 'remove') id(entry, at);
        else id(isRecord(entry) ? entry.id : undefined, `${at}.id`);
      });
  return problems;
}

/** Where each phase object of the data was written (`phases.replace[0]`). */
function originsOf(phases: Readonly<Record<string, unknown>>): Map<unknown, string> {
  const origins = new Map<unknown, string>();
  if (Array.isArray(phases.replace))
    phases.replace.forEach((p: unknown, i) => origins.set(p, `phases.replace[${String(i)}]`));
  if (Array.isArray(phases.insert))
    phases.insert.forEach((e: unknown, i) => {
      if (isRecord(e)) origins.set(e.phase, `phases.insert[${String(i)}].phase`);
    });
  return origins;
}

/** The shapes defineVariant relies on: arrays, phase objects with ids, anchors as text. */
function checkPhaseShapes(phases: Readonly<Record<string, unknown>>): Problem[] {
  const problems: Problem[] = [];
  const list = (key: string): unknown[] | undefined => {
    const value = phases[key];
    if (value === undefined) return undefined;
    if (Array.isArray(value)) return value as unknown[];
    problems.push({
      path: `phases.${key}`,
      message: `expected a list, got ${describeValue(value)}`,
    });
    return undefined;
  };
  const phaseShape = (phase: unknown, at: string): void => {
    if (!isRecord(phase))
      problems.push({ path: at, message: `expected a phase object, got ${describeValue(phase)}` });
    else if (typeof phase.id !== 'string')
      problems.push({
        path: `${at}.id`,
        message: `expected a phase id, got ${describeValue(phase.id)}`,
      });
    else if (phase.steps !== undefined && !Array.isArray(phase.steps))
      problems.push({ path: `${at}.steps`, message: 'expected a list of { type, params } steps' });
  };
  list('remove')?.forEach((id, i) => {
    if (typeof id !== 'string')
      problems.push({
        path: `phases.remove[${String(i)}]`,
        message: `expected a phase id, got ${describeValue(id)}`,
      });
  });
  list('replace')?.forEach((p, i) => {
    phaseShape(p, `phases.replace[${String(i)}]`);
  });
  list('insert')?.forEach((e, i) => {
    const at = `phases.insert[${String(i)}]`;
    if (!isRecord(e)) {
      problems.push({ path: at, message: 'expected { phase, before? , after? }' });
      return;
    }
    phaseShape(e.phase, `${at}.phase`);
    for (const key of ['before', 'after'])
      if (e[key] !== undefined && typeof e[key] !== 'string')
        problems.push({
          path: `${at}.${key}`,
          message: `expected a phase id, got ${describeValue(e[key])}`,
        });
  });
  return problems;
}

type Checked = { readonly checkParams?: (params: unknown) => readonly string[] } | undefined;

/** Checks one `{ type, params }` reference against the game's named handlers. */
function checkRef(
  ref: unknown,
  at: string,
  what: 'effect' | 'condition',
  handlers: Readonly<Record<string, unknown>>,
  problems: Problem[],
): void {
  if (!isRecord(ref) || typeof ref.type !== 'string') {
    problems.push({ path: at, message: `expected { type, params } naming an ${what}` });
    return;
  }
  if (!hasOwn(handlers, ref.type)) {
    problems.push({
      path: `${at}.type`,
      message: `unknown ${what} '${ref.type}'.${didYouMean(ref.type, Object.keys(handlers)) || ` Known: ${Object.keys(handlers).join(', ')}.`}`,
    });
    return;
  }
  const check = (handlers[ref.type] as Checked)?.checkParams;
  if (check !== undefined)
    for (const message of check(ref.params))
      problems.push({ path: `${at}.params`, message: `${ref.type}: ${message}` });
}

/** The effects and conditions the data's new phases name, with their params, where written. */
function checkPhaseRefs(game: AnyGame, phases: Readonly<Record<string, unknown>>): Problem[] {
  const problems: Problem[] = [];
  const effects = game.effects;
  const conditions = game.conditions ?? {};
  const written: [unknown, string][] = [];
  if (Array.isArray(phases.replace))
    phases.replace.forEach((p: unknown, i) => written.push([p, `phases.replace[${String(i)}]`]));
  if (Array.isArray(phases.insert))
    phases.insert.forEach((e: unknown, i) => {
      if (isRecord(e)) written.push([e.phase, `phases.insert[${String(i)}].phase`]);
    });
  for (const [phase, at] of written) {
    if (!isRecord(phase)) continue;
    if (Array.isArray(phase.steps))
      phase.steps.forEach((step: unknown, j) => {
        checkRef(step, `${at}.steps[${String(j)}]`, 'effect', effects, problems);
      });
    if (phase.skipIf !== undefined)
      checkRef(phase.skipIf, `${at}.skipIf`, 'condition', conditions, problems);
    if (Array.isArray(phase.next))
      phase.next.forEach((t: unknown, j) => {
        if (isRecord(t) && t.when !== undefined)
          checkRef(t.when, `${at}.next[${String(j)}].when`, 'condition', conditions, problems);
      });
  }
  return problems;
}

/** The phase list defineVariant builds (same order of operations), for mapping paths. */
function mergedPhases(base: readonly PhaseDefinition[], raw: unknown): PhaseDefinition[] {
  let phases = [...base];
  if (!isRecord(raw)) return phases;
  const ov = raw as PhaseOverrides<PhaseDefinition>;
  phases = phases.filter((p) => !(ov.remove ?? []).includes(p.id));
  for (const phase of ov.replace ?? []) {
    const at = phases.findIndex((p) => p.id === phase.id);
    if (at >= 0) phases[at] = phase;
  }
  for (const entry of ov.insert ?? []) {
    const anchor = entry.before ?? entry.after;
    if (anchor === undefined) {
      phases.push(entry.phase);
      continue;
    }
    const at = phases.findIndex((p) => p.id === anchor);
    if (at >= 0) phases.splice(entry.before !== undefined ? at : at + 1, 0, entry.phase);
  }
  return phases;
}

/** Rewrites a definition problem's path to where the data file wrote it. */
function dataPath(
  path: string,
  phases: readonly PhaseDefinition[],
  origins: ReadonlyMap<unknown, string>,
): string {
  if (path.startsWith('defaults.')) return `options.${path.slice('defaults.'.length)}`;
  const option = /^options\.([^.]+)\.default$/.exec(path);
  if (option !== null) return `options.${option[1] as string}`;
  const phase = /^phases\[(\d+)\](.*)$/.exec(path);
  if (phase !== null) {
    const found = phases[Number(phase[1])];
    const at = origins.get(found);
    if (at !== undefined) return `${at}${phase[2] as string}`;
    return found === undefined
      ? path
      : `phases(the game's '${found.id}' phase)${phase[2] as string}`;
  }
  return path;
}
