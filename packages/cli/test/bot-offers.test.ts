/**
 * Issue #38: "Across 20 terminal games against the default bots, a human receives at most one
 * offer a turn." The games are played as `ruleloom play st-augustine --seed N` plays them:
 * the default seating (`planSeats`: the default bots, greedy, as the game's kit sets them
 * up), the command's setup (`buildSetup`), each bot behind the controller `play` gives it
 * (`createBotController`: its stream from the match seed and its seat, rules from the public
 * setup) and `runMatch`. Only the human is a stand-in: it bids the lowest amount when nobody
 * has bid yet (so it owns shops the bots want), passes every trade call and refuses every
 * offer.
 */
import { createMatch, type ActionBase, type Match } from '@ruleloom/core';
import type { StAugustineView } from '@ruleloom/st-augustine';
import { describe, expect, it } from 'vitest';
import { getCliGame } from '../src/games/registry.js';
import type { NarrationContext } from '../src/games/cli-game.js';
import type { CliIo } from '../src/io.js';
import { createPalette } from '../src/output/palette.js';
import { planSeats } from '../src/play/plan-seats.js';
import { runMatch } from '../src/play/run-match.js';
import { createBotController } from '../src/players/bot-controller.js';
import type { SeatController } from '../src/players/controller.js';
import { buildSetup } from '../src/setup/build-setup.js';

/** Standard input of a game nobody types into: the stand-in answers in code. */
const io: CliIo = {
  out: () => undefined,
  err: () => undefined,
  stdin: process.stdin,
  stdinIsTTY: false,
  stderrIsTTY: false,
  stdoutIsTTY: false,
  color: false,
  cwd: process.cwd(),
};

/** What the human at seat 0 was offered, by turn. */
interface Received {
  readonly byTurn: Map<number, ActionBase[]>;
}

/** The human stand-in: refuses every offer, passes every trade call, bids only to open. */
function refusingHuman(received: Received): SeatController {
  return {
    kind: 'human',
    name: 'you',
    choose: async ({ view, legalActions }) => {
      const v = view as StAugustineView;
      let action: ActionBase | undefined;
      if (v.trade !== null) {
        const list = received.byTurn.get(v.turn) ?? [];
        list.push(v.trade as unknown as ActionBase);
        received.byTurn.set(v.turn, list);
        action = { type: 'rejectTrade' };
      } else if (v.auction !== null && v.auction.highBid === null)
        action = legalActions.find((a) => a.type === 'bid');
      return Promise.resolve({ type: 'action', action: action ?? { type: 'pass' } });
    },
  };
}

/** Plays the default terminal game of seed `seed` to its end. */
async function playDefaultGame(seed: number): Promise<{ match: Match; received: Received }> {
  const cliGame = getCliGame('st-augustine');
  const seating = planSeats(cliGame, {});
  const setup = buildSetup(cliGame, seating.players, { seed: String(seed) });
  const match = createMatch(cliGame.game, setup) as Match;
  const received: Received = { byTurn: new Map() };
  const controllers: SeatController[] = [];
  let nextBot = 0;
  for (let seat = 0; seat < seating.players; seat++) {
    if (seat === seating.human) {
      controllers.push(refusingHuman(received));
      continue;
    }
    const kind = seating.bots[nextBot++];
    if (kind === undefined) throw new Error('a seat without a bot');
    controllers.push(
      createBotController({
        cliGame,
        bot: kind.create(cliGame),
        seat,
        seed: setup.seed,
        players: setup.players,
        options: setup.options ?? {},
      }),
    );
  }
  const ctx: NarrationContext = {
    names: controllers.map((c, seat) => `Seat ${String(seat)} (${c.name})`),
    palette: createPalette(false),
    engine: match.engine,
  };
  const outcome = await runMatch({ io, cliGame, match, controllers, ctx, viewer: 0 });
  expect(outcome).toBe('finished');
  return { match, received };
}

describe('the default bots in the terminal game (St. Augustine)', () => {
  it('across 20 seeded games, a human who refuses every offer receives at most one offer a turn', async () => {
    const seating = planSeats(getCliGame('st-augustine'), {});
    expect(seating.players).toBe(3);
    expect(seating.bots.map((b) => b.name)).toEqual(['greedy', 'greedy']);
    let offers = 0;
    let turns = 0;
    let worst = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const { match, received } = await playDefaultGame(seed);
      const view = match.view(0) as StAugustineView;
      expect(view.turn).toBe(40);
      turns += view.turn;
      for (const list of received.byTurn.values()) {
        offers += list.length;
        worst = Math.max(worst, list.length);
      }
    }
    console.log(
      `20 default games (${String(turns)} turns): ${String(offers)} offers to the human, at most ${String(worst)} in one turn`,
    );
    // Not vacuous: the bots do make the human offers.
    expect(offers).toBeGreaterThan(20);
    expect(worst).toBe(1);
  }, 600_000);
});
