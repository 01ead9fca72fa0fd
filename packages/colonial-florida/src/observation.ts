import {
  GAME_OVER_PHASE,
  instanceIdsOf,
  type ActionSpace,
  type GameObservation,
  type GameView,
} from '@ruleloom/core';
import type { ColonialFloridaAction } from './actions/action.js';
import { MAX_LISTED_CANDIDATES } from './actions/attack.js';
import { COLONIAL_FLORIDA_CARDS } from './cards/cards.js';
import { COLONIAL_FLORIDA_PHASES } from './phases/phases.js';
import { MARKER_NAMES, type ColonialFloridaState, type Pending } from './state.js';

/** Seats, relative to the viewer (0 is the viewer). */
const SEATS = 3;
/** Spaces of the rule sheet's ring (a variant map's further spaces are not encoded). */
const SPACES = 36;
const CARD_IDS: readonly string[] = COLONIAL_FLORIDA_CARDS.flatMap((c) => instanceIdsOf(c));
const CARD_INDEX = new Map(CARD_IDS.map((id, i) => [id, i]));
const CARDS = CARD_IDS.length;
const PHASES: readonly string[] = [...COLONIAL_FLORIDA_PHASES.map((p) => p.id), GAME_OVER_PHASE];
const PENDING: readonly Pending['type'][] = [
  'move',
  'attack',
  'chooseCasualty',
  'transfer',
  'moveCombatant',
];

/** The view of Colonial Florida: the state without the deck, with `deckSize` and `phase`. */
type View = Omit<ColonialFloridaState, 'deck'> & {
  readonly deckSize: number;
  readonly phase: string;
};

function layout<const T extends Record<string, number>>(
  parts: T,
): { [K in keyof T]: number } & { size: number } {
  const out: Record<string, number> = {};
  let at = 0;
  for (const [name, length] of Object.entries(parts)) {
    out[name] = at;
    at += length;
  }
  return { ...(out as { [K in keyof T]: number }), size: at };
}

/** The parts of the encoding, in order, with their sizes. */
const PARTS = {
  players: SEATS * 4, // present, gold / goldToWin, gold / 50, markers left / 12
  pawn: SEATS * SPACES,
  settlement: SPACES * 3, // is a settlement, raze / 3, cards / 8
  controller: SPACES * (SEATS + 1), // a seat's offset, or nobody
  discarded: CARDS,
  attachedTo: CARDS * SEATS, // the controller (offset) of the settlement a card is on
  cardSpace: CARDS, // the space a card is on / 36
  markers: MARKER_NAMES.length * SPACES,
  counters: 3, // turn / 100, deck size / cards, gold to win / 50
  phase: PHASES.length,
  actionSeat: SEATS,
  pending: PENDING.length,
  pendingSeat: SEATS,
  dice: 2 * 6,
  target: SPACES,
  eligible: CARDS,
  candidates: CARDS,
  committed: CARDS,
  moved: CARDS,
  battle: SEATS + 2, // attacker offset, raid (no attacker), attacker won
} as const;

const F = layout(PARTS);

function rel(seat: number | null, viewer: number, n: number): number {
  return seat === null ? -1 : (seat - viewer + n) % n;
}

function put(into: Float32Array, at: number, index: number | undefined, limit: number): void {
  if (index !== undefined && index >= 0 && index < limit) into[at + index] = 1;
}

function cardsAt(into: Float32Array, at: number, ids: readonly string[]): void {
  for (const id of ids) put(into, at, CARD_INDEX.get(id), CARDS);
}

