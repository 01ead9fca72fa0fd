import { describe, expect, it } from 'vitest';
import { finishGame } from '../src/define/define-game.js';
import type { AnyGame } from '../src/define/game.js';
import { courtLetters, type CourtAction, type CourtState } from '../src/games/court-letters.js';
import { createMatch } from '../src/match/match.js';
import { gameLaws } from '../src/testing/index.js';

/**
 * Court Letters, a card game with a hidden shuffled deck, private hands, a card removed face
 * down, peeks, swaps, private comparisons and guesses: the honest game passes every law, and
 * each planted leak makes a law fail with a message that says who saw what and the fix.
 */

const SETUPS = [{ players: 2 }, { players: 3 }, { players: 4 }];
/** Knocked-out hands face down: who is out is public only as a declared consequence. */
const FACE_DOWN = [
  { players: 2, options: { faceDownKnockouts: true } },
  { players: 3, options: { faceDownKnockouts: true } },
  { players: 4, options: { faceDownKnockouts: true } },
];

describe('core laws on Court Letters (shuffled deck, copies, peeks, swaps, guesses)', () => {
  for (const law of gameLaws({
    game: courtLetters,
    setups: [...SETUPS, ...FACE_DOWN],
    numRuns: 30,
  }))
    it(law.name, law.run, 60_000);
});

type Play = (typeof courtLetters.actions)['play'];
type Resolve = Play['resolve'];
type Ctx = Parameters<Resolve>[0];

/** Court Letters with parts replaced (checked by defineGame like any game). */
function variant(id: string, patch: Record<string, unknown>): AnyGame {
  return finishGame<AnyGame>({ ...courtLetters, id, ...patch });
}

/** Court Letters with extra work after every play. */
function afterPlay(id: string, extra: Resolve): AnyGame {
  const play = courtLetters.actions.play;
  return variant(id, {
    actions: {
      play: {
        ...play,
        resolve: (ctx: Ctx, seat: number, a: Parameters<Resolve>[2]) => {
          play.resolve(ctx, seat, a);
          extra(ctx, seat, a);
        },
      },
    },
  });
}

/** The first failing law's message (the test fails when every law passes). */
function failure(game: AnyGame, setups: typeof SETUPS | typeof FACE_DOWN = SETUPS): string {
  for (const law of gameLaws({ game, setups, numRuns: 30 })) {
    try {
      law.run();
    } catch (e) {
      const message = `${law.name}: ${(e as Error).message.split('\n')[0] ?? ''}`;
      if (process.env.SHOW_LEAKS !== undefined) console.log(message);
      return message;
    }
  }
  throw new Error(`every law passed on '${game.id}'`);
}

const rank = (ctx: Ctx, id: string | undefined): number =>
  id === undefined ? 0 : (ctx.card(id) as unknown as { rank: number }).rank;

