import type { GameEvent, LogEntry } from '@ruleloom/core';

/** One side of a battle: who fought, the dice rolled (`3d6`), each die's face and the total. */
export interface BattleSide {
  /** A seat, a hazard marker's raiders (`'pirate'`, `'raid'`), or null for an empty settlement. */
  readonly who: number | string | null;
  readonly dice: string;
  /** The faces of the deciding roll (empty when the log does not show them). */
  readonly faces: readonly number[];
  readonly total: number;
}

/** A battle as the log tells it: where, both sides, the winner and what followed. */
export interface Battle {
  /** The log entry it happened in. */
  readonly seq: number;
  readonly space: number;
  readonly attacker: BattleSide;
  readonly defender: BattleSide;
  /** Ties rerolled before the deciding roll. */
  readonly rerolls: number;
  readonly winner: 'attacker' | 'defender';
  /** The events right after it: conquest, destroyed cards, casualties. */
  readonly aftermath: readonly GameEvent[];
}

/** Events that start something new: the aftermath of a battle stops before them. */
const NEXT = new Set([
  'battle',
  'markerMoved',
  'turnStarted',
  'pawnMoved',
  'actionEnded',
  'income',
]);

/** The faces of the last roll for `reason` among `events` (none when hidden or absent). */
function lastFaces(events: readonly GameEvent[], reason: string): number[] {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'roll' && e.reason === reason && e.hidden !== true && Array.isArray(e.values))
      return (e.values as unknown[]).filter((v): v is number => typeof v === 'number');
  }
  return [];
}

/**
 * The latest battle in a log (a player's attack or a raid, from the `battle` event), with the
 * faces of the deciding attack and defence rolls before it; undefined when none was fought.
 */
export function lastBattle(log: readonly LogEntry[]): Battle | undefined {
  for (let k = log.length - 1; k >= 0; k--) {
    const entry = log[k]!;
    const events = entry.events;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i]!;
      if (e.type !== 'battle' || e.hidden === true) continue;
      let start = 0;
      for (let j = i - 1; j >= 0; j--)
        if (events[j]!.type === 'battle') {
          start = j + 1;
          break;
        }
      const before = events.slice(start, i);
      let end = i + 1;
      while (end < events.length && !NEXT.has(events[end]!.type)) end++;
      return {
        seq: entry.seq,
        space: Number(e.space),
        attacker: {
          who: e.attacker as number | string,
          dice: String(e.attackDice),
          faces: lastFaces(before, 'attack'),
          total: Number(e.attackTotal),
        },
        defender: {
          who: e.defender as number | null,
          dice: String(e.defenceDice),
          faces: lastFaces(before, 'defence'),
          total: Number(e.defenceTotal),
        },
        rerolls: Number(e.rerolls),
        winner: e.winner === 'attacker' ? 'attacker' : 'defender',
        aftermath: events.slice(i + 1, end),
      };
    }
  }
  return undefined;
}
