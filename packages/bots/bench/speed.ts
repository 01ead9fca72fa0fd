/**
 * MCTS speed: iterations per second of the honest ISMCTS bot with full random playouts from a
 * mid-game St. Augustine position (4 players, trading off). Run: pnpm --filter @ruleloom/bots bench:speed
 */
import { Engine, Rng, createMatch } from '@ruleloom/core';
import { stAugustine } from '@ruleloom/st-augustine';
import { auctionPolicyBot, mctsBot, type BotRules } from '../src/index.js';

const setup = { players: 4, options: { trading: 'off' } } as const;
const match = createMatch(stAugustine, { seed: 7, ...setup });
const opponents = auctionPolicyBot();
const rules = new Engine(stAugustine, setup) as unknown as BotRules;
const rng = Rng.fromSeed(1);
// Play to mid-game (turn 20 of 40) with the reference policy.
while ((match.view(0) as unknown as { turn: number }).turn < 20) {
  const seat = match.toAct[0]!;
  match.apply(
    seat,
    opponents.act({
      seat,
      view: match.view(seat),
      legalActions: match.legalActions(seat),
      rng,
      rules,
    }),
  );
}
const seat = match.toAct[0]!;
const input = { seat, view: match.view(seat), legalActions: match.legalActions(seat), rules, rng };
console.log(
  `position: turn ${String((input.view as unknown as { turn: number }).turn)}, phase ${input.view.phase}, ${String(input.legalActions.length)} legal actions`,
);
for (const iterations of [500, 2000, 5000]) {
  const bot = mctsBot({ iterations });
  await bot.act(input); // warm-up
  const t0 = performance.now();
  const runs = 3;
  for (let i = 0; i < runs; i++) await bot.act(input);
  const ms = (performance.now() - t0) / runs;
  console.log(
    `mcts ${String(iterations)} iterations: ${ms.toFixed(1)} ms/decision, ${((iterations / ms) * 1000).toFixed(0)} iterations/s`,
  );
}
