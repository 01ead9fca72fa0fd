import {
  isCoreEvent,
  seatName,
  styled,
  type EventNarration,
  type GameEvent,
  type RichText,
} from '@ruleloom/core';
import { isColonialFloridaEvent, type ColonialFloridaEvent } from '../events.js';
import {
  cardName,
  markerIsPlural,
  markerLabel,
  plural,
  spaceName,
  verb,
  type ColonialFloridaPresentContext,
} from './names.js';

function firstNonRoll(
  events: readonly GameEvent[],
): { event: GameEvent; index: number } | undefined {
  for (const [index, event] of events.entries()) if (event.type !== 'roll') return { event, index };
  return undefined;
}

function battleText(
  event: Extract<ColonialFloridaEvent, { type: 'battle' }>,
  ctx: ColonialFloridaPresentContext,
): RichText {
  const seatAttacks = typeof event.attacker === 'number';
  const attacker =
    typeof event.attacker === 'number'
      ? seatName(ctx, event.attacker)
      : markerLabel(event.attacker);
  const defender = event.defender === null ? 'the settlement' : seatName(ctx, event.defender);
  const attackerPlural = typeof event.attacker === 'string' && markerIsPlural(event.attacker);
  const outcome =
    event.winner === 'attacker'
      ? [styled('strong', attacker), verb('', 'wins', 'win', !seatAttacks && attackerPlural)]
      : event.defender === null
        ? [styled('strong', 'the settlement'), ' holds']
        : [styled('strong', defender), ' wins'];
  const rerolls = event.rerolls > 0 ? ` after ${plural(event.rerolls, 'reroll')}` : '';
  return [
    `Battle at ${spaceName(ctx, event.space)}: ${attacker} ${String(event.attackTotal)} (${event.attackDice}) vs ${defender} ${String(event.defenceTotal)} (${event.defenceDice}): `,
    outcome,
    rerolls,
  ];
}

function narrateOwn(
  event: ColonialFloridaEvent,
  ctx: ColonialFloridaPresentContext,
  following: readonly GameEvent[],
): EventNarration {
  switch (event.type) {
    case 'turnStarted':
      return styled('strong', `— Turn ${String(event.turn)} —`);
    case 'markerMoved': {
      const text: RichText = [
        styled('marker', markerLabel(event.marker)),
        verb('', 'moves', 'move', markerIsPlural(event.marker)),
        ` ${String(event.spaces)} to ${spaceName(ctx, event.to)}`,
      ];
      const next = firstNonRoll(following);
      const razed = next !== undefined && isColonialFloridaEvent(next.event) ? next.event : null;
      if (razed?.type === 'razed' && razed.space === event.to && razed.cause === event.marker) {
        return {
          narration: [
            text,
            ': ',
            styled('alert', plural(razed.added, 'Raze marker')),
            razed.raze > razed.added ? ` (now ${String(razed.raze)})` : '',
          ],
          consumes: (next?.index ?? 0) + 1,
        };
      }
      return text;
    }
    case 'raid':
      return [
        styled('marker', markerLabel(event.marker)),
        verb('', 'strikes', 'strike', markerIsPlural(event.marker)),
        ` ${spaceName(ctx, event.space)} with ${plural(event.raiders, 'raider')}`,
      ];
    case 'battle':
      return battleText(event, ctx);
    case 'razed':
      return [
        `${spaceName(ctx, event.space)} gets `,
        styled('alert', plural(event.added, 'Raze marker')),
        ` (${event.cause}; now ${String(event.raze)})`,
      ];
    case 'razeRemoved':
      return `${spaceName(ctx, event.space)} rebuilds: ${plural(event.removed, 'Raze marker')} removed (now ${String(event.raze)})`;
    case 'repaired':
      return `${seatName(ctx, event.seat)} repairs ${spaceName(ctx, event.space)}: ${plural(event.removed, 'Raze marker')} removed (now ${String(event.raze)})`;
    case 'cardDestroyed':
      return `${cardName(ctx, event.card)} at ${spaceName(ctx, event.space)} is lost (${event.cause})`;
    case 'income':
      return [
        `${seatName(ctx, event.seat)} collects `,
        styled('gain', `${String(event.amount)} gold`),
        ` from ${spaceName(ctx, event.space)} (now ${String(event.gold)})`,
      ];
    case 'noIncome':
      return `${spaceName(ctx, event.space)} pays ${seatName(ctx, event.seat)} nothing (${event.reason})`;
    case 'actionSkipped':
      return `${seatName(ctx, event.seat)} loses the action: a hazard marker stands on ${spaceName(ctx, event.space)}`;
    case 'pawnMoved':
      return `${seatName(ctx, event.seat)} moves ${String(event.spaces)} to ${spaceName(ctx, event.to)}`;
    case 'nothingToDraw':
      return `${seatName(ctx, event.seat)} would draw for ${spaceName(ctx, event.space)}, but no cards are left`;
    case 'cardDrawn':
      return [
        `${seatName(ctx, event.seat)} draws `,
        styled('card', cardName(ctx, event.card)),
        ` for ${spaceName(ctx, event.space)}`,
      ];
    case 'founded':
      return [
        styled('strong', seatName(ctx, event.seat)),
        ' founds ',
        styled('card', spaceName(ctx, event.space)),
      ];
    case 'cannotFound':
      return `${seatName(ctx, event.seat)} cannot found ${spaceName(ctx, event.space)} (${event.reason})`;
    case 'combatantMoved':
    case 'transferred':
      return `${seatName(ctx, event.seat)} moves ${cardName(ctx, event.card)} from ${spaceName(ctx, event.from)} to ${spaceName(ctx, event.to)}`;
    case 'conquered':
      return [
        styled('strong', seatName(ctx, event.seat)),
        ' conquers ',
        styled('card', spaceName(ctx, event.space)),
        event.from === null ? '' : ` from ${seatName(ctx, event.from)}`,
      ];
    case 'discardReshuffled':
      return `The discard pile is shuffled into a new deck (${String(event.size)} cards).`;
    case 'actionEnded':
    case 'attackDeclined':
      return null;
  }
}

/**
 * Narrates one Colonial Florida event; the dice rolled for a move read as the move's dice,
 * other rolls are folded into the sentences they decide. Unknown events: `undefined`.
 * @public
 */
export function narrateColonialFloridaEvent(
  event: GameEvent,
  ctx: ColonialFloridaPresentContext,
  following: readonly GameEvent[],
): EventNarration {
  if (isCoreEvent(event) && event.type === 'roll')
    return event.reason === 'move' ? `Dice for the move: ${event.values.join(' and ')}` : null;
  return isColonialFloridaEvent(event) ? narrateOwn(event, ctx, following) : undefined;
}
