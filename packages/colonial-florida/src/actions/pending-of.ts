import { rejection, type Rejection } from '@ruleloom/core';
import type { ColonialFloridaState, Pending } from '../state.js';

const ANSWERS: Readonly<Record<Pending['type'], string>> = {
  move: "'move' (choose die 0 or 1)",
  attack: "'attack' (commit combatants) or 'declineAttack'",
  chooseCasualty: "'chooseCasualty'",
  transfer: "'transfer' or 'skipTransfer'",
  moveCombatant: "'moveCombatant' or 'endAction'",
};

/** The pending decision when it is of this type for this seat, else the rejection to give. */
export function pendingOf<TType extends Pending['type']>(
  state: ColonialFloridaState,
  seat: number,
  type: TType,
  action: string,
): Extract<Pending, { type: TType }> | Rejection {
  const p = state.pending;
  if (p === null) return rejection('no_decision', 'no decision is awaited now');
  if (p.seat !== seat)
    return rejection('not_your_turn', `the awaited decision is seat ${p.seat}'s`);
  if (p.type !== type)
    return rejection(
      'wrong_decision',
      `'${action}' does not answer the awaited decision; answer with ${ANSWERS[p.type]}`,
    );
  return p as Extract<Pending, { type: TType }>;
}

/** No actions: what `enumerate` returns for another decision (shared: listing allocates nothing). */
export const NO_ACTIONS: readonly never[] = Object.freeze([]);

/** The pending decision when it is of this type for this seat, else undefined (for enumerate). */
export function pendingFor<TType extends Pending['type']>(
  state: ColonialFloridaState,
  seat: number,
  type: TType,
): Extract<Pending, { type: TType }> | undefined {
  const p = state.pending;
  return p !== null && p.seat === seat && p.type === type
    ? (p as Extract<Pending, { type: TType }>)
    : undefined;
}
