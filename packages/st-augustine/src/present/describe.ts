import { seatName, type RichText } from '@ruleloom/core';
import type { StAugustineView } from '../view.js';
import type { StAugustineAction } from '../actions/actions.js';
import { offerText, type StAugustinePresentContext } from './names.js';

/**
 * An action as it reads after the seat's name, where the game's own one-line description
 * (`describeStAugustineAction`) is not enough: a proposal names the cards and the seat.
 * @public
 */
export function describeStAugustineMove(
  action: StAugustineAction,
  ctx: StAugustinePresentContext,
): RichText | undefined {
  if (action.type !== 'proposeTrade') return undefined;
  return `offers ${seatName(ctx, action.to)} ${offerText(ctx, action.give)} for ${offerText(ctx, action.receive)}`;
}

/**
 * A menu label for a legal action (a proposal reads as what you give and get).
 * @public
 */
export function describeStAugustineChoice(
  action: StAugustineAction,
  _view: StAugustineView,
  ctx: StAugustinePresentContext,
): RichText | undefined {
  if (action.type !== 'proposeTrade') return undefined;
  return `propose to ${seatName(ctx, action.to)}: give ${offerText(ctx, action.give)} for ${offerText(ctx, action.receive)}`;
}
