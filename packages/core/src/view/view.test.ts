import { describe, expect, it } from 'vitest';
import { createMatch } from '../match/match.js';
import { Rng } from '../rng/rng.js';
import { drawAndPlay } from '../games/draw-and-play.js';
import { finishGame } from '../define/define-game.js';
import { redactState } from './view.js';

describe('views derived from zone visibility', () => {
  const match = createMatch(drawAndPlay, { seed: 4, players: 3 });
  const state = match.state.game;

  it('hides the deck from everyone and shows its size', () => {
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      const view = match.view(viewer);
      expect(view).not.toHaveProperty('deck');
      expect(view.deckSize).toBe(state.deck.length);
    }
  });

  it('shows a hand only to its owner, and its size to the others', () => {
    const view = match.view(1) as unknown as { players: { hand?: string[]; handSize?: number }[] };
    expect(view.players[1]?.hand).toEqual(state.players[1]?.hand);
    expect(view.players[0]?.hand).toBeUndefined();
    expect(view.players[0]?.handSize).toBe(state.players[0]?.hand.length);
    const spectator = match.view('spectator') as unknown as { players: { hand?: string[] }[] };
    expect(spectator.players.every((p) => p.hand === undefined)).toBe(true);
  });

  it('includes the phase and is a copy: changing it does not change the match', () => {
    const view = match.view(0) as unknown as { phase: string; discard: string[] };
    expect(view.phase).toBe('turn');
    view.discard.push('card-1#1');
    expect(match.state.game.discard).not.toContain('card-1#1');
  });

  it('determinize keeps what the seat sees and deals the unseen cards', () => {
    const view = match.view(0);
    const s = match.engine.determinize(view, Rng.fromSeed(1)).game;
    expect(s.players[0]?.hand).toEqual(state.players[0]?.hand);
    expect(s.deck.length).toBe(state.deck.length);
    const all = [
      ...s.deck,
      ...s.discard,
      ...s.players.flatMap((p) => [...p.hand, ...p.played]),
    ].sort();
    expect(all).toEqual([...match.engine.cards.instanceIds].sort());
    const another = match.engine.determinize(view, Rng.fromSeed(2)).game;
    expect([another.deck, another.players[1]?.hand]).not.toEqual([s.deck, s.players[1]?.hand]);
  });
});

describe('log redaction from event audiences', () => {
  it('shows a private draw only to the drawer', () => {
    const match = createMatch(drawAndPlay, { seed: 8, players: 2 });
    const draws = (seat: number | 'spectator') =>
      match
        .logFor(seat)
        .flatMap((e) => e.events)
        .filter((e) => e.type === 'draw');
    const drawer = match.toAct[0] ?? 0;
    expect(draws(drawer).some((e) => typeof e.card === 'string')).toBe(true);
    expect(draws((drawer + 1) % 2).every((e) => e.hidden === true && e.card === undefined)).toBe(
      true,
    );
    expect(draws('spectator').every((e) => e.hidden === true)).toBe(true);
  });
});

describe('secret actions in the log', () => {
  it('shows a secret action only to the seat that took it', () => {
    const secretGame = finishGame<typeof drawAndPlay>({
      ...drawAndPlay,
      actions: { ...drawAndPlay.actions, play: { ...drawAndPlay.actions.play, secret: true } },
    });
    const match = createMatch(secretGame, { seed: 8, players: 2 });
    const seat = match.toAct[0] ?? 0;
    const play = match.legalActions(seat).find((a) => a.type === 'play');
    expect(play).toBeDefined();
    match.apply(seat, play!);
    const mine = match.logFor(seat).at(-1)?.action;
    const theirs = match.logFor((seat + 1) % 2).at(-1)?.action;
    expect(mine).toEqual(play);
    expect(theirs).toEqual({ type: 'play' });
    expect(match.logFor('spectator').at(-1)?.action).toEqual({ type: 'play' });
  });
});

describe('views of declared private fields', () => {
  const fields = [
    { path: 'players.*.dice', visibility: 'owner', revealIn: ['reveal'] },
    { path: 'bag', visibility: 'nobody', countAs: 'bagSize' },
  ] as const;
  const game = {
    bag: [3, 1, 4],
    players: [
      { dice: [6, 2], cup: 2 },
      { dice: [5], cup: 1 },
    ],
  };

  it('hides an owner field from other seats and the spectator, a nobody field from all', () => {
    expect(redactState('bidding', game, [], 0, undefined, fields)).toEqual({
      phase: 'bidding',
      bagSize: 3,
      players: [{ dice: [6, 2], cup: 2 }, { cup: 1 }],
    });
    expect(redactState('bidding', game, [], 'spectator', undefined, fields)).toEqual({
      phase: 'bidding',
      bagSize: 3,
      players: [{ cup: 2 }, { cup: 1 }],
    });
  });

  it('shows it to everyone during a phase in revealIn', () => {
    expect(redactState('reveal', game, [], 'spectator', undefined, fields)).toEqual({
      phase: 'reveal',
      bagSize: 3,
      players: game.players,
    });
  });

  it('keeps views of games without private fields as they were', () => {
    expect(redactState('x', game, [], 1)).toEqual({ phase: 'x', ...game });
  });
});
