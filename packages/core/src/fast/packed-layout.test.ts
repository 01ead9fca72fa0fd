import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineInvariantError, GameDefinitionError } from '../errors/game-definition-error.js';
import type { MatchState } from '../model/match-state.js';
import { GAME_OVER_PHASE } from '../model/phase-ids.js';
import { redactState } from '../view/view.js';
import type { ZoneDeclaration } from '../zones/zone.js';
import { packedLayout } from './packed-layout.js';

const seed = Number(process.env.FC_SEED ?? 42);
const CARDS = ['a#1', 'a#2', 'b#1', 'c#1', 'c#2', 'c#3', 'd#1', 'e#1'];
const PLAYERS = 3;

const fields = {
  round: { kind: 'int' },
  leader: { kind: 'seat', nullable: true },
  open: { kind: 'bool' },
  flipped: { kind: 'card', nullable: true },
  deck: { kind: 'cards' },
  pot: { kind: 'ints', length: 2 },
  bid: {
    kind: 'record',
    nullable: true,
    fields: {
      amount: { kind: 'int', nullable: true },
      by: { kind: 'seat' },
      passed: { kind: 'seatSet' },
    },
  },
  mode: { kind: 'const', value: 'classic' },
  players: {
    kind: 'perSeat',
    fields: {
      money: { kind: 'int' },
      hand: { kind: 'cards', capacity: 4 },
      counts: { kind: 'scratch', size: 2 },
    },
  },
  tally: { kind: 'scratch', size: 3 },
} as const;

const zones: ZoneDeclaration[] = [
  { path: 'deck', visibility: 'nobody', countAs: 'deckSize' },
  { path: 'flipped', kind: 'slot', visibility: 'everyone' },
  { path: 'players.*.hand', visibility: 'owner', countAs: 'handSize' },
];

interface Sample {
  round: number;
  leader: number | null;
  open: boolean;
  flipped: string | null;
  deck: string[];
  pot: number[];
  bid: { amount: number | null; by: number; passed: number[] } | null;
  mode: 'classic';
  players: { money: number; hand: string[] }[];
}

const layout = packedLayout<Sample, typeof fields>({
  fields,
  phases: ['bid', 'play'],
  players: PLAYERS,
  cards: CARDS,
  zones,
  name: 'sample',
});

const card = fc.constantFrom(...CARDS);
const seatSet = fc
  .subarray([0, 1, 2], { minLength: 0 })
  .map((seats) => [...seats].sort((x, y) => x - y));
const sample: fc.Arbitrary<Sample> = fc.record({
  round: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  leader: fc.option(fc.integer({ min: 0, max: PLAYERS - 1 }), { nil: null }),
  open: fc.boolean(),
  flipped: fc.option(card, { nil: null }),
  deck: fc.array(card, { maxLength: CARDS.length }),
  pot: fc.array(fc.integer(), { minLength: 2, maxLength: 2 }),
  bid: fc.option(
    fc.record({
      amount: fc.option(fc.nat(), { nil: null }),
      by: fc.integer({ min: 0, max: PLAYERS - 1 }),
      passed: seatSet,
    }),
    { nil: null },
  ),
  mode: fc.constant('classic' as const),
  players: fc.array(fc.record({ money: fc.integer(), hand: fc.array(card, { maxLength: 4 }) }), {
    minLength: PLAYERS,
    maxLength: PLAYERS,
  }),
});
const words = fc.tuple(fc.integer(), fc.integer(), fc.integer(), fc.integer());
const match: fc.Arbitrary<MatchState<Sample>> = fc
  .record({ phase: fc.constantFrom('bid', 'play'), rng: words, game: sample, over: fc.boolean() })
  .map(({ phase, rng, game, over }) => ({
    phase: over ? GAME_OVER_PHASE : phase,
    rng,
    result: over ? { winners: [0], scores: [1, 0, 0], ranks: [1, 2, 2] } : null,
    game,
  }));

