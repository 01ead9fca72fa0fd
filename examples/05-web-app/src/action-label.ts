import type { ActionBase } from '@ruleloom/core';

/** A short generic label for an action button: its type, then its fields. */
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
