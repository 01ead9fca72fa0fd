import type { ActionBase } from '@ruleloom/core';
import { useState } from 'react';
import {
  cardName,
  spaceName,
  type ColonialFloridaPresentContext,
} from '@ruleloom/colonial-florida/present';
import { namesContext } from '../../presenters.js';

/** An attack: pick the committed combatants among the eligible ones, attack or decline. */
export function CommitPicker({
  target,
  eligible,
  legalActions,
  disabled,
  act,
}: {
  target: number | undefined;
  eligible: readonly string[];
  legalActions: readonly ActionBase[];
  disabled: boolean;
  act: (action: ActionBase) => void;
}) {
  const names = namesContext<ColonialFloridaPresentContext>('colonial-florida');
  const [picked, setPicked] = useState<readonly string[]>(eligible);
  const decline = legalActions.find((a) => a.type === 'declineAttack');
  const commit = eligible.filter((c) => picked.includes(c));
  return (
    <fieldset aria-label="attack">
      <legend>Attack {target === undefined ? '' : spaceName(names, target)}?</legend>
      {eligible.map((card) => (
        <label key={card} className="row">
          <input
            type="checkbox"
            checked={picked.includes(card)}
            onChange={(e) =>
              setPicked(e.target.checked ? [...picked, card] : picked.filter((c) => c !== card))
            }
          />
          {cardName(names, card)}
        </label>
      ))}
      <div className="row">
        <button
          disabled={disabled || commit.length === 0}
          onClick={() => act({ type: 'attack', commit } as ActionBase)}
        >
          Attack with {commit.length} combatant{commit.length === 1 ? '' : 's'}
        </button>
        {decline !== undefined && (
          <button disabled={disabled} onClick={() => act(decline)}>
            Decline the attack
          </button>
        )}
      </div>
    </fieldset>
  );
}
