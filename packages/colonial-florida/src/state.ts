/**
 * The four hazard markers.
 * @public
 */
export type MarkerName = 'hurricane' | 'pirate' | 'raid' | 'disease';

/**
 * The marker names in phase order.
 * @public
 */
export const MARKER_NAMES = [
  'hurricane',
  'pirate',
  'raid',
  'disease',
] as const satisfies readonly MarkerName[];

/**
 * The nations, by seat.
 * @public
 */
export const NATIONS = ['Spanish', 'British', 'French'] as const;

/**
 * One player: Gold, pawn position and control markers not on the board.
 * @public
 */
export interface PlayerState {
  /** The player's nation (seat 0 Spanish, 1 British, 2 French). */
  nation: string;
  /** Gold collected. */
  gold: number;
  /** The space the pawn stands on. */
  pawn: number;
  /** Control markers still available for founding and conquering. */
  markersLeft: number;
}

/**
 * One settlement of the ring.
 * @public
 */
export interface SettlementState {
  /** Its space number. */
  space: number;
  /** Its name as on the sheet. */
  name: string;
  /** The controlling seat, or null. */
  controller: number | null;
  /** Raze markers on it (0 or more). */
  raze: number;
  /** Attached Enhancement card instance ids, in the order they arrived. */
  cards: string[];
}

/**
 * The player is choosing which of the two rolled dice to move by.
 * @public
 */
export interface PendingMove {
  type: 'move';
  seat: number;
  dice: [number, number];
}

/**
 * The player landed on an opposing settlement they can attack: commit combatants or decline.
 * @public
 */
export interface PendingAttack {
  type: 'attack';
  seat: number;
  /** The settlement that may be attacked. */
  target: number;
  /** The combatants that may be committed (on adjacent settlements the player controls). */
  eligible: string[];
}

/**
 * The winner of a battle rolled a casualty and chooses which combatant to lose.
 * @public
 */
export interface PendingCasualty {
  type: 'chooseCasualty';
  seat: number;
  /** The settlement fought over. */
  target: number;
  /** The combatants that may be lost. */
  candidates: string[];
  /** The attacking seat, or null when the battle was a raid (the game then goes on with the next phase). */
  attacker: number | null;
  /** For an attack: whether the attacker won (then the transfer follows). */
  attackerWon: boolean;
  /** For an attack: the combatants the attacker committed (that still survive). */
  committed: string[];
}

/**
 * The attacker conquered a settlement and may move one surviving committed combatant onto it.
 * @public
 */
export interface PendingTransfer {
  type: 'transfer';
  seat: number;
  /** The conquered settlement. */
  target: number;
  /** The surviving committed combatants. */
  candidates: string[];
}

/**
 * The player may move movable combatants one step each, then ends the action.
 * @public
 */
export interface PendingMoveCombatant {
  type: 'moveCombatant';
  seat: number;
  /** Cards that already moved (or were transferred) this action and may not move again. */
  moved: string[];
}

/**
 * The decision awaited.
 * @public
 */
export type Pending =
  PendingMove | PendingAttack | PendingCasualty | PendingTransfer | PendingMoveCombatant;

/**
 * The whole game state, shaped like the view (the view drops `deck` and shows `deckSize`).
 * @public
 */
export interface ColonialFloridaState {
  /** The turn number (1 in the first turn). */
  turn: number;
  /** Gold needed to win (the `goldToWin` option, here for views and heuristics). */
  goldToWin: number;
  /** The Enhancement deck, top first (hidden from everybody). */
  deck: string[];
  /** Destroyed and killed cards. */
  discard: string[];
  /** Where the four hazard markers are (space numbers). */
  markers: Record<MarkerName, number>;
  /** The players by seat. */
  players: PlayerState[];
  /** Every settlement, in ring order. */
  settlements: SettlementState[];
  /** The seat acting in the Action phase (null before the first one of a turn). */
  actionSeat: number | null;
  /** The decision awaited, or null. */
  pending: Pending | null;
}

function clonePending(p: Pending): Pending {
  switch (p.type) {
    case 'move':
      return { type: 'move', seat: p.seat, dice: [p.dice[0], p.dice[1]] };
    case 'attack':
      return { type: 'attack', seat: p.seat, target: p.target, eligible: p.eligible.slice() };
    case 'chooseCasualty':
      return {
        type: 'chooseCasualty',
        seat: p.seat,
        target: p.target,
        candidates: p.candidates.slice(),
        attacker: p.attacker,
        attackerWon: p.attackerWon,
        committed: p.committed.slice(),
      };
    case 'transfer':
      return { type: 'transfer', seat: p.seat, target: p.target, candidates: p.candidates.slice() };
    case 'moveCombatant':
      return { type: 'moveCombatant', seat: p.seat, moved: p.moved.slice() };
  }
}

/**
 * A deep copy of a Colonial Florida state that knows its shape: several times faster than a
 * generic JSON copy, which matters for bots that clone millions of states. The game's laws
 * prove it equal to the generic copy (clone + step gives what apply gives).
 * @public
 */
export function cloneColonialFloridaState(s: ColonialFloridaState): ColonialFloridaState {
  const players: PlayerState[] = new Array<PlayerState>(s.players.length);
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i] as PlayerState;
    players[i] = { nation: p.nation, gold: p.gold, pawn: p.pawn, markersLeft: p.markersLeft };
  }
  const settlements: SettlementState[] = new Array<SettlementState>(s.settlements.length);
  for (let i = 0; i < s.settlements.length; i++) {
    const t = s.settlements[i] as SettlementState;
    settlements[i] = {
      space: t.space,
      name: t.name,
      controller: t.controller,
      raze: t.raze,
      cards: t.cards.slice(),
    };
  }
  const m = s.markers;
  return {
    turn: s.turn,
    goldToWin: s.goldToWin,
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    markers: { hurricane: m.hurricane, pirate: m.pirate, raid: m.raid, disease: m.disease },
    players,
    settlements,
    actionSeat: s.actionSeat,
    pending: s.pending === null ? null : clonePending(s.pending),
  };
}
