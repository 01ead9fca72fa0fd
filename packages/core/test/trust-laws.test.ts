import { describe, expect, it } from 'vitest';
import { defineGame } from '../src/define/define-game.js';
import { defineVariant } from '../src/define/define-variant.js';
import type { ActionHandler, EffectHandler } from '../src/define/types.js';
import { option } from '../src/options/options.js';
import { Rng } from '../src/rng/rng.js';
import {
  drawAndPlay,
  gameLaws,
  type BotInputOf,
  type DrawAction,
  type HostileReport,
} from '../src/testing/index.js';
import type { DrawCard, DrawOptions, DrawState } from '../src/games/draw-and-play.js';

// Each law of the trust boundary is proven here to catch its bug, by planting the bug in a
// small game and watching the law fail.

interface CounterState {
  total: number;
  turns: number;
  awaiting: boolean;
  /** The planted bug of the save law: a fact about the input that JSON text loses. */
  sawNegativeZero: boolean;
}
type CounterAction = { readonly type: 'add'; readonly amount: number };

function counterGame(parseBug: 'none' | 'string-conversion') {
  const add: ActionHandler<CounterState, CounterAction> = {
    parse(input) {
      const amount = input.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount))
        // Planted bug: `String` of an object with its own toString throws.
        return {
          error: `amount must be a whole number, got ${parseBug === 'string-conversion' ? String(amount) : typeof amount}`,
        };
      return { action: { type: 'add', amount } };
    },
    validate: (_s, _seat, a) =>
      a.amount < 0 || a.amount > 2 ? { code: 'out_of_range', message: 'add 0, 1 or 2' } : undefined,
    resolve(ctx, _seat, a) {
      ctx.state.total += a.amount;
      ctx.state.turns += 1;
      ctx.state.awaiting = false;
      if (Object.is(a.amount, -0)) ctx.state.sawNegativeZero = true;
    },
    enumerate: () => [0, 1, 2].map((amount) => ({ type: 'add', amount }) as const),
  };
  return defineGame<CounterState, CounterAction>()({
    id: `counter-${parseBug}`,
    name: 'Counter',
    rulesVersion: 1,
    players: { min: 1, max: 2 },
    options: { turns: option.integer({ default: 6, min: 1, max: 20, description: 'Turns.' }) },
    cards: [],
    zones: [],
    setup: () => ({ total: 0, turns: 0, awaiting: false, sawNegativeZero: false }),
    phases: [
      {
        id: 'play',
        steps: [{ type: 'startTurn' }],
        next: [{ to: '$end', when: { type: 'done' } }, { to: 'play' }],
      },
    ],
    effects: {
      startTurn: (ctx) => {
        ctx.state.awaiting = true;
      },
    },
    conditions: { done: (s, _p, ctx) => s.turns >= ctx.options.turns },
    actions: { add },
    toAct: (s, ctx) => (s.awaiting ? [s.turns % ctx.players] : []),
    score: (s) => ({ scores: [s.total] }),
  });
}

/** The message of a law's failure, with the error fast-check reports as its cause. */
function failureOf(law: { run: () => void }): string {
  try {
    law.run();
  } catch (e) {
    const cause = (e as { cause?: unknown }).cause;
    return `${(e as Error).message}\n${cause instanceof Error ? cause.message : String(cause)}`;
  }
  return 'the law passed';
}

function lawNamed(laws: ReturnType<typeof gameLaws>, fragment: string) {
  const law = laws.find((l) => l.name.includes(fragment));
  if (law === undefined) throw new Error(`no law '${fragment}'`);
  return law;
}

