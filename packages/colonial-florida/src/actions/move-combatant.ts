import { rejection } from '@ruleloom/core';
import type { Action } from '../context.js';
import {
  beginCombatantMoves,
  countCombatantMoves,
  listCombatantMoves,
} from '../rules/action-flow.js';
import { findCard, layoutOf, settlementAt } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import type { SettlementState } from '../state.js';
import type { MoveCombatantAction } from './action.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';
import { moveCombatantInput } from './parse.js';

/** `{ type: 'moveCombatant', card, to }`: move a movable combatant one step to an adjacent settlement you control. */
export const moveCombatant: Action<'moveCombatant'> = {
  traits: { fields: { card: 'card', to: 'integer' } },
  description: 'Move a movable combatant one step to an adjacent settlement you control.',
  parse: moveCombatantInput,
  validate(state, seat, action, rules) {
    const p = pendingOf(state, seat, 'moveCombatant', 'moveCombatant');
    if ('code' in p) return p;
    const { card, to } = action;
    if (!card.includes('#') || !rules.cards.byInstance.has(card))
      return rejection('unknown_card', `there is no card '${card}'`);
    const at = findCard(state, card);
    const from = at < 0 ? undefined : (state.settlements[at] as SettlementState);
    if (from === undefined || from.controller !== seat)
      return rejection('not_your_card', `'${card}' is not attached to a settlement you control`);
    const info = cardInfo(rules, card);
    if (!info.movable)
      return rejection('not_movable', `'${card}' is not a Movable Combatant (only M cards move)`);
    if (p.moved.includes(card))
      return rejection('already_moved', `'${card}' already moved this action`);
    const dest = settlementAt(state, rules, to);
    if (dest === undefined) return rejection('not_a_settlement', `space ${to} is not a settlement`);
    if (!(layoutOf(rules).neighbours[at] ?? []).some((n) => state.settlements[n] === dest)) {
      return rejection(
        'not_adjacent',
        `space ${to} is not next to space ${from.space} among the settlements`,
      );
    }
    if (dest.controller !== seat)
      return rejection('not_your_settlement', `you do not control the settlement on space ${to}`);
    return undefined;
  },
  resolve(ctx, seat, action) {
    const p = pendingFor(ctx.state, seat, 'moveCombatant');
    if (p === undefined) return;
    const state = ctx.state;
    const from = state.settlements[findCard(state, action.card)] as SettlementState;
    const dest = settlementAt(state, ctx, action.to) as SettlementState;
    from.cards.splice(from.cards.indexOf(action.card), 1);
    dest.cards.push(action.card);
    if (ctx.recording)
      ctx.emit({
        type: 'combatantMoved',
        seat,
        card: action.card,
        from: from.space,
        to: dest.space,
      });
    beginCombatantMoves(ctx, seat, [...p.moved, action.card]);
  },
  enumerate(state, seat, rules): readonly MoveCombatantAction[] {
    const p = pendingFor(state, seat, 'moveCombatant');
    return p === undefined
      ? NO_ACTIONS
      : listCombatantMoves(state, rules, seat, p.moved).map((m) => ({
          type: 'moveCombatant',
          card: m.card,
          to: m.to,
        }));
  },
  count(state, seat, rules) {
    const p = pendingFor(state, seat, 'moveCombatant');
    return p === undefined ? 0 : countCombatantMoves(state, rules, seat, p.moved);
  },
};
