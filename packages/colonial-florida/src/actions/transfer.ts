import { rejection } from '@ruleloom/core';
import type { Action } from '../context.js';
import { beginCombatantMoves } from '../rules/action-flow.js';
import { findCard, settlementAt } from '../rules/board.js';
import type { SettlementState } from '../state.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';
import { transferInput } from './parse.js';

/** `{ type: 'transfer', card }`: move a surviving committed combatant onto the conquered settlement. */
export const transfer: Action<'transfer'> = {
  traits: { fields: { card: 'card' } },
  description: 'Move one surviving committed combatant onto the conquered settlement.',
  parse: transferInput,
  validate(state, seat, action) {
    const p = pendingOf(state, seat, 'transfer', 'transfer');
    if ('code' in p) return p;
    return p.candidates.includes(action.card)
      ? undefined
      : rejection(
          'not_a_survivor',
          `'${action.card}' is not a surviving combatant committed to this attack; choose one of ${p.candidates.join(', ')} or skip`,
        );
  },
  resolve(ctx, seat, action) {
    const p = pendingFor(ctx.state, seat, 'transfer');
    if (p === undefined) return;
    const state = ctx.state;
    state.pending = null;
    const at = findCard(state, action.card);
    const target = settlementAt(state, ctx, p.target) as SettlementState;
    if (at >= 0) {
      const from = state.settlements[at] as SettlementState;
      from.cards.splice(from.cards.indexOf(action.card), 1);
      target.cards.push(action.card);
      if (ctx.recording)
        ctx.emit({
          type: 'transferred',
          seat,
          card: action.card,
          from: from.space,
          to: target.space,
        });
    }
    beginCombatantMoves(ctx, seat, [action.card]);
  },
  enumerate(state, seat) {
    const p = pendingFor(state, seat, 'transfer');
    return p === undefined
      ? NO_ACTIONS
      : p.candidates.map((card) => ({ type: 'transfer', card }) as const);
  },
  count: (state, seat) => pendingFor(state, seat, 'transfer')?.candidates.length ?? 0,
};
