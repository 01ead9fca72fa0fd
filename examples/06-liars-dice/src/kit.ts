/**
 * Liar's Dice as a game kit: the one module every Ruleloom host loads
 * (`ruleloom play ./dist/liars-dice.mjs`, `ruleloom tournament`, `ruleloom serve --game`).
 * Its default export is the kit.
 */
import {
  defineKit,
  seatName,
  styled,
  type BoardBlock,
  type GamePresenter,
  type GameView,
} from '@ruleloom/core';
import { liarsDice, type LiarsDiceAction, type LiarsDiceOptions } from './game.js';

interface SeenPlayer {
  /** The faces, for the cup's owner (absent for everyone else). */
  readonly cup?: readonly number[];
  readonly diceLeft: number;
}

const presenter: GamePresenter<LiarsDiceAction, LiarsDiceOptions> = {
  gameId: liarsDice.id,
  summary: [
    'Each player rolls their dice under a cup: only they see them. In turn, raise the bid (more dice, or as many of a higher face) on how many dice on the whole table show a face, or call the last bid a lie.',
    'On a call the cups are lifted: if the table has at least that many, the caller loses a die; otherwise the bidder does. The last player with dice wins.',
  ],
  seatLabel: (seat) => `Player ${String(seat + 1)}`,
  formatScore: (score) => `${String(score)} ${score === 1 ? 'die' : 'dice'}`,
  renderBoard(view: GameView, ctx): readonly BoardBlock[] {
    const players = (view.players ?? []) as readonly SeenPlayer[];
    const bid = view.bid as { quantity: number; face: number } | null;
    const lines: BoardBlock[] = [
      {
        type: 'line',
        text: [
          `Round ${String(view.round)} · bid: `,
          bid === null
            ? 'none yet'
            : styled('strong', `${String(bid.quantity)} × ${String(bid.face)}`),
        ],
      },
    ];
    players.forEach((p, seat) => {
      const cup = p.cup === undefined ? `${String(p.diceLeft)} hidden` : p.cup.join(' ');
      lines.push({
        type: 'line',
        text: `${seatName(ctx, seat)}: ${String(p.diceLeft)} dice · cup ${cup}`,
      });
    });
    return lines;
  },
  narrateEvent(event, ctx) {
    if (event.type === 'cupsRolled')
      return styled('strong', `— Round ${String(event.round)}: cups rolled —`);
    if (event.type === 'showdown') {
      const faces = (event.faces as number[][]).map(
        (f, seat) => `${seatName(ctx, seat)} ${f.join(' ')}`,
      );
      return `Cups lifted (${faces.join(' · ')}): ${String(event.counted)} counted; ${seatName(ctx, event.loser)} loses a die.`;
    }
    return undefined;
  },
};

/** Liar's Dice's kit: 3 players with 3 dice by default; `quick` and `bench`: 2 players, 2 dice. */
export default defineKit({
  game: liarsDice,
  presenter,
  defaultSetup: { players: 3, description: 'three players, three dice each' },
  quickSetups: {
    quick: { players: 2, options: { dice: 2 }, description: 'two players, two dice each' },
    bench: { players: 2, options: { dice: 2 } },
  },
  bots: { ismcts: { iterations: 200 } },
  // What `ruleloom bench ./dist/liars-dice.mjs` measures: the `bench` setup under uniform random
  // play, and how the cost grows with more players and dice.
  benchmark: {
    setup: 'bench',
    policy: 'uniform',
    policyName: 'uniform random',
    scaling: { '4 players, 3 dice': { players: 4, options: { dice: 3 } } },
  },
});
