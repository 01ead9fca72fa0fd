import { describe, expect, it } from 'vitest';
import type { ForwardModelSetup } from '../define/game.js';
import { pig, type PigAction, type PigOptions, type PigState } from '../games/pig.js';
import { Rng } from '../rng/rng.js';
import { createEngine } from '../run/engine.js';
import { gameLaws } from '../testing/laws.js';
import { packedLayout } from './packed-layout.js';
import { packedForwardModel } from './packed-model.js';

const fields = {
  turn: { kind: 'int' },
  current: { kind: 'seat' },
  turnTotal: { kind: 'int' },
  turnDone: { kind: 'bool' },
  lastRoll: { kind: 'int', nullable: true },
  scores: { kind: 'ints' },
} as const;

const BOTH: readonly PigAction[] = [{ type: 'roll' }, { type: 'hold' }];
const NONE: readonly PigAction[] = [];

/**
 * Pig's fast model written as a game author would with a packed layout: only the kernel
 * (who acts, what is legal, a step and the automatic play after it), everything else made by
 * core. `broken` plants a rule difference, for the test that the law catches one.
 */
function pigModel(setup: PigSetup, broken = false) {
  const layout = packedLayout<PigState, typeof fields>({
    fields,
    phases: ['turn'],
    players: setup.players,
    cards: setup.cards.instanceIds,
    zones: setup.game.zones,
    name: 'pig',
  });
  const at = layout.at;
  const { target, maxTurns } = setup.options;
  const players = setup.players;

  const roll = (f: number[]): void => {
    const rng = Rng.fromState([
      f[layout.rng]!,
      f[layout.rng + 1]!,
      f[layout.rng + 2]!,
      f[layout.rng + 3]!,
    ]);
    const v = rng.int(1, 6);
    const words = rng.state();
    for (let i = 0; i < 4; i++) f[layout.rng + i] = words[i]!;
    f[at.lastRoll] = v;
    if (v === 1 && !broken) {
      f[at.turnTotal] = 0;
      f[at.turnDone] = 1;
    } else f[at.turnTotal] = f[at.turnTotal]! + v;
  };
  const decided = (f: number[]): boolean => {
    if (f[at.turn]! >= maxTurns) return true;
    for (let s = 0; s < players; s++) if (f[at.scores + s]! >= target) return true;
    return false;
  };
  const advance = (f: number[]): void => {
    for (;;) {
      if (f[at.turnDone] === 0) {
        if (f[at.turnTotal]! > 0) return;
        roll(f); // the only legal action: the engine plays it by itself
        continue;
      }
      if (decided(f)) {
        f[layout.over] = 1;
        f[layout.phase] = -1;
        return;
      }
      if (f[at.turn]! > 0) f[at.current] = (f[at.current]! + 1) % players;
      f[at.turn] = f[at.turn]! + 1;
      f[at.turnTotal] = 0;
      f[at.turnDone] = 0;
    }
  };
  return packedForwardModel(setup, layout, {
    toAct: (f) => (f[layout.over] === 1 ? -1 : f[at.current]!),
    legalActions: (f) => (f[layout.over] === 1 ? NONE : BOTH),
    step(f, action) {
      if (action.type === 'roll') roll(f);
      else {
        const seat = at.scores + f[at.current]!;
        f[seat] = f[seat]! + f[at.turnTotal]!;
        f[at.turnTotal] = 0;
        f[at.turnDone] = 1;
      }
      advance(f);
    },
  });
}

type PigSetup = ForwardModelSetup<PigState, PigAction, PigOptions>;
const packedPig = { ...pig, forwardModel: (setup: PigSetup) => pigModel(setup) };
const brokenPig = { ...pig, forwardModel: (setup: PigSetup) => pigModel(setup, true) };

const forwardLaw = (game: typeof packedPig) => {
  const law = gameLaws({
    game,
    setups: [{ players: 2 }, { players: 3, options: { target: 30 } }],
    numRuns: 12,
  }).find((l) => l.name.includes('forward model'));
  if (law === undefined) throw new Error('no forward model law');
  return law;
};

describe('packedForwardModel', () => {
  it('a kernel on a packed layout plays exactly like the engine (the forward model law)', () => {
    forwardLaw(packedPig).run();
  });

  it('the law catches a kernel whose rules differ from the engine', () => {
    let failure: unknown;
    try {
      forwardLaw(brokenPig).run();
    } catch (error) {
      failure = error;
    }
    // fast-check reports the counterexample; the law's own error is the cause.
    const cause = (failure as { cause?: unknown } | undefined)?.cause;
    expect(String((cause as Error | undefined)?.message)).toMatch(
      /^at decision \d+ \(phase '\w+', seat \d to act\), the forward model('s| ).*\. Fix: make the forward model's \w+ follow the game's rules exactly/,
    );
  });

  it('plays whole games to the engine result with clone, copyInto and result', () => {
    const engine = createEngine(packedPig, { players: 3 });
    const model = engine.forwardModel();
    if (model === undefined) throw new Error('no model');
    for (let game = 1; game <= 20; game++) {
      const state = engine.clone(engine.initialState(game).state);
      const fast = model.fromState(state);
      const rng = Rng.fromSeed(game);
      while (state.result === null) {
        const seat = engine.toAct(state)[0]!;
        const legal = engine.legalActions(state, seat);
        const action = legal[rng.int(0, legal.length - 1)]!;
        engine.step(state, seat, action, false, true);
        const copy = model.clone(fast);
        model.step(copy, action);
        model.copyInto(fast, copy);
      }
      expect(model.result(fast)).toEqual(state.result);
      expect(engine.hash(model.toState(fast) as typeof state)).toBe(engine.hash(state));
    }
  });

  it("a game with private fields gets the engine's views, never the layout's (which would show them)", () => {
    // Pig whose last roll is a secret nobody sees: the packed layout knows only the zones.
    const secretRoll = {
      ...packedPig,
      privateFields: [{ path: 'lastRoll', visibility: 'nobody' as const }],
      determinize: () => undefined,
    };
    const engine = createEngine(secretRoll, { players: 2 });
    const model = engine.forwardModel();
    if (model === undefined) throw new Error('no model');
    const state = engine.clone(engine.initialState(7).state);
    engine.step(state, engine.toAct(state)[0]!, { type: 'roll' }, false, true);
    const fast = model.fromState(state);
    for (const viewer of [0, 1, 'spectator'] as const) {
      const seen = model.view(fast, viewer);
      expect(seen).toEqual(engine.view(state, viewer));
      expect(Object.keys(seen)).not.toContain('lastRoll');
    }
  });
});
