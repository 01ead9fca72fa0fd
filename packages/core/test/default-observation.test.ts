import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { courtLetters } from '../src/games/court-letters.js';
import { drawAndPlay, type DrawState } from '../src/games/draw-and-play.js';
import { liarsDice, type LiarsDiceState } from '../src/games/liars-dice.js';
import type { CardDefinition } from '../src/cards/cards.js';
import type { ActionBase } from '../src/model/action.js';
import type { MatchState } from '../src/model/match-state.js';
import { defaultObservation, observationFor } from '../src/run/default-observation.js';
import {
  checkObservation,
  encodeObservation,
  observationNames,
} from '../src/observation/observation.js';
import { Rng } from '../src/rng/rng.js';
import { createEngine, type Engine } from '../src/run/engine.js';
import { lawSeed } from '../src/testing/law.js';
import { observationLaws } from '../src/testing/index.js';

// The default observation encoding, for games that declare no observation features: derived
// from the zones and the views' fields, of the declared length, the same in every run, and
// blind to what the seat may not see.

const SEED = lawSeed(undefined);
const DRAW_SETUP = { players: 3, options: { rounds: 2, handSize: 2 } };
// Liar's Dice's own features are left out: its private dice go through the default encoding.
const { observation: _declared, ...bareLiarsDice } = liarsDice;
const DICE_SETUP = { players: 3, options: { dice: 2 } };

/** A state reached by `steps` uniform random decisions from `seed` (fewer if the game ends). */
function playTo<S, A extends ActionBase, O, C extends CardDefinition>(
  engine: Engine<S, A, O, C>,
  seed: number,
  steps: number,
): MatchState<S> {
  const rng = Rng.fromSeed(seed);
  const state = engine.clone(engine.initialState(seed).state);
  for (let i = 0; i < steps; i++) {
    const seat = engine.toAct(state)[0];
    if (seat === undefined) break;
    const legal = engine.legalActions(state, seat);
    if (legal.length === 0) break;
    engine.step(state, seat, legal[rng.int(0, legal.length - 1)], false);
  }
  return state;
}

describe('defaultObservation', () => {
  it('gives a game without features an encoding whose parts name its zones and fields', () => {
    const features = defaultObservation(drawAndPlay, DRAW_SETUP);
    expect(checkObservation(features)).toEqual([]);
    const names = features.layout?.map((p) => p.name) ?? [];
    expect(names.slice(0, 3)).toEqual(['seat', 'deck', 'deck.size']);
    expect(names).toContain('players.2.hand');
    expect(names).toContain('players.2.hand.size');
    expect(names).toContain('round');
    expect(names).toContain('phase');
    expect(observationNames(features)).toHaveLength(features.size);
    // Draw and Play: a play of each card of the table, and a pass.
    const engine = createEngine(drawAndPlay, DRAW_SETUP);
    expect(features.actions.size).toBe(engine.cards.instanceIds.length + 1);
    expect(observationFor(drawAndPlay, DRAW_SETUP)).toBe(features);
  });

  it('keeps the features a game declares', () => {
    expect(observationFor(liarsDice, DICE_SETUP)).toBe(liarsDice.observation);
  });

  it('is derived the same way every time, and encodes a view the same way', () => {
    const a = defaultObservation(bareLiarsDice, DICE_SETUP);
    // A different sampling key, the same sampling: derived anew, not read from the cache.
    const b = defaultObservation(bareLiarsDice, DICE_SETUP, { seeds: [0, 1, 2, 3, 4, 5, 6, 7] });
    expect(b).not.toBe(a);
    expect(b.size).toBe(a.size);
    expect(observationNames(b)).toEqual(observationNames(a));
    expect(b.actions.size).toBe(a.actions.size);
    const engine = createEngine(bareLiarsDice, DICE_SETUP);
    const state = playTo(engine, 11, 5);
    for (let seat = 0; seat < 3; seat++) {
      const view = engine.view(state, seat);
      expect(Array.from(encodeObservation(b, view, seat))).toEqual(
        Array.from(encodeObservation(a, view, seat)),
      );
    }
    for (let i = 0; i < a.actions.size; i++) {
      const action = a.actions.actionAt(i, engine.view(state, 0), 0);
      expect(action).toEqual(b.actions.actionAt(i, engine.view(state, 0), 0));
      expect(a.actions.indexOf(action as never, engine.view(state, 0), 0)).toBe(i);
    }
  });

  it("does not change when another seat's private dice change (and the owner's does)", () => {
    const features = defaultObservation(bareLiarsDice, DICE_SETUP);
    const engine = createEngine(bareLiarsDice, DICE_SETUP);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 2 }),
        (seed, steps, seat, offset) => {
          const state = playTo(engine, seed, steps);
          if (state.phase === 'reveal' || engine.isOver(state)) return;
          const other = (seat + offset) % 3;
          const changed = engine.clone(state);
          const dice = changed.game.players[other]?.dice ?? [];
          if (dice.length === 0) return;
          dice[0] = (dice[0] as number) === 6 ? 1 : (dice[0] as number) + 1;
          const mine = (s: MatchState<LiarsDiceState>, who: number): number[] =>
            Array.from(encodeObservation(features, engine.view(s, who), who));
          expect(mine(changed, seat)).toEqual(mine(state, seat));
          expect(mine(changed, other)).not.toEqual(mine(state, other));
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("does not change when another seat's hidden hand changes (and the owner's does)", () => {
    const features = defaultObservation(drawAndPlay, DRAW_SETUP);
    const engine = createEngine(drawAndPlay, DRAW_SETUP);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 2 }),
        (seed, steps, seat, offset) => {
          const state = playTo(engine, seed, steps);
          const other = (seat + offset) % 3;
          const changed = engine.clone(state);
          const game = changed.game;
          const hand = game.players[other]?.hand ?? [];
          // A card of the other hand trades places with a deck card of another kind.
          const at = game.deck.findIndex((id) => id.split('#')[0] !== hand[0]?.split('#')[0]);
          if (hand.length === 0 || at < 0) return;
          [hand[0], game.deck[at]] = [game.deck[at] as string, hand[0] as string];
          const encode = (s: MatchState<DrawState>, who: number): number[] =>
            Array.from(encodeObservation(features, engine.view(s, who), who));
          expect(encode(changed, seat)).toEqual(encode(state, seat));
          expect(encode(changed, other)).not.toEqual(encode(state, other));
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('passes the observation laws on games with hidden hands, private dice and peeks', () => {
    const laws = [
      ...observationLaws({
        game: drawAndPlay,
        observation: defaultObservation(drawAndPlay, DRAW_SETUP),
        setups: [DRAW_SETUP],
        numRuns: 10,
      }),
      ...observationLaws({
        game: bareLiarsDice,
        observation: defaultObservation(bareLiarsDice, DICE_SETUP),
        setups: [DICE_SETUP],
        numRuns: 10,
      }),
      ...observationLaws({
        game: courtLetters,
        observation: defaultObservation(courtLetters, { players: 3 }),
        setups: [{ players: 3 }],
        numRuns: 10,
      }),
    ];
    for (const law of laws) law.run();
  });
});
