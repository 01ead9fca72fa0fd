import { describe, expect, it } from 'vitest';
import { defineVariant } from '../src/define/define-variant.js';
import type { EffectHandler } from '../src/define/types.js';
import type { DrawCard, DrawOptions, DrawState } from '../src/games/draw-and-play.js';
import {
  encodeObservation,
  legalMask,
  type GameObservation,
} from '../src/observation/observation.js';
import { createMatch } from '../src/match/match.js';
import { drawAndPlay, observationLaws, type DrawAction } from '../src/testing/index.js';
import type { GameView } from '../src/view/view.js';

// The observation laws are proven here to catch their bugs: a sound encoding of Draw and
// Play passes them, and each planted bug fails the law meant for it.

const CARDS = [1, 2, 3, 4, 5].flatMap((v) => [`card-${String(v)}#1`, `card-${String(v)}#2`]);
const PASS = CARDS.length;

interface DrawPlayerView {
  readonly hand?: readonly string[];
  readonly handSize?: number;
  readonly played: readonly string[];
}

function players(view: GameView): readonly DrawPlayerView[] {
  return view.players as readonly DrawPlayerView[];
}

/** A sound encoding: own hand, every table, the discard, sizes; seats relative to the viewer. */
function soundEncode(view: GameView, seat: number, into: Float32Array): void {
  into.fill(0, 0, SIZE);
  const ps = players(view);
  for (const id of ps[seat]?.hand ?? []) into[CARDS.indexOf(id)] = 1;
  for (let k = 0; k < 4; k++) {
    const p = ps[(seat + k) % ps.length];
    if (p === undefined || k >= ps.length) continue;
    for (const id of p.played) into[10 + 10 * k + CARDS.indexOf(id)] = 1;
    into[50 + k] = (p.hand?.length ?? p.handSize ?? 0) / 10;
  }
  for (const id of view.discard as readonly string[]) into[54 + CARDS.indexOf(id)] = 1;
  into[64] = Number(view.deckSize) / 10;
  into[65] = Number(view.round) / 20;
}
const SIZE = 66;

const actions: GameObservation<DrawAction>['actions'] = {
  size: CARDS.length + 1,
  indexOf: (a) => (a.type === 'pass' ? PASS : CARDS.indexOf(a.card)),
  actionAt: (index) =>
    index === PASS
      ? { type: 'pass' }
      : CARDS[index] === undefined
        ? undefined
        : { type: 'play', card: CARDS[index] },
};

const sound: GameObservation<DrawAction> = { size: SIZE, encode: soundEncode, actions };
const setups = [{ players: 2 }, { players: 3, options: { rounds: 5 } }, { players: 4 }];

function failureOf(law: { run: () => void }): string {
  try {
    law.run();
  } catch (e) {
    const cause = (e as { cause?: unknown }).cause;
    return `${(e as Error).message}\n${cause instanceof Error ? cause.message : String(cause)}`;
  }
  return 'the law passed';
}

function lawNamed(laws: ReturnType<typeof observationLaws>, fragment: string) {
  const law = laws.find((l) => l.name.includes(fragment));
  if (law === undefined) throw new Error(`no law '${fragment}'`);
  return law;
}