describe('the trust laws catch what they are for', () => {
  it('the hostile-input law passes a sound game and counts what it sent', () => {
    let last: HostileReport | undefined;
    const laws = gameLaws({
      game: counterGame('none'),
      setups: [{ players: 1 }],
      numRuns: 5,
      report: (_law, counts) => {
        last = { ...counts };
      },
    });
    lawNamed(laws, 'hostile input').run();
    expect(last?.tried).toBeGreaterThan(100);
    expect(last?.refused).toBeGreaterThan(100);
  });

  it('planted: a parser that calls String on input fails the hostile-input law', () => {
    const laws = gameLaws({
      game: counterGame('string-conversion'),
      setups: [{ players: 1 }],
      numRuns: 5,
    });
    expect(failureOf(lawNamed(laws, 'hostile input'))).toMatch(
      /^game 'counter-string-conversion': seat \d+ sent .* and the rules threw TypeError: .* instead of refusing it\. Fix: in the action's parse, check the type of every field before using it/,
    );
  });

  it('planted: a rule that reads -0 apart from 0 fails the save-after-every-action law', () => {
    const laws = gameLaws({ game: counterGame('none'), setups: [{ players: 1 }], numRuns: 5 });
    expect(failureOf(lawNamed(laws, 'save restores'))).toMatch(
      /^game 'counter-none': after action \d+, (the restored match has another hash than the match that was saved\. Fix: a rule reads a value JSON text does not keep \(-0 turns into 0|the match's save does not restore: chain_mismatch: .*\. Fix: keep the state plain JSON data and the rules deterministic, .*\(a rule must not tell -0 from 0)/,
    );
  });

  it('planted: a draw announced to every seat fails the log-redaction law', () => {
    const leakyDraw: EffectHandler<DrawState, DrawOptions, DrawCard, { count: number }> =
      Object.assign(
        (
          ctx: Parameters<EffectHandler<DrawState, DrawOptions, DrawCard, { count: number }>>[0],
          params: { count: number },
        ) => {
          const s = ctx.state;
          for (let i = 0; i < params.count; i++) {
            const card = s.deck.shift();
            if (card === undefined) return;
            s.players[s.current]?.hand.push(card);
            ctx.emit({ type: 'draw', seat: s.current, card }); // no audience: everyone is told
          }
        },
        { checkParams: () => [] },
      );
    const leaky = defineVariant(drawAndPlay, { id: 'leaky-draw', effects: { draw: leakyDraw } });
    const sound = gameLaws({ game: drawAndPlay, setups: [{ players: 3 }], numRuns: 5 });
    lawNamed(sound, 'mentions only cards').run();
    const laws = gameLaws({ game: leaky, setups: [{ players: 3 }], numRuns: 5 });
    expect(failureOf(lawNamed(laws, 'mentions only cards'))).toMatch(
      /^game '[\w-]+': (the spectator|seat \d) receives card 'card-\d#\d' in log entry \d+ but can see it neither before nor after\. Fix: give the event an audience/,
    );
  });
});

describe('the bot-input law', () => {
  const honest = (
    engine: Parameters<BotInputOf<DrawState, DrawAction, DrawOptions, DrawCard>>[0],
    state: Parameters<BotInputOf<DrawState, DrawAction, DrawOptions, DrawCard>>[1],
    seat: number,
    gameSeed: number,
  ) => ({
    view: engine.view(state, seat),
    legal: engine.legalActions(state, seat),
    // A stream from a seed the bot is given on its own (here: a constant per seat).
    rng: Rng.fromSeed(`bot-stream/${String(seat)}`).state(),
    gameSeedIsUnused: typeof gameSeed,
  });
  it('passes an honest input', () => {
    const laws = gameLaws({
      game: drawAndPlay,
      setups: [{ players: 3 }],
      numRuns: 5,
      botInput: honest,
    });
    expect(failureOf(lawNamed(laws, 'bot input'))).toBe('the law passed');
  });

  it("planted: a bot stream seeded from the game seed (the old tournament's derivation) fails it", () => {
    const leaky: BotInputOf<DrawState, DrawAction, DrawOptions, DrawCard> = (
      engine,
      state,
      seat,
      gameSeed,
    ) => ({
      ...honest(engine, state, seat, gameSeed),
      rng: Rng.fromSeed(`${String(gameSeed)}/seat/${String(seat)}`).state(),
    });
    const laws = gameLaws({
      game: drawAndPlay,
      setups: [{ players: 3 }],
      numRuns: 5,
      botInput: leaky,
    });
    expect(failureOf(lawNamed(laws, 'bot input'))).toMatch(
      /^game '[\w-]+': at decision \d+ \(phase '\w+'\), seat \d's bot input changed( at '[^']+')? when hidden state and the game seed were resampled: it is a function of hidden information\. Fix: build a bot's input from its view and legal actions only/,
    );
  });

  it('planted: an input that carries the match random state fails it', () => {
    const leaky: BotInputOf<DrawState, DrawAction, DrawOptions, DrawCard> = (
      engine,
      state,
      seat,
      gameSeed,
    ) => ({
      ...honest(engine, state, seat, gameSeed),
      rng: state.rng,
    });
    const laws = gameLaws({
      game: drawAndPlay,
      setups: [{ players: 3 }],
      numRuns: 5,
      botInput: leaky,
    });
    expect(failureOf(lawNamed(laws, 'bot input'))).toMatch(
      /^game '[\w-]+': at decision \d+ \(phase '\w+'\), seat \d's bot input changed( at '[^']+')? when hidden state and the game seed were resampled: it is a function of hidden information\. Fix: build a bot's input from its view and legal actions only/,
    );
  });
});
