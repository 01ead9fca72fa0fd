import type { Problem } from '../errors/problem.js';
import type { ActionBase } from '../model/action.js';
import { describeValue } from '../util/describe.js';
import { checkFieldSpec, type FieldsOf, type FieldSpec } from './field-spec.js';

/**
 * The fields of an action type whose values are numbers.
 * @public
 */
export type NumericFieldOf<TAction> = {
  [K in keyof TAction & string]: TAction[K] extends number ? K : never;
}[keyof TAction & string];

/**
 * An action's amount (a bid, a stake, chips offered): the numeric field that holds it and
 * where its legal range comes from.
 * @public
 */
export interface AmountTrait<TAction = ActionBase> {
  /** The field holding the amount. */
  readonly field: NumericFieldOf<TAction>;
  /**
   * `'listed'`: the legal actions list every amount accepted now, so the lowest and highest
   * listed are the bounds and any other amount is refused; `'sampled'`: they list some
   * amounts of a range and others inside it may be accepted too.
   */
  readonly bounds: 'listed' | 'sampled';
  /** The smallest difference between two accepted amounts (St. Augustine: $1,000). */
  readonly step?: number;
  /**
   * True when the legal actions list this type's amounts in ascending order (the laws check
   * it): generic code then finds the lowest listed amount without scanning the whole list.
   */
  readonly ascending?: boolean;
}

/**
 * An {@link AmountTrait} as generic code reads it (the field is any field name).
 * @public
 */
export interface DeclaredAmount {
  /** The field holding the amount. */
  readonly field: string;
  /** Where the legal range comes from (see {@link AmountTrait.bounds}). */
  readonly bounds: 'listed' | 'sampled';
  /** The smallest difference between two accepted amounts. */
  readonly step?: number;
  /** Whether the legal actions list the amounts in ascending order. */
  readonly ascending?: boolean;
}

/**
 * {@link ActionTraits} as every action handler carries them, whatever its action (field names
 * are plain strings here; write `ActionTraits<MyAction>` to have them checked against the
 * action's type).
 * @public
 */
export interface DeclaredActionTraits {
  readonly fields?: Readonly<Record<string, FieldSpec>>;
  readonly amount?: DeclaredAmount;
  readonly pass?: boolean;
  readonly decline?: boolean;
  readonly undoable?: boolean;
}

/**
 * What generic code (bots, the laws, fuzzers, observation encoders) may know about one
 * action type without knowing the game: the fields it takes, which of them is an amount,
 * and whether it passes or declines the decision. Declared on the action's handler
 * (`traits`) and checked when the game is defined.
 * @public
 */
export interface ActionTraits<TAction extends ActionBase = ActionBase> {
  /** The fields the action takes besides `type`, each with its kind (every field, exactly). */
  readonly fields?: FieldsOf<TAction>;
  /** The field that is an amount, if any. */
  readonly amount?: AmountTrait<TAction>;
  /**
   * True for the action that passes or declines the decision (leave an auction, decline an
   * attack, end an action): what a seat does when it does nothing.
   */
  readonly pass?: boolean;
  /**
   * True for the action that turns down what another seat asked of this one (reject a trade
   * offer): not a pass for search bots, but, like a pass, what a seat does when it does
   * nothing, so a turn clock plays it when time runs out (see
   * {@link ActionTraitIndex.timeoutAction}).
   */
  readonly decline?: boolean;
  /**
   * True when a seat may take this action back (undo) as long as nothing hidden came out
   * after it: no random draw, no card newly seen by any seat, no declared reveal. Hosts check
   * that with `takeBack` of `@ruleloom/core`; undeclared means never undoable.
   */
  readonly undoable?: boolean;
}

/**
 * A game's action traits read for fast use by generic code (see {@link actionTraitsOf}).
 * @public
 */