describe('the observation laws catch what they are for', () => {
  it('a sound encoding and action space of Draw and Play pass both laws', () => {
    for (const law of observationLaws({ game: drawAndPlay, observation: sound, setups })) law.run();
  }, 60_000);

  it('the helpers give the declared sizes and a mask with one 1 per legal action', () => {
    const match = createMatch(drawAndPlay, { seed: 3, players: 3 });
    const seat = match.toAct[0] as number;
    const view = match.view(seat);
    const features = encodeObservation(sound, view, seat);
    expect(features).toHaveLength(SIZE);
    const reused = encodeObservation(sound, view, seat, new Float32Array(SIZE).fill(7));
    expect(Array.from(reused)).toEqual(Array.from(features));
    const legal = match.legalActions(seat);
    const mask = legalMask(actions, view, seat, legal);
    expect(mask).toHaveLength(11);
    expect(mask.reduce((a, b) => a + b, 0)).toBe(legal.length);
    expect(mask[PASS]).toBe(1);
  });

  it('planted: an encoding that reads a hidden card (the last card drawn, from a module variable) fails the resampling law', () => {
    let lastDrawn: string | undefined;
    const base = drawAndPlay.effects.draw as EffectHandler<
      DrawState,
      DrawOptions,
      DrawCard,
      { count: number }
    >;
    const spyingDraw = Object.assign(
      (ctx: Parameters<typeof base>[0], params: { count: number }) => {
        base(ctx, params);
        // "Remember the drawn card for the features" — it is hidden from everyone but one seat.
        lastDrawn = ctx.state.players[ctx.state.current]?.hand.at(-1);
      },
      { checkParams: () => [] },
    );
    const spying = defineVariant(drawAndPlay, { id: 'spying-draw', effects: { draw: spyingDraw } });
    const leaky: GameObservation<DrawAction> = {
      size: SIZE + 10,
      encode(view, seat, into) {
        soundEncode(view, seat, into);
        for (let i = 0; i < 10; i++) into[SIZE + i] = 0;
        if (lastDrawn !== undefined) into[SIZE + CARDS.indexOf(lastDrawn)] = 1;
      },
      actions,
    };
    const laws = observationLaws({ game: spying, observation: leaky, setups, numRuns: 10 });
    expect(failureOf(lawNamed(laws, 'does not change when hidden'))).toMatch(
      /^game 'spying-draw': at decision \d+ \(phase 'turn'\), seat \d's encoding .*changed at entry \d+ .*: it reads hidden state.*\. Fix: encode only the view given to encode/,
    );
    expect(failureOf(lawNamed(laws, 'mask'))).toBe('the law passed');
  }, 60_000);

  it('planted: an encoding that writes only the ones (stale entries would carry another view) fails', () => {
    const lazy: GameObservation<DrawAction> = {
      size: SIZE,
      encode(view, seat, into) {
        for (const id of players(view)[seat]?.hand ?? []) into[CARDS.indexOf(id)] = 1;
      },
      actions,
    };
    const laws = observationLaws({ game: drawAndPlay, observation: lazy, setups, numRuns: 5 });
    expect(failureOf(lawNamed(laws, 'declared length'))).toMatch(
      /^game 'draw-and-play': at decision \d+ \(phase 'turn'\), seat \d's encoding entry \d+ is NaN: not written, or not finite\. Fix: write every entry 0\.\.size-1 with a finite number/,
    );
  });

  it('planted: an encoding longer than it declares fails', () => {
    const long: GameObservation<DrawAction> = { size: SIZE - 1, encode: soundEncode, actions };
    const laws = observationLaws({ game: drawAndPlay, observation: long, setups, numRuns: 5 });
    expect(failureOf(lawNamed(laws, 'declared length'))).toMatch(
      /^game 'draw-and-play': at decision \d+ \(phase 'turn'\), seat \d's encoding wrote entry \d+, past its declared size \d+\. Fix: raise observation\.size/,
    );
  });

  it('planted: playing a card indexed by its value (two copies share an index) fails the mask law', () => {
    const byValue: GameObservation<DrawAction>['actions'] = {
      size: 6,
      indexOf: (a) => (a.type === 'pass' ? 5 : Number(a.card.slice(5, 6)) - 1),
      actionAt: (i) =>
        i === 5
          ? { type: 'pass' }
          : i < 5
            ? { type: 'play', card: `card-${String(i + 1)}#1` }
            : undefined,
    };
    const laws = observationLaws({
      game: drawAndPlay,
      observation: { ...sound, actions: byValue },
      setups: [{ players: 2, options: { handSize: 5 } }],
      numRuns: 10,
    });
    expect(failureOf(lawNamed(laws, 'mask'))).toMatch(
      /^game 'draw-and-play': at decision \d+ \(phase 'turn'\), seat \d(: actionAt\(\d+\) gives .* not the legal action .*\. Fix: make actions\.actionAt the inverse of actions\.indexOf|'s legal actions .* share index \d+\. Fix: give each legal action its own index)/,
    );
  });

  it('planted: an action space without pass fails the mask law (a legal action with no index)', () => {
    const noPass: GameObservation<DrawAction>['actions'] = {
      size: CARDS.length,
      indexOf: (a) => (a.type === 'pass' ? undefined : CARDS.indexOf(a.card)),
      actionAt: (i) => (CARDS[i] === undefined ? undefined : { type: 'play', card: CARDS[i] }),
    };
    const laws = observationLaws({
      game: drawAndPlay,
      observation: { ...sound, actions: noPass },
      setups,
      numRuns: 5,
    });
    expect(failureOf(lawNamed(laws, 'mask'))).toMatch(
      /^game 'draw-and-play': at decision \d+ \(phase 'turn'\), seat \d's legal action \{"type":"pass"\} has no index in 0\.\.9\. Fix: make actions\.indexOf give every legal action an index below actions\.size/,
    );
  });

  it('a declaration with a bad size is refused before any game is played', () => {
    const laws = observationLaws({
      game: drawAndPlay,
      observation: { ...sound, size: 0 },
      setups,
      numRuns: 1,
    });
    expect(failureOf(lawNamed(laws, 'declared length'))).toMatch(/observation.size must be/);
  });
});
