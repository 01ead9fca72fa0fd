import { describe, expect, it } from 'vitest';
import { defineEvents } from '../src/define/declare-events.js';
import { finishGame } from '../src/define/define-game.js';
import type { AnyGame } from '../src/define/game.js';
import type { ActionHandler, EffectContext, EffectHandler } from '../src/define/types.js';
import { drawAndPlay, type DrawAction, type DrawState } from '../src/games/draw-and-play.js';
import { pig, type PigOptions, type PigState } from '../src/games/pig.js';
import { option } from '../src/options/options.js';
import { rejection } from '../src/result.js';
import { gameLaws, sessionLaws } from '../src/testing/index.js';

/**
 * Planted bugs, one small broken game each: every law's failure must say what went wrong,
 * where (the game, the decision, the seat, the field, zone or card) and the fix, in its own
 * message (not only in `cause`), before the line that says how to reproduce it.
 */

type PigCtx = EffectContext<PigState, PigOptions>;
const startTurn = pig.effects.startTurn as unknown as (ctx: PigCtx) => void;

/** Pig with some parts replaced (checked by defineGame like any game). */
function pigWith(id: string, patch: Record<string, unknown>): AnyGame {
  return finishGame<AnyGame>({ ...pig, id, ...patch });
}

/** Pig with extra work at the start of every turn. */
function pigStartingTurns(id: string, extra: (ctx: PigCtx) => void): AnyGame {
  const wrapped: EffectHandler<PigState, PigOptions> = (ctx) => {
    startTurn(ctx);
    extra(ctx);
  };
  return pigWith(id, { effects: { startTurn: wrapped } });
}

/** Draw and Play with some parts replaced. */
function drawWith(id: string, patch: Record<string, unknown>): AnyGame {
  return finishGame<AnyGame>({ ...drawAndPlay, id, ...patch });
}

type DrawHandler<T extends DrawAction['type']> = ActionHandler<
  DrawState,
  Extract<DrawAction, { type: T }>
>;
const play = drawAndPlay.actions.play as unknown as DrawHandler<'play'>;
const pass = drawAndPlay.actions.pass as unknown as DrawHandler<'pass'>;

/** The message of the failure of the law whose name contains `part` (fails when it passes). */
function failureOf(
  game: AnyGame,
  part: string,
  settings: { numRuns?: number; maxActions?: number; players?: number } = {},
): string {
  const laws = gameLaws({
    game,
    setups: [{ players: settings.players ?? 2 }],
    numRuns: settings.numRuns ?? 15,
    ...(settings.maxActions === undefined ? {} : { maxActions: settings.maxActions }),
  });
  const law = laws.find((l) => l.name.includes(part));
  if (law === undefined) throw new Error(`no law '${part}'`);
  try {
    law.run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`the law '${part}' passed on a broken game`);
}

/** The sentence of a failure (its first line) and how to reproduce it (the second). */
function lines(message: string): { sentence: string; reproduce: string } {
  const [sentence = '', reproduce = ''] = message.split('\n');
  return { sentence, reproduce };
}