describe('planted leaks in Court Letters: each fails a law with a readable message', () => {
  it('(a) a rank derived from a secret card in a public event', () => {
    const game = afterPlay('leak-a', (ctx, seat) => {
      const next = (seat + 1) % ctx.players;
      ctx.emit({ type: 'hint', seat: next, high: rank(ctx, ctx.state.players[next]?.hand[0]) > 3 });
    });
    expect(failure(game)).toMatch(
      /can tell apart two histories that differ only in a hidden shuffle .*its log, entry \d+ .*\('hint'\) at 'high' is (true|false) in one and (true|false) in the other\. Fix: give the event an audience/,
    );
  });

  it('(b) a rank derived from a secret card in a public view field', () => {
    const game = afterPlay('leak-b', (ctx) => {
      const s = ctx.state as CourtState & { best?: number };
      s.best = Math.max(...s.players.map((p) => rank(ctx, p.hand[0])));
    });
    expect(failure(game)).toMatch(
      /can tell apart two histories that differ only in a hidden shuffle .*its view at 'best' is \d in one and \d in the other\. Fix: declare it private/,
    );
  });

  it("(c) the removed card's rank in a public field", () => {
    const setup = courtLetters.setup;
    const game = variant('leak-c', {
      setup: (ctx: Parameters<typeof setup>[0]) => {
        const s = setup(ctx);
        return { ...s, removedRank: rank(ctx as never, s.removed[0]) };
      },
    });
    expect(failure(game)).toMatch(
      /can tell apart two histories that differ only in a hidden shuffle .*its view at 'removedRank' is \d in one and \d in the other\. Fix: declare it private/,
    );
  });

  it('(d) a peek shown to a third seat (audience too wide)', () => {
    const game = afterPlay('leak-d', (ctx, seat, a) => {
      if (
        a.target === undefined ||
        (ctx.card(a.card) as unknown as { power: string }).power !== 'peek'
      )
        return;
      const card = ctx.state.players[a.target]?.hand[0];
      if (card === undefined) return;
      const third = [...Array(ctx.players).keys()].filter((s) => s !== seat && s !== a.target);
      ctx.emit({ type: 'peekedToo', seat, card, audience: [seat, ...third] });
    });
    expect(failure(game)).toMatch(
      /(seat \d receives card '[a-z]+#\d' in log entry \d+ but can see it neither before nor after\. Fix: give the event an audience|seat \d can tell apart .*\('peekedToo'\))/,
    );
  });

  it('(e) copy numbers that follow the deal order ("the first copy" of a rank)', () => {
    const setup = courtLetters.setup;
    const game = variant('leak-e', {
      setup: (ctx: Parameters<typeof setup>[0]) => {
        const s = setup(ctx);
        // The bug: each hand gets the lowest-numbered copy of its card's kind still unused.
        const used = new Set<string>();
        const firstCopy = (id: string): string => {
          const kind = id.slice(0, id.indexOf('#'));
          const copy = ctx.cards.instanceIds.find(
            (x) => x.startsWith(`${kind}#`) && !used.has(x),
          ) as string;
          used.add(copy);
          return copy;
        };
        const hands = s.players.map((p) => (p.hand[0] === undefined ? [] : [firstCopy(p.hand[0])]));
        const rest = [...s.removed, ...s.deck, ...s.players.flatMap((p) => p.hand)].filter(
          (x) => !used.has(x),
        );
        const order = [...s.removed, ...s.deck].map((x) => x.slice(0, x.indexOf('#')));
        // Refill removed and deck with the unused copies, kind by kind, in the shuffled order.
        const pick = (kind: string): string => {
          const at = rest.findIndex((x) => x.startsWith(`${kind}#`));
          return rest.splice(at, 1)[0] as string;
        };
        const filled = order.map(pick);
        return {
          ...s,
          removed: filled.slice(0, 1),
          deck: filled.slice(1),
          players: s.players.map((p, i) => ({ ...p, hand: hands[i] as string[] })),
        };
      },
    });
    expect(failure(game)).toMatch(
      /can tell apart two histories .*its (view|log, entry \d+ .*\('drew'\)) at '[a-z.\d]+' is "[a-z]+#\d" in one and "[a-z]+#\d" in the other\. Fix: holding one copy of an interchangeable card rather than another tells which copies others hold/,
    );
  });

  it('(f) a peek emitted without declaring the reveal fails: the card-mention law asks for ctx.reveal', () => {
    const play = courtLetters.actions.play;
    const game = variant('leak-f', {
      actions: {
        play: {
          ...play,
          resolve: (ctx: Ctx, seat: number, a: Parameters<Resolve>[2]) => {
            // The same rules, with ctx.reveal left out (the event alone tells the peeker).
            const reveal = ctx.reveal.bind(ctx);
            (ctx as { reveal: unknown }).reveal = () => undefined;
            try {
              play.resolve(ctx, seat, a);
            } finally {
              (ctx as { reveal: unknown }).reveal = reveal;
            }
          },
        },
      },
    });
    expect(failure(game)).toMatch(
      /seat \d (receives card '[a-z]+#\d' in log entry \d+ but can see it neither before nor after\. Fix: give the event an audience|can tell apart .*\('(peeked|compared)'\))/,
    );
  });
});

