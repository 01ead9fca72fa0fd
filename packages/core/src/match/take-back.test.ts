import { describe, expect, it } from 'vitest';
import { finishGame } from '../define/define-game.js';
import type { AnyGame } from '../define/game.js';
import { drawAndPlay } from '../games/draw-and-play.js';
import { liarsDice } from '../games/liars-dice.js';
import { pig } from '../games/pig.js';
import type { ActionBase } from '../model/action.js';
import type { GameView } from '../view/view.js';
import { Engine } from '../run/engine.js';
import { createMatch, type Match } from './match.js';
import { takeBack, takeBackRefusal } from './take-back.js';

/** A game whose listed action types are declared undoable (the rest as they are). */
function undoable(game: AnyGame, types: readonly string[]): AnyGame {
  const actions: Record<string, unknown> = { ...game.actions };
  for (const type of types) {
    const handler = actions[type] as { traits?: object };
    actions[type] = { ...handler, traits: { ...handler.traits, undoable: true } };
  }
  return finishGame<AnyGame>({ ...game, actions });
}

/** Plays the first legal action of `type` for the seat to act. */
function play<S, A extends ActionBase, V extends GameView>(
  match: Match<S, A, V>,
  type: string,
): void {
  const seat = match.toAct[0]!;
  const action = match.legalActions(seat).find((a) => a.type === type);
  if (action === undefined) throw new Error(`no legal '${type}' now`);
  const r = match.apply(seat, action);
  if (!r.ok) throw new Error(r.error.message);
}

describe('takeBack', () => {
  it('takes back declared-undoable actions: the match replayed without them, the original untouched', () => {
    const match = createMatch(liarsDice, { seed: 4, players: 2 });
    const fresh = createMatch(liarsDice, { seed: 4, players: 2 });
    play(match, 'bid');
    const afterOne = match.hash();
    play(match, 'bid');
    const back = takeBack(match, 1);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.match.actions).toHaveLength(1);
    expect(back.match.hash()).toBe(afterOne);
    expect(match.actions).toHaveLength(2);
    const both = takeBack(match, 2);
    expect(both.ok && both.match.hash()).toBe(fresh.hash());
    // The match taken back plays on like any other.
    if (both.ok) play(both.match, 'bid');
  });

  it('refuses an action the game does not declare undoable (not_undoable)', () => {
    const match = createMatch(liarsDice, { seed: 4, players: 2 });
    play(match, 'bid');
    play(match, 'challenge');
    const back = takeBack(match, 1);
    expect(back.ok ? '' : back.error.code).toBe('not_undoable');
    expect(back.ok ? '' : back.error.message).toBe(
      "'challenge' cannot be taken back in Liar's Dice",
    );
  });

  it('refuses once a random draw happened since (revealed)', () => {
    const game = undoable(pig, ['roll', 'hold']);
    const match = createMatch(game, { seed: 9, players: 2 });
    play(match, 'roll');
    const back = takeBack(match, 1);
    expect(back.ok ? '' : back.error.code).toBe('revealed');
    expect(back.ok ? '' : back.error.message).toMatch(/a random draw happened since/);
  });

  it('refuses once a seat has seen a card it had not (revealed), naming the seat', () => {
    const game = undoable(drawAndPlay, ['play', 'pass']);
    const match = createMatch(game, { seed: 3, players: 2, options: { rounds: 3 } });
    const seat = match.toAct[0]!;
    // A pass discards a hand card face up, and the next seat draws a hidden one.
    play(match, 'pass');
    const back = takeBack(match, 1);
    expect(back.ok ? '' : back.error.code).toBe('revealed');
    expect(back.ok ? '' : back.error.message).toMatch(
      /^nothing hidden may come out before a take-back, but (the spectator|seat \d) has seen card 'card-\d#\d' since$/,
    );
    expect(match.toAct).toEqual([1 - seat]);
    // A card played from a hidden hand is out too: everyone has seen it.
    const other = createMatch(game, { seed: 3, players: 2, options: { rounds: 3 } });
    play(other, 'play');
    const played = takeBack(other, 1);
    expect(played.ok ? '' : played.error.message).toMatch(
      /the spectator has seen card '[^']+' since/,
    );
  });

  it('refuses counts outside the actions played (nothing_to_undo)', () => {
    const match = createMatch(liarsDice, { seed: 4, players: 2 });
    expect(takeBack(match, 1).ok ? '' : 'refused').toBe('refused');
    play(match, 'bid');
    for (const count of [0, -1, 2, 1.5, Number.NaN])
      expect(
        takeBack(match, count).ok
          ? ''
          : (takeBack(match, count) as { error: { code: string } }).error.code,
      ).toBe('nothing_to_undo');
  });

  it('takeBackRefusal decides on two states as takeBack does, chosen chance outcomes included', () => {
    const game = undoable(pig, ['roll', 'hold']);
    const engine = new Engine(game, { players: 2 });
    // Setup rolls for the first seat: a three.
    const start = engine.initialStateWithChance(9, [2]);
    if (!start.ok || !start.done) throw new Error('Pig setup draws more than once');
    const before = start.state;
    const seat = engine.toAct(before)[0]!;
    // A roll whose die is chosen (a five): a draw happened, whichever outcome was chosen.
    const rolled = engine.applyWithChance(before, seat, { type: 'roll' }, [4]);
    if (!rolled.ok || !rolled.done) throw new Error('the roll did not complete');
    const refused = takeBackRefusal(engine, [{ type: 'roll' }], before, rolled.state);
    expect(refused?.code).toBe('revealed');
    expect(refused?.message).toMatch(/a random draw happened since/);
    // A bid of Liar's Dice draws nothing and shows nothing: allowed, as takeBack allows it.
    const dice = new Engine(liarsDice, { players: 2 });
    const seeded = dice.initialState(4).state;
    const bidder = dice.toAct(seeded)[0]!;
    const bid = dice.legalActions(seeded, bidder).find((x) => x.type === 'bid')!;
    const bidded = dice.apply(seeded, bidder, bid);
    if (!bidded.ok) throw new Error(bidded.error.message);
    expect(takeBackRefusal(dice, [bid], seeded, bidded.state)).toBeUndefined();
    // An action type the game does not declare undoable is refused first.
    expect(
      takeBackRefusal(new Engine(pig, { players: 2 }), [{ type: 'roll' }], before, rolled.state)
        ?.code,
    ).toBe('not_undoable');
  });
});
