import type { Action } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';
import { pendingFor, pendingOf } from './pending-of.js';
import { declineAttackInput } from './parse.js';

/** `{ type: 'declineAttack' }`: do not attack; go on to the combatant moves. */
export const declineAttack: Action<'declineAttack'> = {
  description: 'Do not attack the opposing settlement landed on.',
  parse: declineAttackInput,
  validate(state, seat) {
    const p = pendingOf(state, seat, 'attack', 'declineAttack');
    return 'code' in p ? p : undefined;
  },
  resolve(ctx, seat) {
    ctx.emit({
      type: 'attackDeclined',
      seat,
      space: ctx.state.pending?.type === 'attack' ? ctx.state.pending.target : null,
    });
    ctx.state.pending = null;
    beginCombatantMoves(ctx, seat, []);
  },
  enumerate: (state, seat) =>
    pendingFor(state, seat, 'attack') === undefined ? [] : [{ type: 'declineAttack' }],
  count: (state, seat) => (pendingFor(state, seat, 'attack') === undefined ? 0 : 1),
};
