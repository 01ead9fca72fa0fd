/*
 * The legal actions of a seat made into controls for any game, read only from the actions
 * themselves and the game's declared action traits (fields with `oneOf`, amounts with their
 * step): no game is named here.
 */
import { actionTraitsOf, type ActionBase, type AnyGame, type FieldSpec } from '@ruleloom/core';

/** A value a select or number field can hold. */
export type Scalar = string | number | boolean;

/** The legal actions of one type, in the order the game lists them. */
export interface ActionGroup {
  readonly type: string;
  readonly actions: readonly ActionBase[];
  /** The fields besides `type`, in declared order (else the first action's order). */
  readonly fields: readonly string[];
  /** Whether every field of every action is a string, number or boolean (a form can pick it). */
  readonly scalar: boolean;
}

/** One field of a form: a select of choices, or a number input with its bounds. */
export type FieldControl =
  | { readonly field: string; readonly kind: 'select'; readonly values: readonly Scalar[] }
  | {
      readonly field: string;
      readonly kind: 'number';
      readonly values: readonly number[];
      readonly min: number;
      readonly max: number;
      readonly step: number;
    };

/** A group with at most this many actions is shown as one button per action. */
export const MAX_BUTTONS = 6;

/** More distinct numbers than this in a field make a number input rather than a select. */
const MAX_SELECT = 12;

function isScalar(v: unknown): v is Scalar {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function fieldsOf(action: ActionBase): string[] {
  return Object.keys(action).filter((k) => k !== 'type');
}

/** The legal actions grouped by type, in the order each type first appears. */
export function groupActions(
  game: AnyGame | undefined,
  actions: readonly ActionBase[],
): ActionGroup[] {
  const traits = game === undefined ? undefined : actionTraitsOf(game);
  const byType = new Map<string, ActionBase[]>();
  for (const a of actions) {
    const list = byType.get(a.type);
    if (list === undefined) byType.set(a.type, [a]);
    else list.push(a);
  }
  return [...byType].map(([type, list]) => {
    const declared = traits?.fieldsOf(type);
    const seen = new Set<string>();
    for (const a of list) for (const f of fieldsOf(a)) seen.add(f);
    const order = declared === undefined ? [] : Object.keys(declared).filter((f) => seen.has(f));
    const fields = [...order, ...[...seen].filter((f) => !order.includes(f))];
    const scalar = list.every((a) =>
      fields.every((f) => isScalar((a as unknown as Record<string, unknown>)[f])),
    );
    return { type, actions: list, fields, scalar };
  });
}

/** Whether a group is offered as one button per action (few actions, or fields a form cannot pick). */
export function asButtons(group: ActionGroup): boolean {
  return group.fields.length === 0 || !group.scalar || group.actions.length <= MAX_BUTTONS;
}

function valueOf(a: ActionBase, field: string): unknown {
  return (a as unknown as Record<string, unknown>)[field];
}

/** The actions of a group that agree with the chosen values of the given fields. */
function matching(
  group: ActionGroup,
  chosen: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): readonly ActionBase[] {
  return group.actions.filter((a) => fields.every((f) => valueOf(a, f) === chosen[f]));
}

function oneOf(spec: FieldSpec | undefined): readonly (string | number)[] | undefined {
  return typeof spec === 'object' ? spec.oneOf : undefined;
}

/**
 * The controls of a group's form, each field's choices narrowed by the values chosen for the
 * fields before it (so every combination offered is legal), with `chosen` completed: a value
 * that is no longer a choice becomes the first one. A declared amount, or a number field with
 * many values, is a number input bounded by the legal amounts (its declared step).
 */
export function formControls(
  game: AnyGame | undefined,
  group: ActionGroup,
  chosen: Readonly<Record<string, unknown>>,
): { readonly controls: FieldControl[]; readonly values: Record<string, unknown> } {
  const traits = game === undefined ? undefined : actionTraitsOf(game);
  const declared = traits?.fieldsOf(group.type);
  const amount = traits?.amountTrait(group.type);
  const values: Record<string, unknown> = {};
  const controls: FieldControl[] = [];
  group.fields.forEach((field, i) => {
    const pool = matching(group, values, group.fields.slice(0, i));
    const distinct = [...new Set(pool.map((a) => valueOf(a, field)).filter(isScalar))];
    const order = oneOf(declared?.[field]);
    if (order !== undefined)
      distinct.sort(
        (x, y) => order.indexOf(x as string | number) - order.indexOf(y as string | number),
      );
    else if (distinct.every((v) => typeof v === 'number')) distinct.sort((x, y) => x - y);
    const numbers = distinct.every((v) => typeof v === 'number');
    const wanted = chosen[field];
    if (
      numbers &&
      distinct.length > 0 &&
      (amount?.field === field || distinct.length > MAX_SELECT)
    ) {
      const nums = distinct;
      const min = nums[0]!;
      const max = nums[nums.length - 1]!;
      values[field] = typeof wanted === 'number' && Number.isFinite(wanted) ? wanted : min;
      controls.push({
        field,
        kind: 'number',
        values: nums,
        min,
        max,
        step: amount?.field === field ? (amount.step ?? 1) : 1,
      });
    } else {
      values[field] = distinct.includes(wanted as Scalar) ? wanted : distinct[0];
      controls.push({ field, kind: 'select', values: distinct });
    }
  });
  return { controls, values };
}

/** The legal action of a group with exactly the chosen field values, if there is one. */
export function chosenAction(
  group: ActionGroup,
  values: Readonly<Record<string, unknown>>,
): ActionBase | undefined {
  return matching(group, values, group.fields)[0];
}
