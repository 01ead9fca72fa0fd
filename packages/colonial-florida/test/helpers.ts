import {
  cloneJson,
  createMatch,
  type Engine,
  type GameEvent,
  type MatchState,
} from '@ruleloom/core';
import { scriptRandom } from '@ruleloom/core/testing';
import { expect } from 'vitest';
import type {
  ColonialFloridaAction,
  ColonialFloridaOptions,
  ColonialFloridaState,
} from '../src/index.js';
import { colonialFlorida } from '../src/index.js';

export type State = MatchState<ColonialFloridaState>;
export type CfEngine = Engine<ColonialFloridaState, ColonialFloridaAction, unknown>;

/** Every instance id in table order. */
export const ALL_CARDS: readonly string[] = createMatch(colonialFlorida, { seed: 0, players: 2 })
  .engine.cards.instanceIds;

/** A full deck order with these cards on top (in this order), the rest in table order. */
export function deckWithTop(top: readonly string[]): string[] {
  return [...top, ...ALL_CARDS.filter((id) => !top.includes(id))];
}

/**
 * Markers placed so that the quiet dice of {@link QUIET_DICE} move every one of them onto a
 * space that is not a settlement: hurricane 5 -> 2, pirate 4 -> 2, raid 5 -> 4, disease 5 -> 4.
 */
export const QUIET_MARKERS = { hurricane: 5, pirate: 4, raid: 5, disease: 5 } as const;
/** Board-phase dice that strike nothing from {@link QUIET_MARKERS}: 3d6, 2d6, d6, d6. */
export const QUIET_DICE = [1, 1, 1, 1, 1, 1, 1] as const;

export interface Crafted {
  readonly engine: CfEngine;
  state: State;
}

/**
 * A crafted position: an empty board in the Action phase of turn 1, pawns on `pawns`, markers
 * quiet, no decision pending; `edit` changes the game state (use {@link place} to attach cards).
 */
export function craft(
  players: number,
  edit: (g: ColonialFloridaState) => void,
  options: Partial<Record<keyof ColonialFloridaOptions, unknown>> = {},
): Crafted {
  const match = createMatch(colonialFlorida, {
    seed: 1,
    players,
    // The helper takes loosely typed options on purpose (tests of bad values).
    options: { deckOrder: ALL_CARDS, ...(options as Partial<ColonialFloridaOptions>) },
  });
  const engine = match.engine;
  const g = cloneJson(match.state.game);
  g.turn = 1;
  g.deck = [...g.deck, ...g.discard];
  g.discard = [];
  g.markers = { ...QUIET_MARKERS };
  for (const s of g.settlements) {
    s.controller = null;
    s.raze = 0;
    g.deck.push(...s.cards);
    s.cards = [];
  }
  for (const p of g.players) p.pawn = 1;
  g.pending = null;
  g.actionSeat = players - 1;
  edit(g);
  return { engine, state: { phase: 'action', rng: match.state.rng, result: null, game: g } };
}

/** Gives a settlement to a seat (or nobody), with cards taken out of the deck and Raze markers. */
export function place(
  g: ColonialFloridaState,
  space: number,
  controller: number | null,
  cards: readonly string[] = [],
  raze = 0,
): void {
  const s = g.settlements.find((x) => x.space === space);
  if (s === undefined) throw new Error(`no settlement on ${space}`);
  if (s.controller !== null) (g.players[s.controller] as { markersLeft: number }).markersLeft += 1;
  s.controller = controller;
  if (controller !== null) (g.players[controller] as { markersLeft: number }).markersLeft -= 1;
  for (const id of cards) {
    const at = g.deck.indexOf(id);
    if (at < 0) throw new Error(`${id} is not in the deck`);
    g.deck.splice(at, 1);
    s.cards.push(id);
  }
  s.raze = raze;
}

/** The settlement on a space. */
export function at(state: State, space: number): ColonialFloridaState['settlements'][number] {
  const s = state.game.settlements.find((x) => x.space === space);
  if (s === undefined) throw new Error(`no settlement on ${space}`);
  return s;
}

/** Applies an action with scripted dice; expects it accepted and every scripted die used. */
export function act(
  c: Crafted,
  seat: number,
  action: unknown,
  dice: readonly number[] = [],
): GameEvent[] {
  scriptRandom(c.engine, [...dice, 0]);
  const r = c.engine.apply(c.state, seat, action);
  scriptRandom(c.engine, []);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  c.state = r.state;
  const rolled = r.events
    .filter((e) => e.type === 'roll')
    .reduce((n, e) => n + (e.values as unknown[]).length, 0);
  const shuffled = r.events
    .filter((e) => e.type === 'shuffle')
    .reduce((n, e) => n + Math.max(0, (e.size as number) - 1), 0);
  expect(rolled + shuffled, 'every scripted die is used').toBe(dice.length);
  return [...r.events];
}

/**
 * Ends the last seat's action in a crafted position, which plays the board phases of the next
 * turn with `dice` (3d6 hurricane, 2d6 pirate, d6 raid, d6 disease, then any strike dice,
 * then the first player's 2d6 unless skipped).
 */
export function nextTurn(c: Crafted, dice: readonly number[]): GameEvent[] {
  const seat = c.state.game.players.length - 1;
  c.state.game.actionSeat = seat;
  c.state.game.pending = { type: 'moveCombatant', seat, moved: [] };
  return act(c, seat, { type: 'endAction' }, dice);
}

/** Sets the decision awaited in a crafted position. */
export function pend(c: Crafted, pending: NonNullable<ColonialFloridaState['pending']>): void {
  c.state.game.pending = pending;
  c.state.game.actionSeat = pending.seat;
}

/** Events of a type. */
export function eventsOf(events: readonly GameEvent[], type: string): GameEvent[] {
  return events.filter((e) => e.type === type);
}

/** The rejection an action gets (and checks that the state is untouched). */
export function rejected(
  c: Crafted,
  seat: number,
  action: unknown,
): { code: string; message: string } {
  const before = c.engine.hash(c.state);
  const r = c.engine.apply(c.state, seat, action);
  if (r.ok) throw new Error('expected a rejection');
  expect(c.engine.hash(c.state)).toBe(before);
  return r.error;
}
