import type { Action } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';
import { pendingFor, pendingOf } from './pending-of.js';
import { skipTransferInput } from './parse.js';

/** `{ type: 'skipTransfer' }`: move no combatant onto the conquered settlement. */
export const skipTransfer: Action<'skipTransfer'> = {
  description: 'Move no combatant onto the conquered settlement.',
  parse: skipTransferInput,
  validate(state, seat) {
    const p = pendingOf(state, seat, 'transfer', 'skipTransfer');
    return 'code' in p ? p : undefined;
  },
  resolve(ctx, seat) {
    ctx.state.pending = null;
    beginCombatantMoves(ctx, seat, []);
  },
  enumerate: (state, seat) =>
    pendingFor(state, seat, 'transfer') === undefined ? [] : [{ type: 'skipTransfer' }],
  count: (state, seat) => (pendingFor(state, seat, 'transfer') === undefined ? 0 : 1),
};
