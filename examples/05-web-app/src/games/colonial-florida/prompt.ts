import { spaceName, type ColonialFloridaPresentContext } from '@ruleloom/colonial-florida/present';
import { FLORIDA_MAP } from '@ruleloom/colonial-florida';
import type { ActionBase } from '@ruleloom/core';
import { namesContext } from '../../presenters.js';
import type { FloridaView } from './florida-view.js';

const names = () => namesContext<ColonialFloridaPresentContext>('colonial-florida');

/** Where a pawn on `from` lands after `steps` spaces clockwise round the ring. */
export function destination(from: number, steps: number): number {
  const size = FLORIDA_MAP.spaces.length;
  return ((from - 1 + steps) % size) + 1;
}

/** `Move 4 to Pensacola (12)`: the die's value and where the pawn lands. */
export function moveLabel(view: FloridaView, seat: number | null, die: number): string {
  const dice = view.pending?.dice;
  const steps = dice?.[die];
  const pawn = seat === null ? undefined : view.players[seat]?.pawn;
  if (steps === undefined || pawn === undefined) return `Move by die ${String(die + 1)}`;
  return `Move ${String(steps)} to ${spaceName(names(), destination(pawn, steps))}`;
}

/** The sentence that tells the seat what it is asked now (null when it is not to act). */
export function floridaPrompt(
  view: FloridaView,
  seat: number | null,
  legalActions: readonly ActionBase[],
): string | null {
  if (legalActions.length === 0 || view.pending === null) return null;
  const p = view.pending;
  switch (p.type) {
    case 'move': {
      const dice = p.dice ?? [0, 0];
      return `You rolled ${String(dice[0])} and ${String(dice[1])}: choose which die your pawn moves by.`;
    }
    case 'attack':
      return `Attack ${p.target === undefined ? 'this settlement' : spaceName(names(), p.target)}? Pick the combatants to commit, or decline.`;
    case 'chooseCasualty':
      return 'Your side lost the roll: choose which combatant is lost.';
    case 'transfer':
      return 'You conquered it! Move one surviving combatant in, or transfer nothing.';
    case 'moveCombatant':
      return 'Move a movable combatant one step to an adjacent settlement, or end the action.';
    default:
      return seat === null ? null : 'Your decision.';
  }
}