function encode(raw: GameView, seat: number, into: Float32Array): void {
  into.fill(0, 0, F.size);
  const v = raw as unknown as View;
  const n = v.players.length;
  for (let k = 0; k < Math.min(n, SEATS); k++) {
    const p = v.players[(seat + k) % n];
    if (p === undefined) continue;
    const at = F.players + k * 4;
    into[at] = 1;
    into[at + 1] = v.goldToWin > 0 ? p.gold / v.goldToWin : 0;
    into[at + 2] = p.gold / 50;
    into[at + 3] = p.markersLeft / 12;
    put(into, F.pawn + k * SPACES, p.pawn - 1, SPACES);
  }
  for (const s of v.settlements) {
    const i = s.space - 1;
    if (i < 0 || i >= SPACES) continue;
    into[F.settlement + i * 3] = 1;
    into[F.settlement + i * 3 + 1] = s.raze / 3;
    into[F.settlement + i * 3 + 2] = s.cards.length / 8;
    const c = s.controller === null ? SEATS : rel(s.controller, seat, n);
    put(into, F.controller + i * (SEATS + 1), c, SEATS + 1);
    for (const id of s.cards) {
      const card = CARD_INDEX.get(id);
      if (card === undefined) continue;
      if (s.controller !== null)
        put(into, F.attachedTo + card * SEATS, rel(s.controller, seat, n), SEATS);
      into[F.cardSpace + card] = s.space / SPACES;
    }
  }
  cardsAt(into, F.discarded, v.discard);
  MARKER_NAMES.forEach((name, m) => {
    put(into, F.markers + m * SPACES, v.markers[name] - 1, SPACES);
  });
  into[F.counters] = v.turn / 100;
  into[F.counters + 1] = v.deckSize / CARDS;
  into[F.counters + 2] = v.goldToWin / 50;
  put(into, F.phase, PHASES.indexOf(v.phase), PHASES.length);
  put(into, F.actionSeat, rel(v.actionSeat, seat, n), SEATS);
  const p = v.pending;
  if (p === null) return;
  put(into, F.pending, PENDING.indexOf(p.type), PENDING.length);
  put(into, F.pendingSeat, rel(p.seat, seat, n), SEATS);
  switch (p.type) {
    case 'move':
      put(into, F.dice, p.dice[0] - 1, 6);
      put(into, F.dice + 6, p.dice[1] - 1, 6);
      break;
    case 'attack':
      put(into, F.target, p.target - 1, SPACES);
      cardsAt(into, F.eligible, p.eligible);
      break;
    case 'chooseCasualty':
      put(into, F.target, p.target - 1, SPACES);
      cardsAt(into, F.candidates, p.candidates);
      cardsAt(into, F.committed, p.committed);
      put(into, F.battle, p.attacker === null ? SEATS : rel(p.attacker, seat, n), SEATS + 1);
      into[F.battle + SEATS + 1] = p.attackerWon ? 1 : 0;
      break;
    case 'transfer':
      put(into, F.target, p.target - 1, SPACES);
      cardsAt(into, F.candidates, p.candidates);
      break;
    case 'moveCombatant':
      cardsAt(into, F.moved, p.moved);
      break;
  }
}

const A_MOVE = 0; // + die
const A_DECLINE = 2;
const A_SKIP = 3;
const A_END = 4;
const A_CASUALTY = 5; // + card
const A_TRANSFER = A_CASUALTY + CARDS; // + card
const A_COMBATANT = A_TRANSFER + CARDS; // + card * SPACES + (to - 1)
const A_SUBSET = A_COMBATANT + CARDS * SPACES; // + mask - 1, up to 8 eligible
const A_SINGLE = A_SUBSET + (1 << MAX_LISTED_CANDIDATES) - 1; // + card, beyond 8 eligible
const A_ALL = A_SINGLE + CARDS; // all of more than 8 eligible
const ACTION_SPACE = A_ALL + 1;

function eligibleOf(view: GameView): readonly string[] | undefined {
  const p = (view as unknown as View).pending;
  return p !== null && p.type === 'attack' ? p.eligible : undefined;
}

