import type { RichText } from '@ruleloom/core';
import type { ColonialFloridaAction } from '../actions/action.js';
import { stepAround } from '../map/map.js';
import type { ColonialFloridaView } from '../view.js';
import {
  cardList,
  cardName,
  mapOf,
  spaceName,
  type ColonialFloridaPresentContext,
} from './names.js';

/**
 * An action as it reads after the seat's name: `attacks with Soldiers, Warship`.
 * @public
 */
export function describeColonialFloridaMove(
  action: ColonialFloridaAction,
  ctx: ColonialFloridaPresentContext,
): RichText | undefined {
  switch (action.type) {
    case 'attack':
      return `attacks with ${cardList(ctx, action.commit)}`;
    case 'chooseCasualty':
      return `loses ${cardName(ctx, action.card)}`;
    case 'transfer':
      return `moves ${cardName(ctx, action.card)} onto the conquered settlement`;
    case 'moveCombatant':
      return `moves ${cardName(ctx, action.card)} to ${spaceName(ctx, action.to)}`;
    default:
      return undefined;
  }
}

/**
 * A menu label for a legal action, given the acting seat's view (`move 4 to Cowford (6)`).
 * @public
 */
export function describeColonialFloridaChoice(
  action: ColonialFloridaAction,
  view: ColonialFloridaView,
  ctx: ColonialFloridaPresentContext,
): RichText | undefined {
  switch (action.type) {
    case 'move': {
      const pending = view.pending;
      if (pending?.type !== 'move') return undefined;
      const steps = pending.dice[action.die] ?? 0;
      const pawn = view.players[pending.seat]?.pawn ?? 1;
      return `move ${String(steps)} to ${spaceName(ctx, stepAround(pawn, steps, mapOf(ctx).spaces.length))}`;
    }
    case 'attack':
      return `attack with ${cardList(ctx, action.commit)}`;
    case 'chooseCasualty':
      return `lose ${cardName(ctx, action.card)}`;
    case 'transfer':
      return `move ${cardName(ctx, action.card)} onto the conquered settlement`;
    case 'moveCombatant':
      return `move ${cardName(ctx, action.card)} to ${spaceName(ctx, action.to)}`;
    default:
      return undefined;
  }
}