describe('every law says what went wrong, where, and the fix', () => {
  it('determinism: a module variable in a rule names the field that differs between two runs', () => {
    let stamp = 0;
    const game = pigStartingTurns('stamped-pig', (ctx) => {
      (ctx.state as PigState & { stamp?: number }).stamp = stamp++;
    });
    const { sentence, reproduce } = lines(failureOf(game, 'the same setup and actions'));
    expect(sentence).toMatch(
      /^game 'stamped-pig': two runs of the same setup, seed and actions end in different states: field 'game\.stamp' is \d+ \(second run\), not \d+ \(first run\)\. Fix: draw every random value through ctx\.random, and keep nothing outside the game state \(no Math\.random, Date\.now or module variables in the rules\)\.$/,
    );
    expect(reproduce).toMatch(/^\(reproduce with FC_SEED=-?\d+, .*"seed":-?\d+/);
  });

  it('save round trip: a module variable in a rule fails the restore with the determinism fix', () => {
    let stamp = 0;
    const game = pigStartingTurns('stamped-pig', (ctx) => {
      (ctx.state as PigState & { stamp?: number }).stamp = stamp++;
    });
    expect(lines(failureOf(game, 'a save survives')).sentence).toMatch(
      /^game 'stamped-pig': the save after \d+ actions does not restore: chain_mismatch: .* Fix: keep the state plain JSON data: .* and draw every random value through ctx\.random, and keep nothing outside the game state \(no Math\.random, Date\.now or module variables in the rules\), so that replaying the saved actions gives the same game\.$/,
    );
  });

  it('rejected input: a code that is not snake_case names the decision, the input and the fix', () => {
    const game = drawWith('camel-draw', {
      actions: {
        pass,
        play: {
          ...play,
          validate: (s: DrawState, seat: number, a: Extract<DrawAction, { type: 'play' }>) =>
            s.players[seat]?.hand.includes(a.card) === true
              ? undefined
              : rejection('NotInHand', `card '${a.card}' is not in your hand`),
        },
      },
    });
    // Junk that reaches validate is a card field replaced by another string: enough walks
    // (cheap ones: one round, an empty hand) that the law meets it.
    const laws = gameLaws({
      game,
      setups: [{ players: 2, options: { rounds: 20, handSize: 5 } }],
      numRuns: 200,
    });
    const law = laws.find((l) => l.name.includes('rejected input'));
    let message = '';
    try {
      law?.run();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(lines(message).sentence).toMatch(
      /^game 'camel-draw': at decision \d+ \(phase 'turn', seat \d to act\), seat -?\d+ sent .*, refused with the code 'NotInHand', which is not snake_case\. Fix: give the rejection a snake_case code: rejection\('not_your_turn', /,
    );
  });

  it('legal actions: a listed action its validate refuses names the handler, the decision and the fix', () => {
    const hold = pig.actions.hold;
    const game = pigWith('eager-pig', {
      actions: {
        roll: pig.actions.roll,
        hold: { ...hold, enumerate: () => [{ type: 'hold' }], count: () => 1 },
      },
    });
    expect(lines(failureOf(game, 'every listed legal action')).sentence).toMatch(
      /^game 'eager-pig': at decision 0 \(phase 'turn', seat 0 to act\), the legal action .*hold.* is refused.*: nothing_to_hold: hold banks the turn total, which is 0: roll first\. Fix: make the 'hold' handler's enumerate list only actions its validate accepts/,
    );
  });

  it('legal actions: a seat to act with no legal action names the seat, the decision and the fix', () => {
    const roll = pig.actions.roll;
    const game = pigWith('stuck-pig', {
      actions: {
        hold: pig.actions.hold,
        roll: {
          ...roll,
          enumerate: (s: PigState) => (s.turn >= 2 ? [] : [{ type: 'roll' }]),
          count: (s: PigState) => (s.turn >= 2 ? 0 : 1),
        },
      },
    });
    expect(lines(failureOf(game, 'every listed legal action')).sentence).toMatch(
      /^game 'stuck-pig': at decision \d+ \(phase 'turn'\), seat 1 must act \(toAct names it\) but has no legal action\. Fix: list at least one action for every seat toAct names \(a pass when nothing else is possible\), or leave the seat out of toAct\.$/,
    );
  });

  it('conservation: a card in an undeclared place names the card, the place and the zone to declare', () => {
    const game = drawWith('unzoned-draw', {
      zones: drawAndPlay.zones.filter((z) => z.path !== 'players.*.played'),
    });
    expect(lines(failureOf(game, 'every card is in exactly one zone')).sentence).toMatch(
      /^game 'unzoned-draw': at decision \d+ \(phase 'turn'\), card 'card-\d#\d' is at 'players\.\d\.played\.0', which no declared zone covers, .*\. Fix: declare that place as a zone \(zones: \[\.\.\., \{ path: 'players\.\*\.played', visibility: /,
    );
  });

  it('conservation: a card copied instead of moved names both places', () => {
    const game = drawWith('copying-draw', {
      actions: {
        pass,
        play: {
          ...play,
          resolve: (
            ctx: EffectContext<DrawState>,
            seat: number,
            a: Extract<DrawAction, { type: 'play' }>,
          ) => {
            ctx.state.players[seat]?.played.push(a.card); // the bug: still in the hand
            ctx.state.awaiting = false;
          },
        },
      },
    });
    expect(lines(failureOf(game, 'every card is in exactly one zone')).sentence).toMatch(
      /^game 'copying-draw': at decision \d+ \(phase 'turn'\), card '(card-\d#\d)' is in 2 places at once \('players\.(\d)\.hand\.\d+' and 'players\.\2\.played\.\d+'\)\. Fix: move a card \(take it out of the zone it leaves, as moveCard does\) rather than copy it\.$/,
    );
  });

  it('conservation: a dropped card says a rule dropped it', () => {
    const game = drawWith('dropping-draw', {
      actions: {
        play,
        pass: {
          ...pass,
          resolve: (ctx: EffectContext<DrawState>, seat: number) => {
            ctx.state.players[seat]?.hand.shift(); // the bug: the card goes nowhere
            ctx.state.awaiting = false;
          },
        },
      },
    });
    expect(lines(failureOf(game, 'every card is in exactly one zone')).sentence).toMatch(
      /^game 'dropping-draw': at decision \d+ \(phase 'turn'\), card 'card-\d#\d' is in no zone and nowhere in the state: a rule dropped it\. Fix: put a card that leaves play in a zone/,
    );
  });

  it('views: a hidden card copied into a public field names the seat, the card and the field', () => {
    const draw = drawAndPlay.effects.draw as unknown as (
      ctx: EffectContext<DrawState>,
      params: { count: number },
    ) => void;
    const game = drawWith('peeking-draw', {
      effects: {
        ...drawAndPlay.effects,
        draw: Object.assign(
          (ctx: EffectContext<DrawState>, params: { count: number }) => {
            draw(ctx, params);
            const hand = ctx.state.players[ctx.state.current]?.hand ?? [];
            (ctx.state as DrawState & { lastDrawn?: string | undefined }).lastDrawn = hand.at(-1);
          },
          { checkParams: () => [] },
        ),
      },
    });
    expect(lines(failureOf(game, 'a view and its legal actions')).sentence).toMatch(
      /^game 'peeking-draw': at decision \d+ \(phase 'turn'\), seat \d's view shows card 'card-\d#\d' at 'lastDrawn', outside the zones it may see\. Fix: show a card only through the zone that holds it: declare 'lastDrawn' as a zone/,
    );
  });

  it('views: a view that shares the state names the seat, the field and the fix', () => {
    const game = pigWith('sharing-pig', { cloneState: (s: PigState) => s });
    expect(lines(failureOf(game, 'a view is a copy')).sentence).toMatch(
      /^game 'sharing-pig': at decision \d+ \(phase 'turn'\), changing the spectator's view changed the state at '[\w.~]+': the view shares that part with it\. Fix: return copies from the view hook/,
    );
  });

  it('step in place: a shallow cloneForStep whose shared scores a rule changes names the action and the fix', () => {
    const game = pigWith('shallow-pig', { cloneForStep: (s: PigState) => ({ ...s }) });
    expect(lines(failureOf(game, 'clone + step in place')).sentence).toMatch(
      /^game 'shallow-pig': at decision \d+ \(phase 'turn', seat \d to act\), playing .*hold.*: (apply or clone|stepping a clone) changed the (state it was given|original state)\. Fix: a rule must change only ctx\.state, .*cloneForStep, the parts it shares must be replaced, never changed in place/,
    );
  });

  it('every match ends: a game that cannot end names the phase and the fix', () => {
    const game = pigWith('endless-pig', {});
    const laws = gameLaws({
      game,
      setups: [{ players: 2, options: { target: 1000, maxTurns: 100_000 } }],
      numRuns: 2,
      maxActions: 40,
    });
    const law = laws.find((l) => l.name.endsWith('every match ends'));
    expect(() => law?.run()).toThrow(
      /^game 'endless-pig': the match did not end within 40 decisions \(still in phase 'turn'\)\. Fix: make every match reach '\$end'/,
    );
  });

  it('session: a view that reads a module variable names the viewer, the field and the fix', () => {
    let calls = 0;
    const game = pigWith('counting-pig', {
      cloneState: (s: PigState) => ({ ...structuredClone(s), calls: calls++ }),
    });
    const law = sessionLaws({ game, setups: [{ players: 2 }], numRuns: 3 }).find((l) =>
      l.name.includes('every feed equals the match'),
    );
    let message = '';
    try {
      law?.run();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(lines(message).sentence).toMatch(
      /^game 'counting-pig': viewer (spectator|\d) at version \d+: the view differs at 'calls': the session has \d+, the match \d+\. Fix: compute the game's view, legal actions and toAct from the state alone \(no module variables, caches or object identity\)/,
    );
  });
  it('declared fields: a legal action with a field its traits do not declare names the action and the fix', () => {
    const game = drawWith('extra-draw', {
      actions: {
        pass,
        play: {
          ...play,
          enumerate: (s: DrawState, seat: number) =>
            [...new Set(s.players[seat]?.hand ?? [])].map((card) => ({
              type: 'play' as const,
              card,
              from: 'hand', // the bug: a field the traits do not declare
            })),
        },
      },
    });
    expect(lines(failureOf(game, 'its declared action traits hold')).sentence).toMatch(
      /^game 'extra-draw': at decision \d+ \(phase 'turn', seat \d to act\), the legal action \{"card":"card-\d#\d","from":"hand","type":"play"\} breaks the fields its type declares: .*from.*\. Fix: make the 'play' handler's enumerate build actions with exactly the fields its traits declare, or correct traits\.fields\.$/,
    );
  });

  it('declared events: an event recorded with a field its declaration lacks names the log entry and the fix', () => {
    // Pig's banked event carries { seat, amount }; the declaration forgets the amount.
    const events = defineEvents<{
      turnStarted: { turn: number; seat: number };
      banked: { seat: number };
    }>()({
      turnStarted: { turn: 'integer', seat: 'seat' },
      banked: { seat: 'seat' },
    });
    const law = gameLaws({ game: pig, setups: [{ players: 2 }], numRuns: 10, events }).find((l) =>
      l.name.includes('every event it records is declared'),
    );
    let message = '';
    try {
      law?.run();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(lines(message).sentence).toMatch(
      /^game 'pig': log entry \d+ records the event \{"amount":\d+,"seat":\d,"type":"banked"\}, which its declarations do not allow: .*amount.*\. Fix: declare the event 'banked' with its fields in defineEvents, or emit it with exactly its declared fields\.$/,
    );
  });

  it('hostile setups: a custom option whose validate calls String() names the option, the value and the fix', () => {
    const game = pigWith('stringy-pig', {
      options: {
        ...pig.options,
        colour: option.custom({
          default: 'red',
          description: 'The colour of the dice.',
          // The bug: String() of an object with its own toString throws.
          validate: (value: unknown) => (String(value) === 'red' ? [] : ['the dice are red']),
        }),
      },
    });
    const { sentence, reproduce } = lines(failureOf(game, 'hostile setups', { numRuns: 2 }));
    expect(sentence).toBe(
      "game 'stringy-pig': the setup colour: {\"toString\":1} made validateSetup throw TypeError: Cannot convert object to primitive value instead of refusing it (option 'colour': its validate threw). Fix: in the validate of option.custom 'colour', check the type of the value before using it and return a problem sentence for anything else; never call String() or methods on it (typeof value === 'string' && ...).",
    );
    expect(reproduce).toMatch(/^\(reproduce with FC_SEED=-?\d+, /);
  });

  /** The message of the session law whose name contains `part` (fails when it passes). */
  function sessionFailureOf(game: AnyGame, part: string): string {
    const law = sessionLaws({ game, setups: [{ players: 2 }], numRuns: 3 }).find((l) =>
      l.name.includes(part),
    );
    if (law === undefined) throw new Error(`no session law '${part}'`);
    try {
      law.run();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`the session law '${part}' passed on a broken game`);
  }

  it('session restore: a module variable in a rule names the save, the entry refused and the determinism fix', () => {
    let stamp = 0;
    const game = pigStartingTurns('stamped-pig', (ctx) => {
      (ctx.state as PigState & { stamp?: number }).stamp = stamp++;
    });
    expect(lines(sessionFailureOf(game, 'restored from its save')).sentence).toMatch(
      /^game 'stamped-pig': the session's save after (\d+) actions \(of \d+\) does not restore: chain_mismatch: actions\[\d+\] does not match its chain value: .*\. Fix: keep the state plain JSON data: .* and draw every random value through ctx\.random, and keep nothing outside the game state \(no Math\.random, Date\.now or module variables in the rules\), so that replaying the saved actions gives the same game\.$/,
    );
  });

  it('session restore: an event made from a module variable names the seat, the log entry, the event, the field and the fix', () => {
    let count = 0;
    const game = pigStartingTurns('numbering-pig', (ctx) => {
      ctx.emit({ type: 'turnStarted', number: count++ }); // the bug: not from the state
    });
    expect(lines(sessionFailureOf(game, 'restored from its save')).sentence).toMatch(
      /^game 'numbering-pig': seat \d's log differs between the session restored after \d+ actions and played to the end and the original at log entry \d+, event \d+ \('turnStarted'\), field 'number': the restored session has \d+, the original \d+\. Fix: make every event from the state and the action alone \(what ctx\.emit records\): draw every random value through ctx\.random, and keep nothing outside the game state \(no Math\.random, Date\.now or module variables in the rules\)\.$/,
    );
  });
});
