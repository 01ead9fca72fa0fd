import { describe, expect, it } from 'vitest';
import { finishGame } from '../define/define-game.js';
import type { AnyGame } from '../define/game.js';
import { drawAndPlay } from '../games/draw-and-play.js';
import { walkArbitrary } from './walk.js';
import { resamplingLaws } from './resampling-law.js';

const SETUPS = [{ players: 2 }, { players: 3, options: { rounds: 4 } }];

function resampling(game: AnyGame, setups: readonly object[] = SETUPS): () => void {
  const law = resamplingLaws(
    game,
    walkArbitrary(setups as never),
    { seed: 42, numRuns: 15, endOnFailure: true },
    20_000,
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
});
