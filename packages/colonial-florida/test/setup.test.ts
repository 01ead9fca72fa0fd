import { createMatch, validateSetup } from '@ruleloom/core';
import { describe, expect, it } from 'vitest';
import { colonialFlorida, FLORIDA_MAP, type ColonialFloridaCard } from '../src/index.js';
import { ALL_CARDS, deckWithTop } from './helpers.js';

const problems = (options: Record<string, unknown>, players = 2): string[] => {
  const r = validateSetup(colonialFlorida, { seed: 1, players, options });
  return r.ok ? [] : r.errors.map((e) => e.path);
};

describe('setup', () => {
  it('starts with 67 shuffled cards, pawns and markers on Gulf Stream, 12 markers and no Gold', () => {
    const match = createMatch(colonialFlorida, { seed: 9, players: 3, options: { maxTurns: 5 } });
    const g = match.state.game;
    expect(ALL_CARDS).toHaveLength(67);
    expect([...g.deck, ...g.discard, ...g.settlements.flatMap((s) => s.cards)].sort()).toEqual(
      [...ALL_CARDS].sort(),
    );
    expect(g.players.map((p) => p.nation)).toEqual(['Spanish', 'British', 'French']);
    expect(g.settlements.map((s) => s.space)).toEqual([
      3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36,
    ]);
    expect(g.settlements.map((s) => s.name)).toEqual([
      'St Augustine',
      'Cowford',
      'New Smyrna',
      'Fort Caroline',
      'Fort Matanzas',
      'Fort Picolata',
      'Cape Canaveral',
      'Santa Maria de Loreto',
      'San Luis',
      'San Marcos',
      'Pensacola',
      'Tallahassee',
    ]);
    expect(FLORIDA_MAP.spaces).toHaveLength(36);
    expect(FLORIDA_MAP.spaces[6]?.name).toBe('Payne’s Prairie');
  });

  it('card instance ids follow the contract', () => {
    for (const id of [
      'fortress#1',
      'fortress#6',
      'busy-port#4',
      'tobacco#1',
      'trapping-and-harvesting#1',
      'cutthroats-and-thieves#2',
      'indian-allies#1',
      'provincial-capitol#2',
    ]) {
      expect(ALL_CARDS).toContain(id);
    }
    expect(ALL_CARDS).not.toContain('fortress#7');
  });

  it('deckOrder stacks the deck, top first', () => {
    const order = deckWithTop(['warship#3', 'tobacco#1']);
    const match = createMatch(colonialFlorida, {
      seed: 1,
      players: 2,
      options: { deckOrder: order },
    });
    expect(match.state.game.deck.slice(0, 2)).toEqual(['warship#3', 'tobacco#1']);
  });

  it('startSpaces puts pawns and markers where asked', () => {
    const g = createMatch(colonialFlorida, {
      seed: 1,
      players: 2,
      options: {
        startSpaces: { pawns: 10, hurricane: 36, pirate: 35, raid: 34, disease: 33 },
        maxTurns: 1,
      },
    }).state.game;
    expect(g.turn).toBe(1);
  });

  it('validates every option with its path', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ goldToWin: 0 })).toEqual(['options.goldToWin']);
    expect(problems({ maxTurns: 1.5 })).toEqual(['options.maxTurns']);
    expect(problems({ controlMarkers: -1 })).toEqual(['options.controlMarkers']);
    expect(problems({ ownSettlement: 'drawOnly' })).toEqual(['options.ownSettlement']);
    expect(problems({ startSpaces: { pawns: 1 } })).toContain('options.startSpaces');
    expect(
      problems({ startSpaces: { pawns: 37, hurricane: 1, pirate: 1, raid: 1, disease: 1 } }),
    ).toEqual(['options.startSpaces.pawns']);
    expect(problems({ deckOrder: ['tobacco#1'] })).toEqual(['options.deckOrder']);
    expect(problems({ deckOrder: [...ALL_CARDS.slice(1), ALL_CARDS[1]] })).toEqual([
      'options.deckOrder',
      'options.deckOrder',
    ]);
    expect(problems({ map: { spaces: [] } })).toContain('options.map');
    expect(
      problems({
        map: {
          spaces: [
            { name: 'A', settlement: 'yes' },
            { name: '', settlement: true },
          ],
        },
      }),
    ).toContain('options.map');
    expect(problems({ cards: { remove: ['tobaco'] } })).toEqual(['options.cards.remove[0]']);
    expect(problems({}, 4)).toEqual(['players']);
  });

  it('card overrides are checked against the card rules', () => {
    const bad = {
      id: 'rum-runners',
      name: 'Rum Runners',
      copies: 1,
      types: ['T'],
      traits: { type: 'combatant', movable: false, canAttack: true, indestructible: false },
    };
    expect(problems({ cards: { add: [bad] } }).length).toBeGreaterThan(0);
    const typo = { ...bad, traits: { type: 'incme', count: 1 } };
    expect(problems({ cards: { add: [typo] } }).length).toBeGreaterThan(0);
  });

  it('a card override changes the deck: a new income card and its instance ids', () => {
    const card: ColonialFloridaCard = {
      id: 'rum-runners',
      name: 'Rum Runners',
      copies: 2,
      types: ['T', 'S'],
      traits: { type: 'income', count: 1 },
    };
    const match = createMatch(colonialFlorida, {
      seed: 1,
      players: 2,
      options: { cards: { add: [card], remove: ['fortress'] } },
    });
    const ids = match.engine.cards.instanceIds;
    expect(ids).toHaveLength(67 - 6 + 2);
    expect(ids).toContain('rum-runners#2');
  });

  it('a variant map: another ring with its own settlements', () => {
    const spaces = Array.from({ length: 12 }, (_, i) => ({
      name: `Space ${i + 1}`,
      settlement: (i + 1) % 4 === 0,
    }));
    const match = createMatch(colonialFlorida, {
      seed: 5,
      players: 2,
      options: { map: { spaces }, maxTurns: 30 },
    });
    expect(match.state.game.settlements.map((s) => [s.space, s.name])).toEqual([
      [4, 'Space 4'],
      [8, 'Space 8'],
      [12, 'Space 12'],
    ]);
    while (!match.isOver) {
      const seat = match.toAct[0]!;
      expect(match.apply(seat, match.legalActions(seat)[0]!).ok).toBe(true);
    }
    for (const m of Object.values(match.state.game.markers)) expect(m).toBeLessThanOrEqual(12);
  });
});