describe('packedLayout', () => {
  it('packs and unpacks every state it covers back to the same JSON, key order included', () => {
    fc.assert(
      fc.property(match, (state) => {
        const f = layout.pack(state);
        expect(f).toHaveLength(layout.size);
        const back = layout.unpack(f, state.result);
        expect(JSON.stringify(back)).toBe(JSON.stringify(state));
        // Packing into a used array gives the same slots (scratch cleared too).
        const used = f.map(() => 7);
        expect(layout.pack(state, used)).toEqual(f);
      }),
      { seed, numRuns: 300 },
    );
  });

  it('puts each field at the slots `at` names', () => {
    fc.assert(
      fc.property(match, (state) => {
        const f = layout.pack(state);
        const g = state.game;
        const at = layout.at;
        expect(f[at.round]).toBe(g.round);
        expect(f[at.leader]).toBe(g.leader ?? -1);
        expect(f[at.open]).toBe(g.open ? 1 : 0);
        expect(f[at.flipped]).toBe(g.flipped === null ? -1 : CARDS.indexOf(g.flipped));
        expect(f[at.deck.end]! - f[at.deck.start]!).toBe(g.deck.length);
        expect(f.slice(at.pot, at.pot + 2)).toEqual(g.pot);
        expect(f[at.bid.present]).toBe(g.bid === null ? 0 : 1);
        if (g.bid !== null) {
          expect(f[at.bid.by]).toBe(g.bid.by);
          expect(f[at.bid.passed]).toBe(g.bid.passed.reduce((m, s) => m | (1 << s), 0));
        }
        const seats = at.players;
        g.players.forEach((p, s) => {
          const block = seats.base + s * seats.stride;
          expect(f[block + seats.fields.money]).toBe(p.money);
          const hand = block + seats.fields.hand.items;
          expect(f.slice(hand, hand + p.hand.length).map((n) => CARDS[n])).toEqual(p.hand);
          expect(f[block + seats.fields.counts.at]).toBe(0);
        });
        expect(f[layout.over]).toBe(state.result === null ? 0 : 1);
        expect(f.slice(layout.rng, layout.rng + 4)).toEqual(state.rng);
      }),
      { seed, numRuns: 100 },
    );
  });

  it('reads a list window that a model moved (cards taken from the top)', () => {
    const state: MatchState<Sample> = {
      phase: 'play',
      rng: [1, 2, 3, 4],
      result: null,
      game: {
        round: 1,
        leader: null,
        open: false,
        flipped: null,
        deck: ['a#1', 'b#1', 'c#1'],
        pot: [0, 0],
        bid: null,
        mode: 'classic',
        players: [0, 1, 2].map(() => ({ money: 0, hand: [] })),
      },
    };
    const f = layout.pack(state);
    f[layout.at.deck.start] = 1;
    expect(layout.unpackGame(f).deck).toEqual(['b#1', 'c#1']);
  });

  it("makes the engine's view for every viewer", () => {
    fc.assert(
      fc.property(
        match,
        fc.constantFrom<number | 'spectator'>(0, 1, 2, 'spectator'),
        (state, viewer) => {
          expect(layout.canView).toBe(true);
          const mine = layout.view(layout.pack(state), viewer);
          const engine = redactState(state.phase, state.game, zones, viewer);
          expect(JSON.stringify(mine)).toBe(JSON.stringify(engine));
        },
      ),
      { seed, numRuns: 200 },
    );
  });

  it('makes no views of its own for a game with private fields (it would show them)', () => {
    const layout = packedLayout({
      fields: { round: { kind: 'int' }, secret: { kind: 'int' } },
      phases: ['x'],
      players: 2,
      cards: CARDS,
      privateFields: [{ path: 'secret', visibility: 'nobody' }],
      name: 'secretive',
    });
    expect(layout.canView).toBe(false);
    const f = layout.pack({
      phase: 'x',
      rng: [1, 0, 0, 0],
      result: null,
      game: { round: 1, secret: 4 },
    });
    expect(() => layout.view(f, 0)).toThrow(
      /secretive: the game declares private fields \(secret\), which a packed view does not redact/,
    );
  });

  it('leaves views to the engine for zones it cannot place', () => {
    const deep = packedLayout({
      fields: { table: { kind: 'record', fields: { pile: { kind: 'cards' } } } },
      phases: ['x'],
      players: 2,
      cards: CARDS,
      zones: [{ path: 'table.pile', visibility: 'nobody', countAs: 'pileSize' }],
    });
    expect(deep.canView).toBe(false);
    const f = deep.pack({
      phase: 'x',
      rng: [1, 0, 0, 0],
      result: null,
      game: { table: { pile: [] } },
    });
    expect(() => deep.view(f, 0)).toThrow(EngineInvariantError);
  });
});

