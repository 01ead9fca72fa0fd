import type { Action } from '../context.js';
import { stepAround } from '../map/map.js';
import { layoutOf } from '../rules/board.js';
import { landOn } from '../rules/land-on.js';
import type { PlayerState } from '../state.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';
import { moveInput } from './parse.js';

const BOTH = [
  { type: 'move', die: 0 },
  { type: 'move', die: 1 },
] as const;

/** `{ type: 'move', die }`: move the pawn clockwise by die 0 or die 1 of the roll, then resolve the space. */
export const move: Action<'move'> = {
  traits: { fields: { die: { kind: 'integer', oneOf: [0, 1] } } },
  description: 'Move the pawn clockwise by one of the two rolled dice.',
  parse: moveInput,
  validate(state, seat) {
    const p = pendingOf(state, seat, 'move', 'move');
    return 'code' in p ? p : undefined;
  },
  resolve(ctx, seat, action) {
    const p = pendingFor(ctx.state, seat, 'move');
    if (p === undefined) return;
    const steps = p.dice[action.die];
    const player = ctx.state.players[seat] as PlayerState;
    const from = player.pawn;
    player.pawn = stepAround(from, steps, layoutOf(ctx).size);
    ctx.state.pending = null;
    if (ctx.recording) ctx.emit({ type: 'pawnMoved', seat, from, to: player.pawn, spaces: steps });
    landOn(ctx, seat, player.pawn);
  },
  enumerate: (state, seat) => (pendingFor(state, seat, 'move') === undefined ? NO_ACTIONS : BOTH),
  count: (state, seat) => (pendingFor(state, seat, 'move') === undefined ? 0 : 2),
};
