import type { Action } from '../context.js';
import { finishAction } from '../rules/action-flow.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';

/** The one action of its type, in a shared frozen list (listing it allocates nothing). */
const ONLY_END_ACTION = Object.freeze([Object.freeze({ type: 'endAction' as const })]);
import { endActionInput } from './parse.js';

/** `{ type: 'endAction' }`: make no more combatant moves; the next player acts. */
export const endAction: Action<'endAction'> = {
  traits: { fields: {}, pass: true },
  description: 'End the action (no more combatant moves).',
  parse: endActionInput,
  validate(state, seat) {
    const p = pendingOf(state, seat, 'moveCombatant', 'endAction');
    return 'code' in p ? p : undefined;
  },
  resolve: (ctx, seat) => finishAction(ctx, seat),
  enumerate: (state, seat) =>
    pendingFor(state, seat, 'moveCombatant') === undefined ? NO_ACTIONS : ONLY_END_ACTION,
  count: (state, seat) => (pendingFor(state, seat, 'moveCombatant') === undefined ? 0 : 1),
};