describe('packedLayout refuses states it does not cover, naming the field', () => {
  const base = (): MatchState<Sample> => ({
    phase: 'bid',
    rng: [1, 2, 3, 4],
    result: null,
    game: {
      round: 3,
      leader: 1,
      open: true,
      flipped: 'a#1',
      deck: ['b#1'],
      pot: [1, 2],
      bid: { amount: 4, by: 0, passed: [1] },
      mode: 'classic',
      players: [0, 1, 2].map(() => ({ money: 5, hand: ['c#1'] })),
    },
  });
  const cases: [
    string,
    (s: Record<string, unknown> & { game: Record<string, unknown> }) => void,
    RegExp,
  ][] = [
    [
      'an unknown phase',
      (s) => (s.phase = 'trade'),
      /state\.phase 'trade' is not one of bid, play/,
    ],
    ['a bad generator', (s) => (s.rng = [1, 2]), /state\.rng is not four 32-bit words/],
    [
      'an unknown card',
      (s) => (s.game.flipped = 'zz#9'),
      /state\.game\.flipped is 'zz#9', not a card/,
    ],
    [
      'a card list over its capacity',
      (s) =>
        ((s.game.players as { hand: string[] }[])[1]!.hand = ['a#1', 'a#2', 'b#1', 'c#1', 'c#2']),
      /players\[1\]\.hand holds 5 cards, more than its capacity 4/,
    ],
    [
      'an undeclared field',
      (s) => (s.game.extra = 1),
      /state\.game has fields the layout does not declare: extra/,
    ],
    [
      'a prototype name',
      (s) => Object.defineProperty(s.game, '__proto__', { value: 1, enumerable: true }),
      /does not declare: __proto__/,
    ],
    ['a missing field', (s) => delete s.game.open, /state\.game\.open is missing/],
    ['a seat out of range', (s) => (s.game.leader = 3), /state\.game\.leader is 3, not a seat/],
    [
      'a negative nullable number',
      (s) => ((s.game.bid as { amount: number }).amount = -2),
      /bid\.amount is -2, not a whole number of 0 or more/,
    ],
    [
      'an unsorted seat set',
      (s) => ((s.game.bid as { passed: number[] }).passed = [2, 1]),
      /bid\.passed is not a list of seats in increasing order/,
    ],
    [
      'another constant',
      (s) => (s.game.mode = 'fast'),
      /state\.game\.mode is 'fast', not 'classic'/,
    ],
    [
      'a huge number',
      (s) => (s.game.round = 2 ** 60),
      /state\.game\.round is \d+, not a whole number/,
    ],
    [
      'a string for a number',
      (s) => (s.game.round = '3'),
      /state\.game\.round is '3', not a whole number/,
    ],
    [
      'too few seats',
      (s) => (s.game.players = []),
      /state\.game\.players is an array of 0, not one entry per seat/,
    ],
    [
      'a null record that may not be null',
      (s) => ((s.game.players as unknown[])[0] = null),
      /players\[0\] is null, not an object/,
    ],
    [
      'deep nesting',
      (s) => (s.game.bid = { amount: { a: { b: { c: 1 } } }, by: 0, passed: [] }),
      /bid\.amount is an object, not a whole number/,
    ],
  ];
  for (const [what, change, message] of cases)
    it(`refuses ${what}`, () => {
      const state = base() as unknown as Record<string, unknown> & {
        game: Record<string, unknown>;
      };
      change(state);
      expect(() => layout.pack(state as unknown as MatchState)).toThrow(message);
      expect(() => layout.pack(state as unknown as MatchState)).toThrow(EngineInvariantError);
    });
});

describe('packedLayout declarations', () => {
  it('lists every problem of a declaration at once', () => {
    let error: unknown;
    try {
      packedLayout({
        fields: {
          pile: { kind: 'cards', capacity: 0 },
          what: { kind: 'float' },
          seats: { kind: 'perSeat', fields: { extra: { kind: 'scratch', size: -1 } } },
          list: { kind: 'ints', length: 1.5 },
        } as never,
        phases: ['a', 'a', GAME_OVER_PHASE],
        players: 40,
        cards: ['x#1', 'x#1'],
        name: 'broken',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GameDefinitionError);
    const paths = (error as GameDefinitionError).problems.map((p) => p.path);
    expect(paths).toEqual([
      'players',
      'phases[1]',
      'phases[2]',
      'cards[1]',
      'fields.pile.capacity',
      'fields.what.kind',
      'fields.seats.fields.extra.size',
      'fields.list.length',
    ]);
    expect((error as Error).message).toMatch(/game definition 'broken' has 8 problems/);
  });

  it("refuses a field named after the object prototype's own names", () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const reserved = JSON.parse(`{"${name}":{"kind":"int"}}`) as never;
      expect(() =>
        packedLayout({ fields: reserved, phases: ['a'], players: 2, cards: [] }),
      ).toThrow(new RegExp(`fields\\.${name}.*reserved`));
    }
  });
});
