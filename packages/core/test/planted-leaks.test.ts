import { describe, expect, it } from 'vitest';
import { finishGame } from '../src/define/define-game.js';
import type { AnyGame } from '../src/define/game.js';
import type { EffectContext, EffectHandler } from '../src/define/types.js';
import { GameDefinitionError } from '../src/errors/game-definition-error.js';
import { liarsDice, type LiarsDiceOptions, type LiarsDiceState } from '../src/games/liars-dice.js';
import { gameLaws } from '../src/testing/index.js';

/**
 * Planted bugs: variants of Liar's Dice that each leak one way. Each must make the
 * information-set law fail with a message that says who saw what, where, and how to fix it;
 * the honest game passes (see laws.test.ts).
 */

type Ctx = EffectContext<LiarsDiceState, LiarsDiceOptions>;
const rollCups = liarsDice.effects.rollCups as unknown as (ctx: Ctx) => void;

/** Liar's Dice with some parts replaced (checked by defineGame like any game). */
function variant(patch: Record<string, unknown>): AnyGame {
  return finishGame<AnyGame>({ ...liarsDice, id: 'leaky-dice', ...patch });
}

/** Liar's Dice with extra work after every roll of the cups. */
function afterRoll(extra: (ctx: Ctx) => void, patch: Record<string, unknown> = {}): AnyGame {
  const wrapped: EffectHandler<LiarsDiceState, LiarsDiceOptions> = (ctx) => {
    rollCups(ctx);
    extra(ctx);
  };
  return variant({ effects: { ...liarsDice.effects, rollCups: wrapped }, ...patch });
}

const SETUPS = [{ players: 2 }, { players: 3, options: { dice: 2 } }];

/** The message of the named law's failure (the test fails when the law passes). */
function failureOf(game: AnyGame, law: 'seats' | 'spectator' | 'public draws'): string {
  const laws = gameLaws({ game, setups: SETUPS, numRuns: 20 });
  const names = {
    seats: 'no seat can tell apart',
    spectator: 'the spectator cannot',
    'public draws': 'no public chance outcome',
  };
  const found = laws.find((l) => l.name.includes(names[law]));
  if (found === undefined) throw new Error(`no ${law} information law`);
  try {
    found.run();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`the ${law} information law passed on a leaking game`);
}

