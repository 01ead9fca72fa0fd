import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawAndPlay, type DrawState } from '../games/draw-and-play.js';
import { pig, type PigState } from '../games/pig.js';
import { replayChanceLog, type ChanceLog } from '../match/chance-log.js';
import type { MatchState } from '../model/match-state.js';
import { createRngState } from '../rng/seed.js';
import type { ChanceNode } from './chance.js';
import { createEngine } from './engine.js';

/** CI pins the fast-check seed with FC_SEED; fast-check prints it with any failure. */
const FC_SEED = Number.isSafeInteger(Number(process.env.FC_SEED))
  ? Number(process.env.FC_SEED)
  : 42;

const pigEngine = createEngine(pig, { players: 2, options: { target: 20 } });
const drawEngine = createEngine(drawAndPlay, { players: 2, options: { handSize: 2 } });

function sumOf(node: ChanceNode): number {
  return node.outcomes.reduce((sum, o) => sum + o.probability, 0);
}

/** Pig's first state with the generator of `seed` (seat 0 to act, having rolled a 3). */
function pigAt(seed: number): MatchState<PigState> {
  // Setup starts the first turn, whose first roll is forced (the only legal action): a draw.
  const start = pigEngine.initialStateWithChance(1, [2]);
  if (!start.ok || !start.done) throw new Error('setup');
  expect(start.state.game).toMatchObject({ current: 0, turnTotal: 3, lastRoll: 3 });
  return { ...start.state, rng: createRngState(seed) };
}

/** The chosen outcomes that repeat a seeded step: each die's face - 1, in order. */
function facesOf(events: readonly { type: string; values?: unknown }[]): number[] {
  return events.flatMap((e) => (e.type === 'roll' ? (e.values as number[]).map((v) => v - 1) : []));
}

