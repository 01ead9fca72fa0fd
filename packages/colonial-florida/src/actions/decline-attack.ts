import type { Action } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';

/** The one action of its type, in a shared frozen list (listing it allocates nothing). */
const ONLY_DECLINE_ATTACK = Object.freeze([Object.freeze({ type: 'declineAttack' as const })]);
import { declineAttackInput } from './parse.js';

/** `{ type: 'declineAttack' }`: do not attack; go on to the combatant moves. */
export const declineAttack: Action<'declineAttack'> = {
  traits: { fields: {}, pass: true },
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
    beginCombatantMoves(ctx, seat);
  },
  enumerate: (state, seat) =>
    pendingFor(state, seat, 'attack') === undefined ? NO_ACTIONS : ONLY_DECLINE_ATTACK,
  count: (state, seat) => (pendingFor(state, seat, 'attack') === undefined ? 0 : 1),
};
