/**
 * Research bench (not a test): how much is there to gain at Colonial Florida's decisions, and
 * which evaluation picks better? It plays games of three greedy bots (race model, 4 samples)
 * and at a share `--record` of the decisions with two or more legal actions (not a move with
 * both dice alike, where the two actions are the same move) estimates each
 * action's win chance for the acting seat by `--rollouts` rollouts from the acting seat's view
 * (a state sampled by `rules.determinize`, the same sampled states and bot streams for every
 * action: common random numbers), every seat played by greedy with one sample. It prints the
 * mean gap between the best and the worst action, and the regret (best minus chosen, in win
 * chance, with a 95% interval) of a random choice, greedy (32 samples) on the race model and
 * on the learned value, and the `ismcts` preset on each.
 *
 *   cd packages/bots && ../../node_modules/.bin/tsx bench/cf-regret.ts --points 60 --rollouts 200
 */
import { parseArgs } from 'node:util';
import {
  colonialFlorida,
  colonialFloridaHeuristic,
  colonialFloridaValue,
} from '@ruleloom/colonial-florida';
import { createMatch, Rng, type ActionBase, type GameView, type Heuristic } from '@ruleloom/core';
import { greedyBot, ismctsPreset, mctsBot, type Bot, type BotRules } from '../src/index.js';

const args = parseArgs({
  options: {
    points: { type: 'string', default: '60' },
    rollouts: { type: 'string', default: '200' },
    record: { type: 'string', default: '0.15' },
    seed: { type: 'string', default: 'cf-regret-1' },
  },
}).values;

const model = greedyBot({ heuristic: colonialFloridaHeuristic, samples: 1 });
const player = greedyBot({ heuristic: colonialFloridaHeuristic, samples: 4 });

/** The acting seat's win share after `action`, by rollouts with common random numbers. */
function actionValues(
  rules: BotRules,
  view: GameView,
  seat: number,
  legal: readonly ActionBase[],
  rollouts: number,
): number[] {
  const totals = legal.map(() => 0);
  for (let r = 0; r < rollouts; r++) {
    const sampled = rules.determinize(view, Rng.fromSeed(`d${String(r)}`));
    legal.forEach((action, i) => {
      const state = rules.clone(sampled);
      if (!rules.step(state, seat, action, false).ok) throw new Error('illegal action');
      const rngs = [0, 1, 2].map((s) => Rng.fromSeed(`r${String(r)}/${String(s)}`));
      for (let d = 0; d < 2000 && state.result === null; d++) {
        const who = rules.toAct(state)[0] as number;
        const options = rules.legalActions(state, who);
        const a =
          options.length === 1
            ? options[0]
            : (model.act({
                seat: who,
                view: rules.view(state, who),
                legalActions: options,
                rng: rngs[who] as Rng,
                rules,
              }) as ActionBase);
        if (!rules.step(state, who, a, false).ok) throw new Error('illegal action');
      }
      const winners = state.result?.winners ?? [];
      totals[i] = (totals[i] as number) + (winners.includes(seat) ? 1 / winners.length : 0);
    });
  }
  return totals.map((t) => t / rollouts);
}

/** The action `bot` picks (a fixed stream). */
async function pick(
  bot: Bot,
  rules: BotRules,
  view: GameView,
  seat: number,
  legal: readonly ActionBase[],
): Promise<number> {
  const a = await bot.act({ seat, view, legalActions: legal, rng: Rng.fromSeed('pick'), rules });
  return legal.indexOf(a);
}

const greedy = (heuristic: Heuristic): Bot => greedyBot({ heuristic, samples: 32 });
/** The bots whose choices are scored, by name. */
const judged: Readonly<Record<string, Bot>> = {
  'greedy on the race model (32 samples)': greedy(colonialFloridaHeuristic),
  'greedy on the learned value (32 samples)': greedy(colonialFloridaValue),
  'the ismcts preset (race model)': mctsBot({
    ...ismctsPreset('colonial-florida'),
    heuristic: colonialFloridaHeuristic,
  }),
  'the ismcts preset on the learned value': mctsBot({
    ...ismctsPreset('colonial-florida'),
    heuristic: colonialFloridaValue,
  }),
};

const rng = Rng.fromSeed(args.seed ?? 'cf-regret-1');
const points = Number(args.points);
const rows: { gap: number; random: number; regret: Record<string, number> }[] = [];
let finished = 0;
let choices = 0;
for (let g = 0; rows.length < points; g++) {
  const match = createMatch(colonialFlorida, {
    seed: `${args.seed ?? ''}/${String(g)}`,
    players: 3,
  });
  const rules = match.engine as unknown as BotRules;
  const rngs = [0, 1, 2].map((s) => rng.fork(`seat-${String(s)}`));
  while (!match.isOver && rows.length < points) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat) as ActionBase[];
    const view = match.view(seat);
    const dice = (view.pending as { dice?: readonly number[] } | null)?.dice;
    const alike = legal[0]?.type === 'move' && dice?.[0] === dice?.[1];
    if (legal.length > 1 && !alike) choices++;
    if (legal.length > 1 && !alike && rng.chance(Number(args.record))) {
      const q = actionValues(rules, view, seat, legal, Number(args.rollouts));
      const best = Math.max(...q);
      const mean = q.reduce((a, b) => a + b, 0) / q.length;
      const regret: Record<string, number> = {};
      for (const [name, bot] of Object.entries(judged))
        regret[name] = best - (q[await pick(bot, rules, view, seat, legal)] as number);
      rows.push({ gap: best - Math.min(...q), random: best - mean, regret });
    }
    const action =
      legal.length === 1
        ? legal[0]
        : await player.act({ seat, view, legalActions: legal, rng: rngs[seat] as Rng, rules });
    if (!match.applyInput(seat, action).ok) throw new Error('illegal action');
  }
  if (match.isOver) finished++;
}
const stat = (xs: readonly number[]): string => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
  return `${(m * 100).toFixed(2)} ± ${((1.96 * sd * 100) / Math.sqrt(xs.length)).toFixed(2)} points`;
};
console.log(
  `${String(rows.length)} decision points, ${args.rollouts ?? ''} rollouts per action (greedy, 1 sample, for every seat)`,
);
console.log(`best minus worst action: ${stat(rows.map((r) => r.gap))}`);
const perSeat = choices / Math.max(1, finished) / 3;
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `${perSeat.toFixed(1)} such decisions per seat per game (${String(finished)} games finished): picking the rollouts' best at every one gains at most about ${(perSeat * mean(rows.map((r) => r.regret['greedy on the race model (32 samples)'] as number)) * 100).toFixed(1)} points of win chance per game over greedy on the race model`,
);
console.log(`regret of a random choice: ${stat(rows.map((r) => r.random))}`);
for (const name of Object.keys(judged)) {
  const best = rows.filter((r) => r.gap > 0 && (r.regret[name] as number) === 0).length;
  console.log(
    `regret of ${name}: ${stat(rows.map((r) => r.regret[name] as number))}, the rollouts' best at ${String(best)} of the ${String(rows.filter((r) => r.gap > 0).length)} with a gap`,
  );
}
