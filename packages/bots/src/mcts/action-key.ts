import { canonicalJson, type ActionBase } from '@ruleloom/core';

/** A canonical string for an action (JSON with sorted keys), to match actions across samples. */
export function actionKey(action: ActionBase): string {
  return canonicalJson(action);
}

/** Whether two actions are equal; fast for the usual flat actions (`{ type, amount }`). */
export function sameAction(a: ActionBase, b: ActionBase): boolean {
  if (a === b) return true;
  const ra = a as unknown as Readonly<Record<string, unknown>>;
  const rb = b as unknown as Readonly<Record<string, unknown>>;
  let count = 0;
  for (const key in ra) {
    const x = ra[key];
    const y = rb[key];
    if (x !== y) {
      if (
        typeof x !== 'object' ||
        typeof y !== 'object' ||
        x === null ||
        y === null ||
        canonicalJson(x) !== canonicalJson(y)
      )
        return false;
    }
    count++;
  }
  for (const _key in rb) count--;
  return count === 0;
}

/** Whether two lists of legal actions are equal, element by element. */
export function sameActions(a: readonly ActionBase[], b: readonly ActionBase[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (!sameAction(a[i] as ActionBase, b[i] as ActionBase)) return false;
  return true;
}
