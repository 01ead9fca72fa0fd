import type { Ctx, Rules } from '../context.js';
import { getMapLayout, type MapLayout } from '../map/map.js';
import type { ColonialFloridaState, SettlementState } from '../state.js';
import { cardInfo } from './card-info.js';
import { rollD6 } from './roll.js';

let lastMap: Rules['options']['map'] | undefined;
let lastLayout: MapLayout | undefined;

/** The layout of the match's map (the last one asked for is kept at hand). */
export function layoutOf(rules: Rules): MapLayout {
  const map = rules.options.map;
  if (map === lastMap && lastLayout !== undefined) return lastLayout;
  lastLayout = getMapLayout(map);
  lastMap = map;
  return lastLayout;
}

/** The settlement on a space, or undefined when the space is not a settlement. */
export function settlementAt(
  state: ColonialFloridaState,
  rules: Rules,
  space: number,
): SettlementState | undefined {
  const index = layoutOf(rules).settlementIndex[space] ?? -1;
  return index < 0 ? undefined : state.settlements[index];
}

/** The index of the settlement a card is attached to, or -1. */
export function findCard(state: ColonialFloridaState, card: string): number {
  const settlements = state.settlements;
  for (let i = 0; i < settlements.length; i++)
    if ((settlements[i] as SettlementState).cards.includes(card)) return i;
  return -1;
}

/**
 * Whether no card is attached to any settlement: every instance is in the deck or the discard
 * pile (each card is in exactly one place, which the game's laws check at every decision).
 * One sum instead of a look at every settlement: in most turns no card is on the board.
 */
export function noCardOnBoard(state: ColonialFloridaState, rules: Rules): boolean {
  return state.deck.length + state.discard.length === rules.cards.instanceIds.length;
}

/** No cards: what {@link combatantsOf} returns for a settlement without any (nothing allocated). */
const NO_CARDS: readonly string[] = Object.freeze([]);

/**
 * The combatants attached to a settlement (Fortresses included), in a list of their own
 * (a shared empty list when the settlement has no cards: most of them, most of the time).
 */
export function combatantsOf(rules: Rules, settlement: SettlementState): readonly string[] {
  const cards = settlement.cards;
  if (cards.length === 0) return NO_CARDS;
  const out: string[] = [];
  for (let c = 0; c < cards.length; c++) {
    const id = cards[c] as string;
    if (cardInfo(rules, id).combatant) out.push(id);
  }
  return out;
}

/** Why a card left the board. */
export type LossCause = 'hurricane' | 'disease' | 'battle' | 'casualty';

/** Moves an attached card to the discard pile and records it. Fortresses are never passed here. */
export function destroyCard(
  ctx: Ctx,
  settlement: SettlementState,
  card: string,
  cause: LossCause,
): void {
  const at = settlement.cards.indexOf(card);
  if (at < 0) return;
  settlement.cards.splice(at, 1);
  ctx.state.discard.push(card);
  if (ctx.recording) ctx.emit({ type: 'cardDestroyed', card, space: settlement.space, cause });
}

/** Places 1D6 Raze markers on a settlement and records it. */
export function razeSettlement(ctx: Ctx, settlement: SettlementState, cause: string): void {
  const total = rollD6(ctx, ctx.recording ? `raze:${cause}` : undefined);
  settlement.raze += total;
  if (ctx.recording)
    ctx.emit({
      type: 'razed',
      space: settlement.space,
      added: total,
      raze: settlement.raze,
      cause,
    });
}

/**
 * Draws the top card of the deck; an empty deck first takes the shuffled discard pile.
 * Undefined when both are empty.
 */
export function drawCard(ctx: Ctx): string | undefined {
  const s = ctx.state;
  if (s.deck.length === 0 && s.discard.length > 0) {
    s.deck = s.discard;
    s.discard = [];
    ctx.random.shuffle(s.deck, 'deck');
    if (ctx.recording) ctx.emit({ type: 'discardReshuffled', size: s.deck.length });
  }
  return s.deck.shift();
}
