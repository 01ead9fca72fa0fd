import type { ActionBase } from '@ruleloom/core';

/**
 * A short generic label for an action, for games without words for it: its type, then its
 * fields (`bid: quantity 2, face 5`).
 * @public
 */
export function actionLabel(action: ActionBase): string {
  const { type, ...rest } = action as ActionBase & Record<string, unknown>;
  const detail = Object.entries(rest)
    .map(
      ([k, v]) =>
        `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean)}`,
    )
    .join(', ');
  return detail === '' ? type : `${type}: ${detail}`;
}