describe('planted leaks: each makes an information-set law fail, saying who saw what and how to fix it', () => {
  it('a public field copied from private state', () => {
    const game = afterRoll((ctx) => {
      for (const p of ctx.state.players as (LiarsDiceState['players'][number] & {
        best?: number;
      })[])
        p.best = Math.max(0, ...p.dice);
    });
    const message = failureOf(game, 'seats');
    expect(message.split('\n')[0]).toMatch(
      /^seat \d can tell apart two histories that differ only in what it may not know \(the private draws of seat \d.*\): its view at 'players\.\d\.best' is \d in one and \d in the other\. Fix: declare it private \(privateFields: \[\{ path: 'players\.\*\.best', visibility: 'owner' \}\]\)/,
    );
  });

  it('a leak that starts only after the first reveal (a later round)', () => {
    // Round 1 is honest; from round 2 on, a public field copies the cups. The laws must still
    // compare histories that part after the first showdown.
    const game = afterRoll((ctx) => {
      if (ctx.state.round < 2) return;
      for (const p of ctx.state.players as (LiarsDiceState['players'][number] & {
        best?: number;
      })[])
        p.best = Math.max(0, ...p.dice);
    });
    const message = failureOf(game, 'seats');
    expect(message.split('\n')[0]).toMatch(
      /^seat \d can tell apart two histories .*: its view at 'players\.\d\.best' is \d in one and \d in the other\. Fix: declare it private/,
    );
  });

  it('a private roll that forgot its audience (public by default)', () => {
    const game = variant({
      effects: {
        ...liarsDice.effects,
        rollCups: ((ctx: Ctx) => {
          const s = ctx.state;
          s.round += 1;
          s.stage = 'bidding';
          s.bid = null;
          for (const p of s.players)
            p.dice = p.cup === 0 ? [] : [...ctx.random.roll({ count: p.cup, sides: 6 }).values];
        }) as EffectHandler<LiarsDiceState, LiarsDiceOptions>,
      },
    });
    const message = failureOf(game, 'public draws');
    expect(message.split('\n')[0]).toMatch(
      /^seat \d is told a chance outcome that changes only what other seats see: the public 'roll' event of log entry 0 \(setup\) shows every seat a value that changes seat \d's view at 'players\.\d\.dice\.\d' and nothing seat \d can see\. Fix: name who may learn it, as in ctx\.random\.roll\(dice, \{ audience: \d \}\)/,
    );
  });

  for (const label of ['faces', ''])
    it(`a shuffle of a plain array (${label === '' ? 'unlabelled' : `'${label}', no declared zone`}) shown to one seat only`, () => {
      // Each cup takes the top of a shuffled list of faces: a shuffle that names no declared
      // zone is a public draw, so its order (and each cup) is everyone's to know.
      const game = variant({
        effects: {
          ...liarsDice.effects,
          rollCups: ((ctx: Ctx) => {
            const s = ctx.state;
            s.round += 1;
            s.stage = 'bidding';
            s.bid = null;
            for (const p of s.players) {
              const faces = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6];
              ctx.random.shuffle(faces, label);
              p.dice = faces.slice(0, p.cup).sort((x, y) => x - y);
            }
          }) as EffectHandler<LiarsDiceState, LiarsDiceOptions>,
        },
      });
      const message = failureOf(game, 'public draws');
      expect(message.split('\n')[0]).toMatch(
        new RegExp(
          `^seat \\d is told a chance outcome that changes only what other seats see: the ${label === '' ? '' : `'${label}' `}shuffle of log entry \\d+( \\(setup\\))? names no declared zone, so its order is public, and it changes seat \\d's view at 'players\\.\\d\\.dice\\.\\d' and nothing seat \\d can see\\. Fix: shuffle a declared zone whose visibility says who sees it`,
        ),
      );
    });

  it("a private draw whose value reaches another seat's log", () => {
    const game = afterRoll((ctx) => {
      ctx.state.players.forEach((p, seat) => {
        ctx.emit({ type: 'cupRolled', seat, faces: [...p.dice] });
      });
    });
    const message = failureOf(game, 'seats');
    expect(message.split('\n')[0]).toMatch(
      /^seat \d can tell apart .*: its log, entry \d+ .*event \d+ \('cupRolled'\) at 'faces\.\d' is \d in one and \d in the other\. Fix: give the event an audience/,
    );
  });

  it("interchangeable instance ids that reveal another seat's holdings", () => {
    const faces = [1, 2, 3, 4, 5, 6].map((f) => ({ id: `face-${String(f)}`, copies: 30 }));
    type TokenState = LiarsDiceState & {
      supply: string[];
      players: (LiarsDiceState['players'][number] & { tokens: string[] })[];
    };
    const takeFirstCopies = (ctx: Ctx): void => {
      const s = ctx.state as TokenState;
      for (const p of s.players) s.supply.push(...p.tokens.splice(0));
      for (const p of s.players)
        for (const d of p.dice) {
          // The bug: "the first copy" of the face, so copy numbers count others' dice.
          const at = s.supply.findIndex((id) => id.startsWith(`face-${String(d)}#`));
          p.tokens.push(...s.supply.splice(at, 1));
        }
    };
    const patch = {
      cards: faces,
      zones: [
        { path: 'supply', visibility: 'nobody', countAs: 'supplySize' },
        { path: 'players.*.tokens', visibility: 'owner', countAs: 'tokenCount' },
      ],
      setup: (ctx: Parameters<typeof liarsDice.setup>[0]) => {
        const s = liarsDice.setup(ctx);
        return {
          ...s,
          supply: [...ctx.cards.instanceIds],
          players: s.players.map((p) => ({ ...p, tokens: [] })),
        };
      },
    };
    // Without the author's statement, defineGame refuses copies that can reach a private zone.
    expect(() => afterRoll(takeFirstCopies, patch)).toThrow(GameDefinitionError);
    expect(() => afterRoll(takeFirstCopies, patch)).toThrow(/copyIds: 'shuffled'/);
    // With it (a false statement here), the law catches the copies.
    const game = afterRoll(takeFirstCopies, { ...patch, copyIds: 'shuffled' });
    const message = failureOf(game, 'seats');
    expect(message.split('\n')[0]).toMatch(
      /^seat \d can tell apart .*: its view at 'players\.\d\.tokens\.\d' is "face-\d#\d+" in one and "face-\d#\d+" in the other\. Fix: holding one copy of an interchangeable card rather than another tells which copies others hold/,
    );
  });

  it("a private value visible through another seat's legal actions", () => {
    const challenge = liarsDice.actions.challenge;
    const game = variant({
      actions: {
        ...liarsDice.actions,
        challenge: {
          ...challenge,
          // The bug: a challenge is offered only when the bid is a lie (read from every cup).
          enumerate: (s: LiarsDiceState, seat: number, ctx: never) => {
            const listed = challenge.enumerate(s, seat, ctx);
            const bid = s.bid;
            if (bid === null || listed.length === 0) return listed;
            const actual = s.players.flatMap((p) => p.dice).filter((d) => d === bid.face).length;
            return actual < bid.quantity ? listed : [];
          },
        },
      },
    });
    const message = failureOf(game, 'seats');
    expect(message.split('\n')[0]).toMatch(
      /^seat \d can tell apart .*: its legal actions at '\d+' is .* Fix: a seat's legal actions may depend only on what it can see/,
    );
  });

  it('a private value in the spectator feed', () => {
    const game = afterRoll((ctx) => {
      // The bug: a "broadcast overlay" field, undeclared, so public.
      (ctx.state as LiarsDiceState & { broadcast?: unknown }).broadcast = {
        sixes: ctx.state.players.flatMap((p) => p.dice).filter((d) => d === 6).length,
      };
    });
    const message = failureOf(game, 'spectator');
    expect(message.split('\n')[0]).toMatch(
      /^the spectator can tell apart .*: its view at 'broadcast\.sixes' is \d in one and \d in the other\. Fix: declare it private/,
    );
  });

  it('a failure message leads with the sentence and ends with how to reproduce it', () => {
    const game = afterRoll((ctx) => {
      ctx.emit({ type: 'cupRolled', faces: ctx.state.players.map((p) => [...p.dice]) });
    });
    const message = failureOf(game, 'seats');
    const lines = message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toMatch(/Property failed|Counterexample/);
    expect(lines[1]).toMatch(
      /^\(reproduce with FC_SEED=-?\d+, path [\d:]+, failed after \d+ runs; counterexample: /,
    );
  });
});
