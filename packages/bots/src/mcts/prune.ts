import type { ActionBase, ActionTraitIndex } from '@ruleloom/core';

/**
 * The legal actions with amounts pruned: for each action `type` that declares an amount (see
 * `ActionTraits` in `@ruleloom/core`), only the `keep` lowest amounts stay; every other action
 * stays. Order is kept. Returns `legal` itself when nothing is pruned (no allocation for the
 * usual lists).
 */
export function pruneAmounts<TAction extends ActionBase>(
  legal: readonly TAction[],
  keep: number,
  traits: ActionTraitIndex,
): readonly TAction[] {
  if (keep === Infinity || legal.length <= keep || traits.amountTypes.length === 0) return legal;
  // Count amount actions per type; most lists have one such type.
  let counted: Map<string, number[]> | undefined;
  for (const action of legal) {
    const amount = traits.amountOf(action);
    if (amount === undefined) continue;
    counted ??= new Map();
    const list = counted.get(action.type);
    if (list === undefined) counted.set(action.type, [amount]);
    else list.push(amount);
  }
  if (counted === undefined) return legal;
  let pruned = false;
  const limit = new Map<string, number>();
  for (const [type, amounts] of counted) {
    if (amounts.length <= keep) {
      limit.set(type, Infinity);
      continue;
    }
    pruned = true;
    amounts.sort((a, b) => a - b);
    limit.set(type, amounts[keep - 1] as number);
  }
  if (!pruned) return legal;
  const out: TAction[] = [];
  for (const action of legal) {
    const amount = traits.amountOf(action);
    if (amount === undefined || amount <= (limit.get(action.type) as number)) out.push(action);
  }
  return out;
}

/**
 * The legal actions without their wide types: every action `type` with more than `max`
 * legal actions (a trade phase's hundreds of listed proposals) is left out, the rest keep
 * their order. When every action is of a wide type the list is returned as it is. Returns
 * `legal` itself when nothing is left out (no allocation for the usual lists).
 */
export function pruneWide<TAction extends ActionBase>(
  legal: readonly TAction[],
  max: number,
): readonly TAction[] {
  if (max === Infinity || legal.length <= max) return legal;
  const counts = new Map<string, number>();
  for (const action of legal) counts.set(action.type, (counts.get(action.type) ?? 0) + 1);
  let wide = 0;
  for (const n of counts.values()) if (n > max) wide += n;
  if (wide === 0 || wide === legal.length) return legal;
  return legal.filter((a) => (counts.get(a.type) as number) <= max);
}