export interface ActionTraitIndex {
  /** The action types declared as pass/decline, in declaration order. */
  readonly passTypes: readonly string[];
  /** The action types that declare an amount, in declaration order. */
  readonly amountTypes: readonly string[];
  /**
   * The action types a turn clock plays when a seat runs out of time: those declared as pass
   * or decline, in declaration order.
   */
  readonly timeoutTypes: readonly string[];
  /** Whether an action's type is declared as a pass/decline. */
  isPass(action: ActionBase): boolean;
  /** Whether an action's type is declared undoable (see {@link ActionTraits.undoable}). */
  isUndoable(action: ActionBase): boolean;
  /** The declared amount of an action (a finite number), else undefined. */
  amountOf(action: ActionBase): number | undefined;
  /** The amount trait of an action type, if it declares one. */
  amountTrait(type: string): DeclaredAmount | undefined;
  /** The declared fields of an action type, if it declares them. */
  fieldsOf(type: string): Readonly<Record<string, FieldSpec>> | undefined;
  /**
   * What a seat that runs out of time plays: the first of `legalActions` whose type is a
   * declared pass or decline (earliest declared type first), else the first legal action;
   * undefined when there is none.
   */
  timeoutAction<TAction extends ActionBase>(legalActions: readonly TAction[]): TAction | undefined;
}

const CACHE = new WeakMap<object, ActionTraitIndex>();

/**
 * The action traits a game declares, indexed for generic code (cached per game). A game that
 * declares none gets an index that knows no pass and no amount.
 * @public
 */
export function actionTraitsOf(game: { readonly actions: object }): ActionTraitIndex {
  let index = CACHE.get(game);
  if (index === undefined) {
    index = buildIndex(game.actions);
    CACHE.set(game, index);
  }
  return index;
}

/** What the index knows of one action type. */
interface TypeInfo {
  readonly pass: boolean;
  readonly undoable: boolean;
  readonly amount: DeclaredAmount | undefined;
  readonly fields: Readonly<Record<string, FieldSpec>> | undefined;
}

const UNDECLARED: TypeInfo = Object.freeze({
  pass: false,
  undoable: false,
  amount: undefined,
  fields: undefined,
});

function buildIndex(handlers: object): ActionTraitIndex {
  const actions = handlers as Readonly<
    Record<string, { readonly traits?: DeclaredActionTraits } | undefined>
  >;
  const passTypes: string[] = [];
  const amountTypes: string[] = [];
  const timeoutTypes: string[] = [];
  const infos = new Map<string, TypeInfo>();
  for (const [type, handler] of Object.entries(actions)) {
    const traits = handler?.traits;
    if (traits === undefined) continue;
    if (traits.pass === true) passTypes.push(type);
    if (traits.amount !== undefined) amountTypes.push(type);
    if (traits.pass === true || traits.decline === true) timeoutTypes.push(type);
    infos.set(
      type,
      Object.freeze({
        pass: traits.pass === true,
        undoable: traits.undoable === true,
        amount: traits.amount,
        fields: traits.fields,
      }),
    );
  }
  // Generic code asks about the same few types over and over (a list of bids and a pass):
  // the last four types asked are compared by identity before the map is read.
  const recentTypes: (string | undefined)[] = [undefined, undefined, undefined, undefined];
  const recentInfos: TypeInfo[] = [UNDECLARED, UNDECLARED, UNDECLARED, UNDECLARED];
  let next = 0;
  const info = (type: string): TypeInfo => {
    for (let i = 0; i < 4; i++) if (recentTypes[i] === type) return recentInfos[i] as TypeInfo;
    const found = infos.get(type) ?? UNDECLARED;
    recentTypes[next] = type;
    recentInfos[next] = found;
    next = (next + 1) & 3;
    return found;
  };
  return Object.freeze({
    passTypes: Object.freeze(passTypes),
    amountTypes: Object.freeze(amountTypes),
    timeoutTypes: Object.freeze(timeoutTypes),
    isPass: (action: ActionBase) => info(action.type).pass,
    isUndoable: (action: ActionBase) => info(action.type).undoable,
    amountOf(action: ActionBase) {
      const amount = info(action.type).amount;
      if (amount === undefined) return undefined;
      const value = (action as unknown as Readonly<Record<string, unknown>>)[amount.field];
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    },
    amountTrait: (type: string) => info(type).amount,
    fieldsOf: (type: string) => info(type).fields,
    timeoutAction<TAction extends ActionBase>(legal: readonly TAction[]): TAction | undefined {
      for (const type of timeoutTypes) {
        const found = legal.find((a) => a.type === type);
        if (found !== undefined) return found;
      }
      return legal[0];
    },
  });
}

