import type { Action } from '../context.js';
import { finishAction } from '../rules/action-flow.js';
import { pendingFor, pendingOf } from './pending-of.js';
import { endActionInput } from './parse.js';

/** `{ type: 'endAction' }`: make no more combatant moves; the next player acts. */
export const endAction: Action<'endAction'> = {
  description: 'End the action (no more combatant moves).',
  parse: endActionInput,
  validate(state, seat) {
    const p = pendingOf(state, seat, 'moveCombatant', 'endAction');
    return 'code' in p ? p : undefined;
  },
  resolve: (ctx, seat) => finishAction(ctx, seat),
  enumerate: (state, seat) =>
    pendingFor(state, seat, 'moveCombatant') === undefined ? [] : [{ type: 'endAction' }],
  count: (state, seat) => (pendingFor(state, seat, 'moveCombatant') === undefined ? 0 : 1),
};