describe('declared public consequences', () => {
  it('without the consequence declared, who was knocked out (face down) is a leak', () => {
    const play = courtLetters.actions.play;
    const game = variant('undeclared-consequence', {
      actions: {
        play: {
          ...play,
          resolve: (ctx: Ctx, seat: number, a: Parameters<Resolve>[2]) => {
            // The same rules, with every `{ consequence: true }` left out.
            const emit = ctx.emit.bind(ctx);
            (ctx as { emit: unknown }).emit = (event: Parameters<typeof emit>[0]) => {
              emit(event);
            };
            try {
              play.resolve(ctx, seat, a);
            } finally {
              (ctx as { emit: unknown }).emit = emit;
            }
          },
        },
      },
    });
    expect(failure(game, FACE_DOWN)).toMatch(
      /can tell apart two histories that differ only in a hidden shuffle .*its log, entry \d+ .*\('(guessed|knockedOut)'\).* in one and .* in the other\. Fix: .*ctx\.emit\(event, \{ consequence: true \}\)/,
    );
  });
});

describe('knowledge is state', () => {
  it('a peek records who knows which card where; the view lists it until the card moves', () => {
    let peeked = false;
    for (let seed = 1; seed < 50 && !peeked; seed++) {
      const match = createMatch(courtLetters, { seed, players: 2 });
      for (let i = 0; i < 200 && !match.isOver && !peeked; i++) {
        const seat = match.toAct[0] as number;
        const legal = match.legalActions(seat);
        const peek = legal.find((a) => a.card.startsWith('priest') && a.target !== undefined);
        const r = match.apply(
          seat,
          peek ?? legal.find((a) => !a.card.startsWith('princess')) ?? (legal[0] as CourtAction),
        );
        expect(r.ok).toBe(true);
        if (peek !== undefined && !match.isOver && match.state.known !== undefined) {
          peeked = true;
          const target = peek.target as number;
          const card = match.state.game.players[target]?.hand[0] as string;
          expect(match.state.known).toEqual([
            { card, zone: `players.${String(target)}.hand`, seats: [seat] },
          ]);
          expect(match.view(seat).known).toEqual([
            { card, zone: `players.${String(target)}.hand` },
          ]);
          expect(match.view(target).known).toBeUndefined();
          expect(match.view('spectator').known).toBeUndefined();
        }
      }
    }
    expect(peeked).toBe(true);
  });

  it('a king swap keeps what a third seat had seen: its view lists the card in its new hand', () => {
    // Find a 3-player game where a seat peeks at a hand that a later king swap moves, the
    // peeker not in the swap; the peeked card must stay known to the peeker, in its new hand.
    let checked = false;
    for (let seed = 1; seed < 400 && !checked; seed++) {
      const match = createMatch(courtLetters, { seed, players: 3 });
      for (let i = 0; i < 200 && !match.isOver && !checked; i++) {
        const seat = match.toAct[0] as number;
        const legal = match.legalActions(seat);
        const known = match.state.known ?? [];
        const swap = legal.find(
          (a) =>
            a.card.startsWith('king') &&
            a.target !== undefined &&
            known.some(
              (k) =>
                k.zone === `players.${String(a.target)}.hand` &&
                k.seats !== 'everyone' &&
                k.seats.some((s) => s !== seat && s !== a.target),
            ),
        );
        const peek = legal.find((a) => a.card.startsWith('priest') && a.target !== undefined);
        const action =
          swap ??
          peek ??
          legal.find((a) => !a.card.startsWith('princess') && !a.card.startsWith('king')) ??
          legal[0];
        if (action === undefined) break;
        const before = swap === undefined ? undefined : known;
        const r = match.apply(seat, action);
        expect(r.ok).toBe(true);
        if (swap !== undefined && before !== undefined && !match.isOver) {
          const target = swap.target as number;
          const entry = before.find((k) => k.zone === `players.${String(target)}.hand`);
          const watcher = (entry?.seats as readonly number[]).find(
            (s) => s !== seat && s !== target,
          ) as number;
          const card = entry?.card as string;
          // The card is now in the swapping seat's hand, and the watcher still knows it there.
          expect(match.state.game.players[seat]?.hand).toEqual([card]);
          expect(match.view(watcher).known).toContainEqual({
            card,
            zone: `players.${String(seat)}.hand`,
          });
          checked = true;
        }
      }
    }
    expect(checked).toBe(true);
  });

  it('a game that never reveals keeps its state shape (no known field)', () => {
    const match = createMatch(courtLetters, { seed: 1, players: 2 });
    expect('known' in match.state).toBe(false);
  });
});
