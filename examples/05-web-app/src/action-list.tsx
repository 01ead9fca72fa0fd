import type { ActionBase } from '@ruleloom/core';
import { actionLabel } from '@ruleloom/react';

/** Every given action as a button: the fallback control for what a board does not draw. */
export function ActionList({
  actions,
  disabled,
  act,
  label = 'actions',
}: {
  actions: readonly ActionBase[];
  disabled: boolean;
  act: ((action: ActionBase) => void) | undefined;
  label?: string;
}) {
  if (actions.length === 0 || act === undefined) return null;
  return (
    <div role="group" aria-label={label} className="row">
      {actions.map((a) => (
        <button key={actionLabel(a)} disabled={disabled} onClick={() => act(a)}>
          {actionLabel(a)}
        </button>
      ))}
    </div>
  );
}
