import { createMatch, restoreMatch, SetupError, validateSetup } from '@ruleloom/core';
import { gameLaws } from '@ruleloom/core/testing';
import { describe, expect, it } from 'vitest';
import { highCard, type HighCardPlayer } from './game.js';

describe('High Card obeys the laws every Ruleloom game must pass', () => {
  for (const law of gameLaws({
    game: highCard,
    setups: [
      { players: 2 },
      { players: 3, options: { handSize: 1, ties: 'nobody' } },
      { players: 4, options: { rounds: 20, handSize: 5 } },
    ],
    numRuns: 15,
    invariant: (state) =>
      state.game.players.some((p) => p.hand.length > 5)
        ? 'a hand holds more than 5 cards'
        : undefined,
  })) {
    it(law.name, law.run, 60_000);
  }
});

describe('High Card scenarios', () => {
  const hand = (player: HighCardPlayer | undefined): string[] => player?.hand ?? [];
  const value = (id: string): number => Number(/^card-(\d+)/.exec(id)?.[1]);

  it('the highest face-down card scores a point at the showdown', () => {
    const match = createMatch(highCard, { seed: 3, players: 2, options: { rounds: 1 } });
    expect(match.toAct).toEqual([0, 1]);
    const [p0, p1] = match.state.game.players;
    const high = hand(p0).reduce((a, b) => (value(a) >= value(b) ? a : b));
    const low = hand(p1).reduce((a, b) => (value(a) <= value(b) ? a : b));

    expect(match.apply(0, { type: 'play', card: high })).toMatchObject({ ok: true });
    // Seat 1 sees that seat 0 has played, but not which card.
    const seen = match.view(1) as unknown as { players: Record<string, unknown>[] };
    expect(seen.players[0]).toEqual({ points: 0, handSize: 2, faceDownCount: 1 });
    // Events are redacted by audience. (The log's `action` field is not: see docs/concepts.md.)
    const events = match.logFor(1).flatMap((entry) => entry.events);
    expect(events).toContainEqual({ type: 'playedFaceDown', seat: 0 });
    expect(JSON.stringify(events)).not.toContain(high);

    expect(match.apply(1, { type: 'play', card: low }).ok).toBe(true);
    expect(match.isOver).toBe(true);
    const winner = value(high) > value(low) ? [0] : value(high) < value(low) ? [1] : [0, 1];
    expect(match.result?.winners).toEqual(winner);
    expect(match.view('spectator')).toMatchObject({ phase: 'gameOver', table: [high, low] });
  });

  it('rejects bad input with a code and leaves the match unchanged', () => {
    const match = createMatch(highCard, { seed: 1, players: 2 });
    const before = match.hash();
    const notMine = hand(match.state.game.players[1])[0];
    expect(match.applyInput(0, { type: 'play', card: notMine })).toMatchObject({
      ok: false,
      error: { code: 'not_in_hand' },
    });
    expect(match.applyInput(0, { type: 'play' })).toMatchObject({
      error: { code: 'malformed_action' },
    });
    expect(match.applyInput(0, { type: 'discard' })).toMatchObject({
      error: { code: 'unknown_action' },
    });
    expect(match.applyInput(5, { type: 'play', card: notMine })).toMatchObject({
      error: { code: 'invalid_seat' },
    });
    const mine = hand(match.state.game.players[0])[0];
    expect(match.apply(0, { type: 'play', card: mine! }).ok).toBe(true);
    expect(match.apply(0, { type: 'play', card: mine! })).toMatchObject({
      error: { code: 'not_your_turn' },
    });
    expect(match.actions).toHaveLength(1);
    expect(before).not.toBe(match.hash());
  });

  it('checks setups: unknown options and out-of-range values are listed with their paths', () => {
    const checked = validateSetup(highCard, {
      seed: 1,
      players: 5,
      options: { rounds: 0, tie: 'share' },
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.errors.map((e) => e.path)).toEqual([
        'players',
        'options.tie',
        'options.rounds',
      ]);
    expect(() => createMatch(highCard, { seed: 1, players: 1 })).toThrow(SetupError);
  });

  it('a save restores to the same hash and refuses a tampered one', () => {
    const match = createMatch(highCard, { seed: 11, players: 3 });
    for (let i = 0; i < 4; i++) {
      const seat = match.toAct[0] as number;
      match.apply(seat, match.legalActions(seat)[0]!);
    }
    const saved = JSON.parse(JSON.stringify(match.toJSON())) as Record<string, unknown>;
    const restored = restoreMatch(highCard, saved);
    expect(restored.ok && restored.match.hash()).toBe(match.hash());
    expect(restoreMatch(highCard, { ...saved, hash: '0'.repeat(16) })).toMatchObject({
      ok: false,
      error: { code: 'hash_mismatch' },
    });
  });
});