describe('chance nodes: Pig', () => {
  it('a roll stops at a node of six faces, each 1/6, that everyone may see', () => {
    const state = pigAt(1);
    const r = pigEngine.applyWithChance(state, 0, { type: 'roll' }, []);
    expect(r.ok && !r.done).toBe(true);
    if (!r.ok || r.done) return;
    expect(r.node).toMatchObject({
      kind: 'roll',
      draw: 0,
      dice: '1d6',
      reason: 'pig',
      audience: 'everyone',
    });
    expect(r.node.outcomes.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.node.outcomes.map((o) => o.outcome)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const o of r.node.outcomes) expect(o.probability).toBe(1 / 6);
    expect(sumOf(r.node)).toBeCloseTo(1, 12);
  });

  it("the faces a seed rolls, chosen, give exactly that seed's state (hash and events included)", () => {
    const seen = new Set<number>();
    for (let seed = 0; seen.size < 6 && seed < 200; seed++) {
      const state = pigAt(seed);
      const seeded = pigEngine.apply(state, 0, { type: 'roll' });
      if (!seeded.ok) throw new Error(seeded.error.message);
      // A 1 ends the turn, and the next turn's first roll is forced: one step, two draws.
      const faces = facesOf(seeded.events);
      const face = (faces[0] as number) + 1;
      if (seen.has(face)) continue;
      seen.add(face);
      expect(faces.length).toBe(face === 1 ? 2 : 1);
      const chosen = pigEngine.applyWithChance(state, 0, { type: 'roll' }, faces);
      if (!chosen.ok || !chosen.done) throw new Error('the chosen roll did not complete');
      expect(chosen.state).toEqual(seeded.state);
      expect(pigEngine.hash(chosen.state)).toBe(pigEngine.hash(seeded.state));
      expect(chosen.events).toEqual(seeded.events);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a bad outcome is a rejection with a stable code and leaves the state untouched', () => {
    const state = pigAt(3);
    const before = pigEngine.hash(state);
    for (const chosen of [[6], [-1], [0.5], [1, 1]] as const) {
      const r = pigEngine.applyWithChance(state, 0, { type: 'roll' }, chosen);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid_chance_outcome');
    }
    expect(pigEngine.applyWithChance(state, 0, { type: 'roll' }, [6])).toMatchObject({
      ok: false,
      error: { message: 'chance outcome 0 is 6, but that draw has 6 outcomes (0..5)' },
    });
    expect(pigEngine.applyWithChance(state, 0, { type: 'roll' }, [1, 1])).toMatchObject({
      ok: false,
      error: { message: '2 chance outcomes were given, but the step drew 1 time' },
    });
    // A bad action is still the ordinary rejection.
    expect(pigEngine.applyWithChance(state, 1, { type: 'roll' }, [])).toMatchObject({
      ok: false,
      error: { code: 'not_your_turn' },
    });
    expect(pigEngine.hash(state)).toBe(before);
  });

  it("a hold draws the next player's forced first roll: one node, then done", () => {
    const state = pigAt(4);
    const pending = pigEngine.applyWithChance(state, 0, { type: 'hold' }, []);
    expect(pending).toMatchObject({ ok: true, done: false, node: { kind: 'roll', draw: 0 } });
    const held = pigEngine.applyWithChance(state, 0, { type: 'hold' }, [4]);
    if (!held.ok || !held.done) throw new Error('hold');
    expect(held.state.game).toMatchObject({ scores: [3, 0], current: 1, turnTotal: 5 });
  });
});

/** The shuffled deck of draw-and-play's setup, as the shuffle left it: hands dealt from its front. */
function shuffledDeck(state: MatchState<DrawState>): string[] {
  // Two cards dealt to each hand, then the first turn drew one more for seat 0.
  const [first, second] = state.game.players as [DrawState['players'][0], DrawState['players'][0]];
  return [...first.hand.slice(0, 2), ...second.hand, ...first.hand.slice(2), ...state.game.deck];
}

describe('chance nodes: a shuffled deck', () => {
  it('setup deals the shuffle card by card: 10, 9, ... 2 outcomes, hidden from every seat', () => {
    const sizes: number[] = [];
    const chosen: number[] = [];
    for (;;) {
      const r = drawEngine.initialStateWithChance(7, chosen);
      if (!r.ok) throw new Error(r.error.message);
      if (r.done) break;
      expect(r.node).toMatchObject({
        kind: 'deal',
        zone: 'deck',
        audience: [],
        draw: chosen.length,
      });
      expect(sumOf(r.node)).toBeCloseTo(1, 12);
      expect(new Set(r.node.outcomes.map((o) => o.probability))).toEqual(
        new Set([1 / r.node.outcomes.length]),
      );
      sizes.push(r.node.outcomes.length);
      chosen.push(0);
    }
    expect(sizes).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('choosing, at each deal, the card the seed put there gives the seeded setup exactly', () => {
    for (const seed of [1, 2, 3, 99]) {
      const seeded = drawEngine.initialState(seed).state;
      const deck = shuffledDeck(seeded);
      const chosen: number[] = [];
      let position = deck.length - 1; // Fisher–Yates deals from the last place down
      for (;;) {
        const r = drawEngine.initialStateWithChance(seed, chosen);
        if (!r.ok) throw new Error(r.error.message);
        if (r.done) {
          expect(r.state).toEqual(seeded);
          expect(drawEngine.hash(r.state)).toBe(drawEngine.hash(seeded));
          break;
        }
        const card = deck[position];
        const outcome = r.node.outcomes.findIndex((o) => o.value === card);
        expect(outcome).toBeGreaterThanOrEqual(0);
        chosen.push(outcome);
        position--;
      }
    }
  });

  it('a deal into an owner zone names the owner as its audience; the seat may see it', () => {
    // draw-and-play reshuffles its discard into the 'deck' (hidden): nobody. A shuffle logged
    // with an owner zone's path is the owner's.
    const engine = createEngine(
      {
        ...drawAndPlay,
        setup(ctx) {
          const hand = [...ctx.cards.instanceIds];
          ctx.random.shuffle(hand, 'players.1.hand');
          return {
            round: 1,
            current: 1,
            awaiting: false,
            deck: [],
            discard: [],
            players: [
              { hand: [], played: [] },
              { hand, played: [] },
            ],
          };
        },
      },
      { players: 2 },
    );
    const r = engine.initialStateWithChance(1, []);
    expect(r).toMatchObject({ ok: true, done: false, node: { kind: 'deal', audience: [1] } });
  });
});

/** Plays a whole game with chance nodes, every choice (action or outcome) from `pick`. */
function playWithChance<TState>(
  engine: ReturnType<typeof createEngine<TState, never, never, never>>,
  seed: number,
  pick: (count: number) => number,
): { log: ChanceLog; state: MatchState<TState> } {
  const setup: number[] = [];
  let start = engine.initialStateWithChance(seed, setup);
  while (start.ok && !start.done) {
    expect(sumOf(start.node)).toBeCloseTo(1, 12);
    setup.push(pick(start.node.outcomes.length));
    start = engine.initialStateWithChance(seed, setup);
  }
  if (!start.ok) throw new Error(start.error.message);
  let state = start.state;
  const steps: { seat: number; action: unknown; chance: number[] }[] = [];
  for (let turn = 0; turn < 2000 && state.result === null; turn++) {
    const seat = engine.toAct(state)[0] as number;
    const legal = engine.legalActions(state, seat);
    expect(legal.length).toBeGreaterThan(0);
    const action = legal[pick(legal.length)];
    const chance: number[] = [];
    let r = engine.applyWithChance(state, seat, action, chance);
    while (r.ok && !r.done) {
      expect(sumOf(r.node)).toBeCloseTo(1, 12);
      chance.push(pick(r.node.outcomes.length));
      r = engine.applyWithChance(state, seat, action, chance);
    }
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    steps.push({ seat, action, chance });
  }
  return { log: { seed, setup, steps }, state };
}

describe('chance nodes: any sampled path is a legal game (property)', () => {
  const games = [
    ['Pig', pigEngine],
    ['draw-and-play', drawEngine],
  ] as const;
  for (const [name, engine] of games) {
    it(`${name}: stepping through chance nodes with sampled outcomes ends, and its chance log replays to the same hash`, () => {
      fc.assert(
        fc.property(fc.nat(1000), fc.infiniteStream(fc.nat()), (seed, choices) => {
          const it = choices[Symbol.iterator]();
          const { log, state } = playWithChance(
            engine as never,
            seed,
            (count) => (it.next().value as number) % count,
          );
          expect(state.result).not.toBeNull();
          // A legal state: JSON round trip, clone and hash agree; the log replays it exactly.
          const copy = JSON.parse(JSON.stringify(state)) as MatchState;
          expect(engine.hash(copy as never)).toBe(engine.hash(state as never));
          const replayed = replayChanceLog(
            engine as never,
            JSON.parse(JSON.stringify(log)) as ChanceLog,
          );
          if (!replayed.ok) throw new Error(replayed.error.message);
          expect(engine.hash(replayed.state as never)).toBe(engine.hash(state as never));
        }),
        { seed: FC_SEED, numRuns: 25 },
      );
    });
  }

  it('a chance log whose outcomes stop short does not replay', () => {
    const r = replayChanceLog(pigEngine, {
      seed: 1,
      setup: [2],
      steps: [{ seat: 0, action: { type: 'roll' }, chance: [] }],
    });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'replay_rejected',
        message: 'steps[0] did not replay: its outcomes stop after 0 of its draws',
      },
    });
  });
});
