import type { Action } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';

/** The one action of its type, in a shared frozen list (listing it allocates nothing). */
const ONLY_SKIP_TRANSFER = Object.freeze([Object.freeze({ type: 'skipTransfer' as const })]);
import { skipTransferInput } from './parse.js';

/** `{ type: 'skipTransfer' }`: move no combatant onto the conquered settlement. */
export const skipTransfer: Action<'skipTransfer'> = {
  traits: { fields: {}, pass: true },
  description: 'Move no combatant onto the conquered settlement.',
  parse: skipTransferInput,
  validate(state, seat) {
    const p = pendingOf(state, seat, 'transfer', 'skipTransfer');
    return 'code' in p ? p : undefined;
  },
  resolve(ctx, seat) {
    ctx.state.pending = null;
    beginCombatantMoves(ctx, seat);
  },
  enumerate: (state, seat) =>
    pendingFor(state, seat, 'transfer') === undefined ? NO_ACTIONS : ONLY_SKIP_TRANSFER,
  count: (state, seat) => (pendingFor(state, seat, 'transfer') === undefined ? 0 : 1),
};
