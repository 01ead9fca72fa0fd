import type { Effect } from '../context.js';
import { MARKER_NAMES } from '../state.js';

/**
 * Starts the next player's action: a pawn on the same space as any hazard marker skips
 * (no combatant moves either); otherwise 2D6 are rolled and the player chooses one.
 */
export const beginAction: Effect = (ctx) => {
  const s = ctx.state;
  const seat = s.actionSeat === null ? 0 : s.actionSeat + 1;
  s.actionSeat = seat;
  const pawn = (s.players[seat] as { pawn: number }).pawn;
  const m = s.markers;
  if (m.hurricane === pawn || m.pirate === pawn || m.raid === pawn || m.disease === pawn) {
    s.pending = null;
    if (ctx.recording) {
      const markers = MARKER_NAMES.filter((name) => m[name] === pawn);
      ctx.emit({ type: 'actionSkipped', seat, space: pawn, markers });
    }
    return;
  }
  if (ctx.recording) {
    const { values } = ctx.random.roll('2d6', 'move');
    s.pending = {
      type: 'move',
      seat,
      dice: [(values[0] as number) | 0, (values[1] as number) | 0],
    };
    return;
  }
  // The same two draws as the roll, without its record (no event is kept); small integers
  // (see `rollD6`).
  const one = ctx.random.int(1, 6) | 0;
  s.pending = { type: 'move', seat, dice: [one, ctx.random.int(1, 6) | 0] };
};
