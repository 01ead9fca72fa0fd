/**
 * MCTS speed: iterations per second of the honest ISMCTS bot with full random playouts from a
 * mid-game St. Augustine position (4 players, trading off), on the game's own forward model
 * (the default) and on the engine. Run: pnpm --filter @ruleloom/bots bench:speed
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
  match.applyInput(
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
// Warm up the compiler on a long search first, so every row measures steady-state speed.
for (let i = 0; i < 3; i++) await mctsBot({ iterations: 5000 }).act(input);
for (const [iterations, forwardModel] of [
  [500, true],
  [2000, true],
  [5000, true],
  [2000, false],
] as const) {
  const bot = mctsBot({ iterations, forwardModel });
  await bot.act(input); // warm-up
  const t0 = performance.now();
  const runs = 3;
  for (let i = 0; i < runs; i++) await bot.act(input);
  const ms = (performance.now() - t0) / runs;
  console.log(
    `mcts ${String(iterations)} iterations on ${forwardModel ? "the game's forward model" : 'the engine'}: ${ms.toFixed(1)} ms/decision, ${((iterations / ms) * 1000).toFixed(0)} iterations/s`,
  );
}