function attackIndex(commit: readonly string[], view: GameView): number | undefined {
  const eligible = eligibleOf(view);
  if (eligible === undefined || commit.length === 0) return undefined;
  if (eligible.length > MAX_LISTED_CANDIDATES) {
    if (commit.length === 1) {
      const card = CARD_INDEX.get(commit[0] as string);
      return card === undefined ? undefined : A_SINGLE + card;
    }
    const all = commit.length === eligible.length && commit.every((id, i) => id === eligible[i]);
    return all ? A_ALL : undefined;
  }
  let mask = 0;
  let last = -1;
  for (const id of commit) {
    const at = eligible.indexOf(id);
    if (at <= last) return undefined; // not in the listed (eligible) order
    last = at;
    mask |= 1 << at;
  }
  return A_SUBSET + mask - 1;
}

function cardIndex(id: string): number {
  return CARD_INDEX.get(id) ?? -1;
}

function inRange(base: number, offset: number, count: number): number | undefined {
  return offset >= 0 && offset < count ? base + offset : undefined;
}

const actions: ActionSpace<ColonialFloridaAction> = {
  size: ACTION_SPACE,
  indexOf(action, view) {
    switch (action.type) {
      case 'move':
        return inRange(A_MOVE, action.die, 2);
      case 'declineAttack':
        return A_DECLINE;
      case 'skipTransfer':
        return A_SKIP;
      case 'endAction':
        return A_END;
      case 'chooseCasualty':
        return inRange(A_CASUALTY, cardIndex(action.card), CARDS);
      case 'transfer':
        return inRange(A_TRANSFER, cardIndex(action.card), CARDS);
      case 'moveCombatant': {
        const card = cardIndex(action.card);
        const to = action.to - 1;
        return card < 0 || to < 0 || to >= SPACES ? undefined : A_COMBATANT + card * SPACES + to;
      }
      case 'attack':
        return attackIndex(action.commit, view);
    }
  },
  actionAt(index, view) {
    if (!Number.isInteger(index) || index < 0 || index >= ACTION_SPACE) return undefined;
    if (index < A_DECLINE) return { type: 'move', die: index === 0 ? 0 : 1 };
    if (index === A_DECLINE) return { type: 'declineAttack' };
    if (index === A_SKIP) return { type: 'skipTransfer' };
    if (index === A_END) return { type: 'endAction' };
    if (index < A_TRANSFER)
      return { type: 'chooseCasualty', card: CARD_IDS[index - A_CASUALTY] as string };
    if (index < A_COMBATANT)
      return { type: 'transfer', card: CARD_IDS[index - A_TRANSFER] as string };
    if (index < A_SUBSET) {
      const i = index - A_COMBATANT;
      return {
        type: 'moveCombatant',
        card: CARD_IDS[Math.floor(i / SPACES)] as string,
        to: (i % SPACES) + 1,
      };
    }
    const eligible = eligibleOf(view);
    if (eligible === undefined) return undefined;
    if (index < A_SINGLE) {
      const mask = index - A_SUBSET + 1;
      if (eligible.length > MAX_LISTED_CANDIDATES || mask >= 1 << eligible.length) return undefined;
      return { type: 'attack', commit: eligible.filter((_, i) => (mask & (1 << i)) !== 0) };
    }
    if (eligible.length <= MAX_LISTED_CANDIDATES) return undefined;
    if (index < A_ALL) return { type: 'attack', commit: [CARD_IDS[index - A_SINGLE] as string] };
    return { type: 'attack', commit: [...eligible] };
  },
};

/**
 * The observation features of Colonial Florida, for learning bots: a fixed-length encoding of
 * a seat's view (seats relative to the viewer; each player's Gold, pawn and markers; every
 * space's settlement, controller and raze; where each card is; the hazard markers; the
 * decision pending with its dice, target and candidates) and an action index space: each die,
 * decline, skip, end, a casualty or a transfer per card, a combatant move per card and space,
 * and attack commits — with up to 8 eligible combatants each subset (as a bit mask over the
 * eligible list), beyond that each single card and all of them, exactly what `legalActions`
 * lists. Spaces past 36 and cards a variant adds are not encoded.
 * @public
 */
export const colonialFloridaObservation: GameObservation<ColonialFloridaAction> = {
  size: F.size,
  layout: Object.entries(PARTS).map(([name, size]) => ({ name, size })),
  encode,
  actions,
};