/**
 * Problems of a game's declared action traits, for definition checks: unknown field kinds,
 * an amount that is not a declared numeric field, a bad step, a pass that takes an amount.
 * @public
 */
export function checkActionTraits(actions: Readonly<Record<string, unknown>>): Problem[] {
  const problems: Problem[] = [];
  for (const [type, handler] of Object.entries(actions)) {
    const traits = (handler as { traits?: unknown } | null)?.traits;
    if (traits === undefined) continue;
    const path = `actions.${type}.traits`;
    if (typeof traits !== 'object' || traits === null) {
      problems.push({ path, message: `should be an object, got ${describeValue(traits)}` });
      continue;
    }
    const t = traits as {
      fields?: unknown;
      amount?: unknown;
      pass?: unknown;
      decline?: unknown;
      undoable?: unknown;
    };
    if (t.undoable !== undefined && typeof t.undoable !== 'boolean')
      problems.push({ path: `${path}.undoable`, message: `should be true or false` });
    if (t.pass !== undefined && typeof t.pass !== 'boolean')
      problems.push({ path: `${path}.pass`, message: `should be true or false` });
    if (t.decline !== undefined && typeof t.decline !== 'boolean')
      problems.push({ path: `${path}.decline`, message: `should be true or false` });
    if (t.decline === true && t.amount !== undefined)
      problems.push({
        path,
        message: 'a decline action takes no amount: declare one or the other',
      });
    let fields: Record<string, unknown> | undefined;
    if (t.fields !== undefined) {
      if (typeof t.fields !== 'object' || t.fields === null) {
        problems.push({ path: `${path}.fields`, message: 'should map each field to its kind' });
      } else {
        fields = t.fields as Record<string, unknown>;
        for (const [name, spec] of Object.entries(fields))
          for (const message of checkFieldSpec(spec, name))
            problems.push({ path: `${path}.fields.${name}`, message });
      }
    }
    if (t.amount !== undefined) problems.push(...checkAmount(t.amount, fields, t.pass, path));
  }
  return problems;
}

function checkAmount(
  amount: unknown,
  fields: Record<string, unknown> | undefined,
  pass: unknown,
  path: string,
): Problem[] {
  const problems: Problem[] = [];
  const a = (typeof amount === 'object' && amount !== null ? amount : {}) as {
    field?: unknown;
    bounds?: unknown;
    step?: unknown;
    ascending?: unknown;
  };
  if (typeof a.field !== 'string')
    problems.push({ path: `${path}.amount.field`, message: 'should name the amount field' });
  else if (fields !== undefined) {
    const kind = fields[a.field];
    const k = typeof kind === 'string' ? kind : (kind as { kind?: unknown } | undefined)?.kind;
    if (k !== 'integer' && k !== 'number')
      problems.push({
        path: `${path}.amount.field`,
        message: `'${a.field}' should be a declared integer or number field`,
      });
  }
  if (a.bounds !== 'listed' && a.bounds !== 'sampled')
    problems.push({
      path: `${path}.amount.bounds`,
      message: `should be 'listed' or 'sampled', got ${describeValue(a.bounds)}`,
    });
  if (
    a.step !== undefined &&
    !(typeof a.step === 'number' && a.step > 0 && Number.isFinite(a.step))
  )
    problems.push({ path: `${path}.amount.step`, message: 'should be a positive number' });
  if (a.ascending !== undefined && typeof a.ascending !== 'boolean')
    problems.push({ path: `${path}.amount.ascending`, message: 'should be true or false' });
  if (pass === true)
    problems.push({ path, message: 'a pass action takes no amount: declare one or the other' });
  return problems;
}
