import { defineEvents, type DeclaredEvent, type GameEvent } from '@ruleloom/core';
import type { MarkerName } from './state.js';

/**
 * Every event Colonial Florida records, by type, with its payload. `space` is a space
 * number (1..36 on the sheet), `card` a card instance id (`fortress#1`), `seat` a nation.
 * @public
 */
export interface ColonialFloridaEventPayloads {
  /** A new turn starts. */
  turnStarted: { turn: number };
  /** A hazard marker moved counterclockwise. */
  markerMoved: { marker: MarkerName; from: number; to: number; spaces: number };
  /** A settlement gets Raze markers. */
  razed: { space: number; added: number; raze: number; cause: string };
  /** A settlement's Raze markers go down by the rebuild step. */
  razeRemoved: { space: number; removed: number; raze: number };
  /** A card attached to a settlement is lost. */
  cardDestroyed: {
    card: string;
    space: number;
    cause: 'hurricane' | 'disease' | 'battle' | 'casualty';
  };
  /** Pirates or an Indian Raid attack a settlement. */
  raid: { marker: 'pirate' | 'raid'; space: number; raiders: number };
  /** A battle was fought. */
  battle: {
    space: number;
    attacker: number | 'pirate' | 'raid';
    defender: number | null;
    attackDice: string;
    defenceDice: string;
    attackTotal: number;
    defenceTotal: number;
    rerolls: number;
    winner: 'attacker' | 'defender';
  };
  /** A settlement paid its controller. */
  income: { seat: number; space: number; amount: number; gold: number };
  /** A settlement paid nothing this turn. */
  noIncome: { seat: number; space: number; reason: 'razed' | 'occupied' };
  /** A player loses the action: a hazard marker stands on their pawn's space. */
  actionSkipped: { seat: number; space: number; markers: readonly MarkerName[] };
  /** A pawn moved. */
  pawnMoved: { seat: number; from: number; to: number; spaces: number };
  /** The player's action ended. */
  actionEnded: { seat: number };
  /** A player would draw an Enhancement card, but none is left. */
  nothingToDraw: { seat: number; space: number };
  /** A player drew an Enhancement card for a settlement. */
  cardDrawn: { seat: number; space: number; card: string };
  /** A player removed Raze markers from their settlement. */
  repaired: { seat: number; space: number; removed: number; raze: number };
  /** A player founded a settlement. */
  founded: { seat: number; space: number };
  /** A player could not found a settlement. */
  cannotFound: { seat: number; space: number; reason: string };
  /** A movable combatant moved to an adjacent settlement. */
  combatantMoved: { seat: number; card: string; from: number; to: number };
  /** A combatant moved onto a conquered settlement. */
  transferred: { seat: number; card: string; from: number; to: number };
  /** A player did not attack the opposing settlement landed on. */
  attackDeclined: { seat: number; space: number | null };
  /** A player conquered a settlement (`from`: its former controller). */
  conquered: { seat: number; space: number; from: number | null; cards: readonly string[] };
  /** The discard pile became the new deck. */
  discardReshuffled: { size: number };
}

const MARKERS = ['hurricane', 'pirate', 'raid', 'disease'];

/**
 * Colonial Florida's declared events (see `defineEvents` in `@ruleloom/core`).
 * @public
 */
export const colonialFloridaEvents = defineEvents<ColonialFloridaEventPayloads>()({
  turnStarted: { turn: 'integer' },
  markerMoved: {
    marker: { kind: 'string', oneOf: MARKERS },
    from: 'integer',
    to: 'integer',
    spaces: 'integer',
  },
  razed: { space: 'integer', added: 'integer', raze: 'integer', cause: 'string' },
  razeRemoved: { space: 'integer', removed: 'integer', raze: 'integer' },
  cardDestroyed: {
    card: 'card',
    space: 'integer',
    cause: { kind: 'string', oneOf: ['hurricane', 'disease', 'battle', 'casualty'] },
  },
  raid: {
    marker: { kind: 'string', oneOf: ['pirate', 'raid'] },
    space: 'integer',
    raiders: 'integer',
  },
  battle: {
    space: 'integer',
    attacker: 'json',
    defender: { kind: 'seat', nullable: true },
    attackDice: 'string',
    defenceDice: 'string',
    attackTotal: 'integer',
    defenceTotal: 'integer',
    rerolls: 'integer',
    winner: { kind: 'string', oneOf: ['attacker', 'defender'] },
  },
  income: { seat: 'seat', space: 'integer', amount: 'integer', gold: 'integer' },
  noIncome: {
    seat: 'seat',
    space: 'integer',
    reason: { kind: 'string', oneOf: ['razed', 'occupied'] },
  },
  actionSkipped: { seat: 'seat', space: 'integer', markers: 'json' },
  pawnMoved: { seat: 'seat', from: 'integer', to: 'integer', spaces: 'integer' },
  actionEnded: { seat: 'seat' },
  nothingToDraw: { seat: 'seat', space: 'integer' },
  cardDrawn: { seat: 'seat', space: 'integer', card: 'card' },
  repaired: { seat: 'seat', space: 'integer', removed: 'integer', raze: 'integer' },
  founded: { seat: 'seat', space: 'integer' },
  cannotFound: { seat: 'seat', space: 'integer', reason: 'string' },
  combatantMoved: { seat: 'seat', card: 'card', from: 'integer', to: 'integer' },
  transferred: { seat: 'seat', card: 'card', from: 'integer', to: 'integer' },
  attackDeclined: { seat: 'seat', space: { kind: 'integer', nullable: true } },
  conquered: {
    seat: 'seat',
    space: 'integer',
    from: { kind: 'seat', nullable: true },
    cards: 'cards',
  },
  discardReshuffled: { size: 'integer' },
});

/**
 * Every Colonial Florida event (`type` discriminant).
 * @public
 */
export type ColonialFloridaEvent = DeclaredEvent<typeof colonialFloridaEvents>;

const EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(colonialFloridaEvents.fields));

/**
 * Whether a logged event is one of Colonial Florida's own (not an engine event, not redacted).
 * @public
 */
export function isColonialFloridaEvent(
  event: GameEvent,
): event is GameEvent & ColonialFloridaEvent {
  return EVENT_TYPES.has(event.type) && event.hidden !== true;
}
