import { describe, expect, it } from 'vitest';
import { finishGame } from '../define/define-game.js';
import type { AnyGame } from '../define/game.js';
import { drawAndPlay } from '../games/draw-and-play.js';
import { walkArbitrary } from './walk.js';
import { resamplingLaws, type ResamplingTally } from './resampling-law.js';

const SETUPS = [{ players: 2 }, { players: 3, options: { rounds: 4 } }];

function resampling(
  game: AnyGame,
  setups: readonly object[] = SETUPS,
  onTally?: (tally: ResamplingTally) => void,
): () => void {
  const law = resamplingLaws(
    game,
    walkArbitrary(setups as never),
    { seed: 42, numRuns: 15, endOnFailure: true },
    20_000,
    undefined,
    onTally,
  ).find((l) => l.name.includes('hidden shuffles differ'));
  if (law === undefined) throw new Error('no resampling law');
  return law.run;
}

describe('the resampling law (hidden shuffles)', () => {
  it('passes the honest hidden-deck game', () => {
    expect(resampling(drawAndPlay as unknown as AnyGame)).not.toThrow();
  });

  it('catches a public field that shows the top of the hidden deck', () => {
    const setup = drawAndPlay.setup;
    const game = finishGame<AnyGame>({
      ...drawAndPlay,
      id: 'leaky-top',
      setup: (ctx: Parameters<typeof setup>[0]) => {
        const s = setup(ctx);
        return { ...s, top: s.deck[0] ?? null };
      },
    });
    expect(resampling(game)).toThrow(
      /^(seat \d|the spectator) can tell apart two histories that differ only in a hidden shuffle it may not see \(the 'deck' shuffle of log entry 0 \(setup\), with "card-\d#\d" and "card-\d#\d" swapped\): its view at 'top' is "card-\d#\d" in one and "card-\d#\d" in the other\. Fix: declare it private/,
    );
  });

  it('fails, saying so, when no resampled history was ever comparable (it compared nothing)', () => {
    // The hidden deck is shuffled, then laid out face up at once: every swap parts the
    // histories for every viewer, so the law would check nothing.
    const setup = drawAndPlay.setup;
    const game = finishGame<AnyGame>({
      ...drawAndPlay,
      id: 'shown-deck',
      setup: (ctx: Parameters<typeof setup>[0]) => {
        const s = setup(ctx);
        return { ...s, discard: s.deck.splice(0), deck: [] };
      },
      effects: { ...drawAndPlay.effects, draw: () => undefined },
    });
    expect(resampling(game, [{ players: 2, options: { handSize: 0 } }])).toThrow(
      /^the resampling law compared nothing: \d+ hidden shuffles were resampled, but no resampled history was ever consistent/,
    );
  });

  /**
   * Draw and Play where each turn also rolls a private die for the seat to play
   * (`audience: seat`) into its private `luck`: a game that both shuffles and rolls privately.
   */
  function shuffleAndRoll(leak: boolean): AnyGame {
    type State = ReturnType<typeof drawAndPlay.setup> & { luck?: number };
    type Player = State['players'][number] & { luck: number[] };
    const nextPlayer = drawAndPlay.effects.nextPlayer as unknown as (ctx: {
      state: State;
      random: { int: (min: number, max: number, o: { audience: number }) => number };
    }) => void;
    return finishGame<AnyGame>({
      ...drawAndPlay,
      id: leak ? 'shuffle-and-roll-leaky' : 'shuffle-and-roll',
      setup: (ctx: Parameters<typeof drawAndPlay.setup>[0]) => {
        const s = drawAndPlay.setup(ctx);
        return { ...s, players: s.players.map((p) => ({ ...p, luck: [] as number[] })) };
      },
      privateFields: [{ path: 'players.*.luck', visibility: 'owner' }],
      determinize: () => undefined,
      effects: {
        ...drawAndPlay.effects,
        nextPlayer: (ctx: Parameters<typeof nextPlayer>[0]) => {
          nextPlayer(ctx);
          const s = ctx.state;
          const die = ctx.random.int(1, 6, { audience: s.current });
          (s.players[s.current] as Player).luck.push(die);
          // The planted leak: the last private roll in a public field.
          if (leak) s.luck = die;
        },
      },
    });
  }

  it('replays one history where a hidden shuffle and the private draws both differ', () => {
    const tallies: ResamplingTally[] = [];
    expect(resampling(shuffleAndRoll(false), SETUPS, (t) => tallies.push(t))).not.toThrow();
    const [tally] = tallies;
    // Swapped shuffles were replayed with private rolls redrawn, and compared step by step.
    expect(tally?.replays).toBeGreaterThan(0);
    expect(tally?.redrawn).toBeGreaterThan(0);
    expect(tally?.combined).toBeGreaterThan(0);
    expect(tally?.compared).toBeGreaterThan(tally?.combined ?? 0);
  });

  it('catches a private roll in a public field, naming both the swap and the redrawn draws', () => {
    expect(resampling(shuffleAndRoll(true))).toThrow(
      /^(seat \d|the spectator) can tell apart two histories that differ only in a hidden shuffle it may not see \(the 'deck' shuffle of log entry \d+( \(setup\))?, with "card-\d#\d" and "card-\d#\d" swapped, and the private draws of seat \d( .*)? redrawn\): its view at 'luck' is \d in one and \d in the other\. Fix: declare it private/,
    );
  });
});
