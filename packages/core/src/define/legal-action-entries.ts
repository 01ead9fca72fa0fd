import { actionTraitsOf } from './action-traits.js';
import type { ActionBase } from '../model/action.js';

/**
 * One legal action, listed as it is.
 * @public
 */
export interface LegalActionOne<TAction extends ActionBase = ActionBase> {
  readonly type: 'action';
  /** The action. */
  readonly action: TAction;
}

/**
 * A run of legal actions that differ only in one integer field, which goes from `from` to
 * `to` in steps of `step` ("bid amount 5,000–10,000,000 step 1,000"). It stands for
 * `(to - from) / step + 1` actions: `{ ...action, [field]: from + k * step }` for each k.
 * @public
 */
export interface LegalActionRange<TAction extends ActionBase = ActionBase> {
  readonly type: 'range';
  /** The first action of the run (its `field` holds `from`). */
  readonly action: TAction;
  /** The field that changes along the run. */
  readonly field: string;
  /** The field's value in the first action of the run. */
  readonly from: number;
  /** The field's value in the last action of the run. */
  readonly to: number;
  /** The difference between two neighbours (never 0; negative for a descending run). */
  readonly step: number;
}

/**
 * One entry of {@link CompactLegalActions}.
 * @public
 */
export type LegalActionEntry<TAction extends ActionBase = ActionBase> =
  LegalActionOne<TAction> | LegalActionRange<TAction>;

/**
 * A seat's legal actions in compact form: ranges of actions that differ in one integer field,
 * and the other actions as they are, in the order of the plain list. Its size does not grow
 * with the width of a range (a player's money), only with the number of runs.
 * {@link expandLegalActions} gives back exactly the plain list, in order.
 * @public
 */
export interface CompactLegalActions<TAction extends ActionBase = ActionBase> {
  /** How many actions the entries stand for (the length of the plain list). */
  readonly count: number;
  /** The entries, in the order of the plain list. */
  readonly entries: readonly LegalActionEntry<TAction>[];
}

/**
 * Options of {@link compactLegalActions}.
 * @public
 */
export interface CompactLegalActionsOptions {
  /**
   * The fields in which runs of an action type are sought (for example its declared amount
   * field). Return undefined to seek runs in any field holding a safe integer.
   */
  readonly rangeFields?: (type: string) => readonly string[] | undefined;
  /** The shortest run written as a range (default 3: shorter runs are listed as they are). */
  readonly minRun?: number;
}

type Fields = Readonly<Record<string, unknown>>;

/** The shortest run {@link compactLegalActions} writes as a range unless told otherwise. */
const DEFAULT_MIN_RUN = 3;

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i] as string;
    if (kb[i] !== key) return false;
    if (!sameValue((a as Fields)[key], (b as Fields)[key])) return false;
  }
  return true;
}

/**
 * The one field in which `b` differs from `a` when both have the same keys in the same order,
 * that field holds a safe integer in both, and `allowed` (when given) names it; else
 * undefined.
 */
function singleIntegerDifference(
  a: Fields,
  b: Fields,
  allowed: readonly string[] | undefined,
): string | undefined {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return undefined;
  let found: string | undefined;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i] as string;
    if (kb[i] !== key) return undefined;
    const x = a[key];
    const y = b[key];
    if (sameValue(x, y)) continue;
    if (found !== undefined) return undefined;
    if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) return undefined;
    if (allowed !== undefined && !allowed.includes(key)) return undefined;
    found = key;
  }
  return found;
}

/** Whether `b` continues a run ending at `a` along `field` by `step`. */
function continuesRun(a: Fields, b: Fields, field: string, step: number): boolean {
  const x = a[field];
  const y = b[field];
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isSafeInteger(y)) return false;
  if (y - x !== step) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i] as string;
    if (kb[i] !== key) return false;
    if (key !== field && !sameValue(a[key], b[key])) return false;
  }
  return true;
}

/**
 * Compacts a plain list of legal actions: every run of at least `minRun` neighbours that
 * differ only in one safe-integer field by the same step becomes one
 * {@link LegalActionRange}; the rest stay as they are. Works on any list (a game that
 * declares nothing gets runs found in any integer field); `legalActionSet` uses a
 * game's declared amount fields. {@link expandLegalActions} of the result equals `actions`.
 * @public
 */
