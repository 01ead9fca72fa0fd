import { rejection } from '@ruleloom/core';
import { afterCasualty } from '../battle/casualty.js';
import type { Action } from '../context.js';
import { destroyCard, findCard } from '../rules/board.js';
import { cardInfo } from '../rules/card-info.js';
import type { SettlementState } from '../state.js';
import { NO_ACTIONS, pendingFor, pendingOf } from './pending-of.js';
import { chooseCasualtyInput } from './parse.js';

/** `{ type: 'chooseCasualty', card }`: the battle's winner loses this combatant. */
export const chooseCasualty: Action<'chooseCasualty'> = {
  traits: { fields: { card: 'card' } },
  description: "Choose the combatant the battle's winner loses.",
  parse: chooseCasualtyInput,
  validate(state, seat, action, rules) {
    const p = pendingOf(state, seat, 'chooseCasualty', 'chooseCasualty');
    if ('code' in p) return p;
    if (p.candidates.includes(action.card)) return undefined;
    if (
      rules.cards.byInstance.has(action.card) &&
      action.card.includes('#') &&
      cardInfo(rules, action.card).indestructible
    ) {
      return rejection(
        'fortress_never_lost',
        `'${action.card}' is a Fortress: Fortresses are never lost; choose one of ${p.candidates.join(', ')}`,
      );
    }
    return rejection(
      'not_a_casualty_candidate',
      `'${action.card}' is not one of your combatants that may be lost in this battle; choose one of ${p.candidates.join(', ')}`,
    );
  },
  resolve(ctx, seat, action) {
    const p = pendingFor(ctx.state, seat, 'chooseCasualty');
    if (p === undefined) return;
    ctx.state.pending = null;
    const at = findCard(ctx.state, action.card);
    if (at >= 0)
      destroyCard(ctx, ctx.state.settlements[at] as SettlementState, action.card, 'casualty');
    afterCasualty(ctx, p, action.card);
  },
  enumerate(state, seat) {
    const p = pendingFor(state, seat, 'chooseCasualty');
    return p === undefined
      ? NO_ACTIONS
      : p.candidates.map((card) => ({ type: 'chooseCasualty', card }) as const);
  },
  count: (state, seat) => pendingFor(state, seat, 'chooseCasualty')?.candidates.length ?? 0,
};
