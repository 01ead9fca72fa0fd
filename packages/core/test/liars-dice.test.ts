import { describe, expect, it } from 'vitest';
import { createMatch } from '../src/index.js';
import { liarsDice } from '../src/games/index.js';
import { Rng } from '../src/rng/rng.js';
import { scriptRandom } from '../src/testing/index.js';

describe("Liar's Dice (a private-hand game: dice behind cups)", () => {
  it('each seat sees its own dice and only the count of the others', () => {
    const match = createMatch(liarsDice, { seed: 7, players: 3 });
    const state = match.state.game;
    for (let seat = 0; seat < 3; seat++) {
      const view = match.view(seat) as unknown as { players: { dice?: number[]; cup: number }[] };
      for (let other = 0; other < 3; other++) {
        const p = view.players[other];
        expect(p?.cup).toBe(3);
        if (other === seat) expect(p?.dice).toEqual(state.players[other]?.dice);
        else expect(p).not.toHaveProperty('dice');
      }
    }
    const spectator = match.view('spectator') as unknown as { players: object[] };
    for (const p of spectator.players) expect(p).not.toHaveProperty('dice');
  });

  it("a seat's roll reaches only that seat's log", () => {
    const match = createMatch(liarsDice, { seed: 7, players: 3 });
    const rolls = match.log[0]?.events.filter((e) => e.type === 'roll') ?? [];
    expect(rolls.map((e) => e.audience)).toEqual([[0], [1], [2]]);
    const seen = match.logFor(1)[0]?.events.filter((e) => e.type === 'roll');
    expect(seen).toEqual([
      { type: 'roll', hidden: true },
      rolls[1],
      { type: 'roll', hidden: true },
    ]);
    expect(match.logFor('spectator')[0]?.events.filter((e) => e.type === 'roll')).toEqual([
      { type: 'roll', hidden: true },
      { type: 'roll', hidden: true },
      { type: 'roll', hidden: true },
    ]);
  });

  it('a bid must beat the last one: more dice, or as many of a higher face', () => {
    const match = createMatch(liarsDice, { seed: 3, players: 2 });
    expect(match.apply(0, { type: 'bid', quantity: 2, face: 4 }).ok).toBe(true);
    const low = match.apply(1, { type: 'bid', quantity: 2, face: 3 });
    expect(low).toMatchObject({ ok: false, error: { code: 'bid_too_low' } });
    expect(match.apply(1, { type: 'bid', quantity: 2, face: 5 }).ok).toBe(true);
    expect(match.apply(0, { type: 'bid', quantity: 7, face: 1 })).toMatchObject({
      ok: false,
      error: { code: 'bad_quantity' },
    });
    expect(match.legalActions(0).at(-1)).toEqual({ type: 'challenge' });
  });

  it('a challenge of a true bid costs the challenger a die, and lifts every cup', () => {
    const match = createMatch(liarsDice, { seed: 1, players: 2 });
    match.apply(0, { type: 'bid', quantity: 1, face: 1 });
    match.apply(1, { type: 'challenge' });
    const cups = (match.state.game).players.map((p) => p.cup);
    const faces = [2, 2, 5, 2, 6, 6];
    // The next round's rolls: seat 0's cup, then seat 1's.
    scriptRandom(match, faces);
    match.apply(match.toAct[0] as number, { type: 'nextRound' });
    const s = match.state.game;
    const c0 = cups[0] as number;
    const c1 = cups[1] as number;
    expect(s.players.map((p) => p.dice)).toEqual([
      faces.slice(0, c0).sort((a, b) => a - b),
      faces.slice(c0, c0 + c1).sort((a, b) => a - b),
    ]);
    const twos = [...faces.slice(0, c0 + c1)].filter((f) => f === 2).length;
    const starter = match.toAct[0] as number;
    match.apply(starter, { type: 'bid', quantity: 1, face: 2 });
    match.apply(1 - starter, { type: 'challenge' });
    expect(match.state.phase).toBe('reveal');
    const after = (match.state.game).players.map((p) => p.cup);
    expect(after[1 - starter]).toBe((cups[1 - starter] ?? 0) - 1);
    // Lifted cups: during the reveal every seat sees every die.
    const other = match.view(1 - starter) as unknown as { players: { dice?: number[] }[] };
    expect(other.players[starter]?.dice).toEqual(s.players[starter]?.dice);
    expect(match.log.at(-1)?.events).toContainEqual(
      expect.objectContaining({ type: 'challenged', actual: twos, loser: 1 - starter }),
    );
  });

  it('a challenge of a false bid costs the bidder a die; the last seat with dice wins', () => {
    const match = createMatch(liarsDice, {
      seed: 11,
      players: 2,
      options: { dice: 1, maxRounds: 10 },
    });
    const dice = (match.state.game).players.map((p) => p.dice[0] as number);
    // Seat 0 claims two dice of a face: with one die each, true only when both show it.
    match.apply(0, { type: 'bid', quantity: 2, face: dice[1] as number });
    match.apply(1, { type: 'challenge' });
    const loser = dice[0] === dice[1] ? 1 : 0;
    expect((match.state.game).lastChallenge?.loser).toBe(loser);
    match.apply(match.toAct[0] as number, { type: 'nextRound' });
    expect(match.isOver).toBe(true);
    expect(match.result?.winners).toEqual([1 - loser]);
  });

  it('determinize redraws hidden cups as independent dice and keeps the view', () => {
    const match = createMatch(liarsDice, { seed: 5, players: 4 });
    const view = match.view(2);
    const state = match.engine.determinize(view, Rng.fromSeed(1), 2);
    expect(match.engine.view(state, 2)).toEqual(view);
    for (const p of (state.game).players) {
      expect(p.dice).toHaveLength(3);
      for (const d of p.dice) expect(d).toBeGreaterThanOrEqual(1);
    }
  });
});