export function compactLegalActions<TAction extends ActionBase>(
  actions: readonly TAction[],
  options: CompactLegalActionsOptions = {},
): CompactLegalActions<TAction> {
  const minRun = Math.max(2, Math.floor(options.minRun ?? DEFAULT_MIN_RUN));
  const entries: LegalActionEntry<TAction>[] = [];
  const n = actions.length;
  let i = 0;
  while (i < n) {
    const first = actions[i] as TAction;
    const second = actions[i + 1];
    let end = i;
    let field: string | undefined;
    let step = 0;
    if (second !== undefined && second.type === first.type) {
      const allowed = options.rangeFields?.(first.type);
      field = singleIntegerDifference(first as Fields, second as Fields, allowed);
      if (field !== undefined) {
        step = ((second as Fields)[field] as number) - ((first as Fields)[field] as number);
        if (Number.isSafeInteger(step) && step !== 0) {
          end = i + 1;
          while (
            end + 1 < n &&
            continuesRun(actions[end] as Fields, actions[end + 1] as Fields, field, step)
          )
            end++;
        }
      }
    }
    if (field !== undefined && end - i + 1 >= minRun) {
      entries.push({
        type: 'range',
        action: first,
        field,
        from: (first as Fields)[field] as number,
        to: (actions[end] as Fields)[field] as number,
        step,
      });
      i = end + 1;
    } else {
      entries.push({ type: 'action', action: first });
      i++;
    }
  }
  return { count: n, entries };
}

/**
 * How many actions one entry stands for (a range: `(to - from) / step + 1`; 0 for a range
 * that is not well formed: a zero step, or bounds that the step does not join).
 * @public
 */
export function legalEntryCount(entry: LegalActionEntry): number {
  if (entry.type === 'action') return 1;
  const { from, to, step } = entry;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || !Number.isSafeInteger(step))
    return 0;
  if (step === 0) return 0;
  const span = (to - from) / step;
  return Number.isInteger(span) && span >= 0 ? span + 1 : 0;
}

/**
 * The plain list of legal actions a {@link CompactLegalActions} stands for, in order (each
 * range's actions are fresh copies of its `action` with `field` set). A range that is not
 * well formed (see `legalEntryCount`) stands for nothing.
 * @public
 */
export function expandLegalActions<TAction extends ActionBase>(
  compact: CompactLegalActions<TAction>,
): TAction[] {
  const out: TAction[] = [];
  for (const entry of compact.entries) {
    if (entry.type === 'action') {
      out.push(entry.action);
      continue;
    }
    const count = legalEntryCount(entry);
    for (let k = 0; k < count; k++)
      out.push({ ...entry.action, [entry.field]: entry.from + k * entry.step });
  }
  return out;
}

/**
 * The fields a game declares as the amounts of each action type, for
 * {@link CompactLegalActionsOptions.rangeFields}: an action type with a declared amount is
 * compacted along that field only; an action type whose fields are declared, along its
 * declared integer fields; any other type, along any integer field.
 * @public
 */
export function declaredRangeFields(game: {
  readonly actions: object;
}): (type: string) => readonly string[] | undefined {
  const traits = actionTraitsOf(game);
  const cache = new Map<string, readonly string[] | undefined>();
  return (type) => {
    if (cache.has(type)) return cache.get(type);
    let fields: readonly string[] | undefined;
    const amount = traits.amountTrait(type);
    if (amount !== undefined) fields = [amount.field];
    else {
      const declared = traits.fieldsOf(type);
      if (declared !== undefined)
        fields = Object.entries(declared)
          .filter(([, spec]) => {
            const kind = typeof spec === 'string' ? spec : spec.kind;
            return kind === 'integer' || kind === 'number';
          })
          .map(([name]) => name);
    }
    cache.set(type, fields);
    return fields;
  };
}

/**
 * The entries a handler's `enumerateCompact` gave, as {@link compactLegalActions} writes them:
 * a range standing for fewer than three actions becomes its actions, one standing for none is
 * dropped (for the engine; not exported from the package).
 */
export function normalizeLegalEntries<TAction extends ActionBase>(
  entries: readonly LegalActionEntry<TAction>[],
): CompactLegalActions<TAction> {
  const out: LegalActionEntry<TAction>[] = [];
  let count = 0;
  for (const entry of entries) {
    if (entry.type === 'action') {
      out.push(entry);
      count++;
      continue;
    }
    const n = legalEntryCount(entry);
    if (n >= DEFAULT_MIN_RUN) {
      out.push(entry);
      count += n;
      continue;
    }
    for (let k = 0; k < n; k++) {
      const value = entry.from + k * entry.step;
      const action =
        (entry.action as Fields)[entry.field] === value
          ? entry.action
          : ({ ...entry.action, [entry.field]: value } as TAction);
      out.push({ type: 'action', action });
    }
    count += n;
  }
  return { count, entries: out };
}
