import { actionTraitsOf, createMatch, Rng, type ActionBase, type GameView } from '@ruleloom/core';
import { colonialFlorida } from '@ruleloom/colonial-florida';
import { describe, expect, it } from 'vitest';
import { builderPolicy } from './colonial-florida-opponents.js';
import { raiderPolicy } from './colonial-florida-raider.js';
import type { ActionPolicy } from '../src/index.js';

type Settlement = { space: number; controller: number | null; raze: number; cards: string[] };

/**
 * Seat 0's pawn on space 3 with dice 3 and 6 (spaces 6 and 9); `patch` sets settlements by
 * index (space 3 × (index + 1)).
 */
function position(patch: Record<number, Partial<Settlement>>): GameView {
  const view = createMatch(colonialFlorida, { seed: 1, players: 3 }).view(0);
  const settlements = (view.settlements as unknown as Settlement[]).map((s, i) => ({
    ...s,
    ...patch[i],
  }));
  const players = view.players.map((p, i) => (i === 0 ? { ...p, pawn: 3 } : { ...p, pawn: 30 }));
  return {
    ...view,
    players,
    settlements,
    actionSeat: 0,
    pending: { type: 'move', seat: 0, dice: [3, 6] },
  };
}

const moves: ActionBase[] = [
  { type: 'move', die: 0 } as ActionBase,
  { type: 'move', die: 1 } as ActionBase,
];

function choose(policy: ActionPolicy, view: GameView, legal = moves): ActionBase {
  return policy({
    seat: 0,
    legalActions: legal,
    rng: Rng.fromSeed(1),
    traits: actionTraitsOf(colonialFlorida),
    view: () => view,
  });
}

describe('Colonial Florida reference opponents', () => {
  // Space 6 unclaimed; space 9 the British's, next to the Spanish space 12 with Soldiers.
  const attackOrFound = position({
    1: { controller: null, cards: [] },
    2: { controller: 1, cards: ['busy-port#1'] },
    3: { controller: 0, cards: ['soldiers#1'] },
  });
  // Space 6 the Spanish's own; space 9 the British's, with nothing of the Spanish next to it.
  const ownOrBlock = position({
    1: { controller: 0, raze: 0, cards: [] },
    2: { controller: 1, raze: 0, cards: ['busy-port#1'] },
    3: { controller: null, cards: [] },
  });

  it('the raider goes for the settlement it can attack; the builder founds', () => {
    expect(choose(raiderPolicy, attackOrFound)).toEqual({ type: 'move', die: 1 });
    expect(choose(builderPolicy, attackOrFound)).toEqual({ type: 'move', die: 0 });
  });

  it('the raider blocks an opponent’s income; the builder develops its own settlement', () => {
    expect(choose(raiderPolicy, ownOrBlock)).toEqual({ type: 'move', die: 1 });
    expect(choose(builderPolicy, ownOrBlock)).toEqual({ type: 'move', die: 0 });
  });

  it('both attack with every combatant they may commit, and take a transfer', () => {
    const attacks = [
      { type: 'attack', commit: ['soldiers#1'] },
      { type: 'attack', commit: ['soldiers#1', 'militia#1'] },
      { type: 'declineAttack' },
    ] as unknown as ActionBase[];
    const transfer = [
      { type: 'skipTransfer' },
      { type: 'transfer', card: 'soldiers#1' },
    ] as ActionBase[];
    for (const policy of [raiderPolicy, builderPolicy]) {
      expect(choose(policy, attackOrFound, attacks)).toBe(attacks[1]);
      expect(choose(policy, attackOrFound, transfer)).toBe(transfer[1]);
    }
  });

  it('the raider plays legal actions through whole games', () => {
    for (const seed of [1, 2, 3]) {
      const match = createMatch(colonialFlorida, { seed, players: 3 });
      const rng = Rng.fromSeed(seed);
      for (let n = 0; n < 5000 && match.result === null; n++) {
        const seat = match.toAct[0] as number;
        const legal = match.legalActions(seat);
        const action = raiderPolicy({
          seat,
          legalActions: legal,
          rng,
          traits: actionTraitsOf(colonialFlorida),
          view: () => match.view(seat),
        });
        expect(match.applyInput(seat, action).ok).toBe(true);
      }
      expect(match.result).not.toBeNull();
    }
  });
});
