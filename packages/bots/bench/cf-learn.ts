/**
 * Research bench (not a test): learns Colonial Florida's evaluation `colonialFloridaValue` from
 * self-play. It plays `--games` fast games between a mix of bots (greedy on the race model
 * with 1–2 samples, the builder, the raider, random; every bot plays a random move with
 * probability `--epsilon`), records at a share `--record` of the decision points every seat's
 * feature vector (`colonialFloridaFeatures` of the acting seat's view) and the game's outcome,
 * and fits a conditional-logit model P(seat wins) = exp(w·f_seat) / Σ_j exp(w·f_j) by Newton's
 * method on the log-likelihood (ridge `--ridge` on standardized features). Every fifth game is
 * held out; it prints the held-out log-loss of the fit, of the race model
 * (`colonialFloridaHeuristic`) and of the uniform guess, and the weights as the data table
 * of `COLONIAL_FLORIDA_VALUE_WEIGHTS`. `--learned 0.4` seats greedy on the current learned
 * value (`--weights file.json`, else the shipped table) in that share of the seats, to refit
 * on games played by the learned bot.
 *
 *   cd packages/bots && ../../node_modules/.bin/tsx bench/cf-learn.ts --games 4000
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  COLONIAL_FLORIDA_FEATURES,
  COLONIAL_FLORIDA_VALUE_WEIGHTS,
  colonialFlorida,
  colonialFloridaFeatures,
  colonialFloridaHeuristic,
  colonialFloridaValueShares,
  type ColonialFloridaValueWeights,
} from '@ruleloom/colonial-florida';
import { createMatch, Rng, type ActionBase } from '@ruleloom/core';
import { greedyBot, policyBot, randomBot, type Bot, type BotRules } from '../src/index.js';
import { builderPolicy } from './colonial-florida-opponents.js';
import { raiderPolicy } from './colonial-florida-raider.js';
import { fitConditionalLogit, logLoss, type Sample } from './conditional-logit.js';

const args = parseArgs({
  options: {
    games: { type: 'string', default: '4000' },
    seed: { type: 'string', default: 'cf-learn-1' },
    record: { type: 'string', default: '0.3' },
    epsilon: { type: 'string', default: '0.1' },
    ridge: { type: 'string', default: '0.001' },
    learned: { type: 'string', default: '0' },
    weights: { type: 'string' },
    out: { type: 'string' },
  },
}).values;

const current: ColonialFloridaValueWeights =
  args.weights === undefined
    ? COLONIAL_FLORIDA_VALUE_WEIGHTS
    : (JSON.parse(readFileSync(args.weights, 'utf8')) as ColonialFloridaValueWeights);
const mix: readonly Bot[] = [
  greedyBot({ heuristic: colonialFloridaHeuristic, samples: 1 }),
  greedyBot({ heuristic: colonialFloridaHeuristic, samples: 2 }),
  policyBot('builder', builderPolicy),
  policyBot('raider', raiderPolicy),
  randomBot(),
];
const learnedBot = greedyBot({
  heuristic: (view, seat) => colonialFloridaValueShares(view, current)[seat] ?? 0,
  samples: 2,
  name: 'greedy-learned',
});

/** One game's records: samples (features per seat) and the race model's shares at each. */
interface GameData {
  readonly samples: Sample[];
  readonly race: number[][];
}

async function playOne(g: number, rng: Rng): Promise<GameData> {
  const seed = `${args.seed ?? ''}/${String(g)}`;
  const match = createMatch(colonialFlorida, { seed, players: 3, options: {} });
  const rules = match.engine as unknown as BotRules;
  const bots = [0, 1, 2].map(() => (rng.chance(Number(args.learned)) ? learnedBot : rng.pick(mix)));
  const rngs = [0, 1, 2].map((s) => rng.fork(`seat-${String(s)}`));
  const epsilon = Number(args.epsilon);
  const feats: number[][][] = [];
  const race: number[][] = [];
  while (!match.isOver) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat) as ActionBase[];
    const view = match.view(seat);
    if (legal.length > 1 && rng.chance(Number(args.record))) {
      feats.push(colonialFloridaFeatures(view));
      race.push([0, 1, 2].map((s) => colonialFloridaHeuristic(view, s)));
    }
    const r = rngs[seat] as Rng;
    const action =
      legal.length === 1 || rng.chance(epsilon)
        ? legal[r.int(0, legal.length - 1)]
        : await (bots[seat] as Bot).act({ seat, view, legalActions: legal, rng: r, rules });
    const applied = match.applyInput(seat, action);
    if (!applied.ok) throw new Error(`illegal action in game ${String(g)}`);
  }
  const winners = match.result?.winners ?? [];
  const outcome = [0, 1, 2].map((s) => (winners.includes(s) ? 1 / winners.length : 0));
  return { samples: feats.map((f) => ({ features: f, outcome })), race };
}

const t0 = performance.now();
const rng = Rng.fromSeed(args.seed ?? 'cf-learn-1');
const train: Sample[] = [];
const test: Sample[] = [];
const testRace: number[][] = [];
const games = Number(args.games);
for (let g = 0; g < games; g++) {
  const data = await playOne(g, rng);
  if (g % 5 === 4) {
    test.push(...data.samples);
    testRace.push(...data.race);
  } else train.push(...data.samples);
}
const playSeconds = (performance.now() - t0) / 1000;
const weights = fitConditionalLogit(train, Number(args.ridge));
const table = Object.fromEntries(
  COLONIAL_FLORIDA_FEATURES.map((name, i) => [name, Number((weights[i] as number).toFixed(4))]),
) as ColonialFloridaValueWeights;

const uniform = Math.log(3);
const raceLoss =
  -test.reduce((sum, s, i) => {
    const p = testRace[i] as number[];
    return (
      sum +
      s.outcome.reduce(
        (a, y, j) => a + (y > 0 ? y * Math.log(Math.max(1e-9, p[j] as number)) : 0),
        0,
      )
    );
  }, 0) / test.length;
const shipped = COLONIAL_FLORIDA_FEATURES.map((n) => current[n]);
console.log(
  `${String(games)} games (${playSeconds.toFixed(0)} s), ${String(train.length)} training / ${String(test.length)} held-out decision points`,
);
console.log(
  `held-out log-loss: learned ${logLoss(test, weights).toFixed(4)}, current table ${logLoss(test, shipped).toFixed(4)}, race model ${raceLoss.toFixed(4)}, uniform ${uniform.toFixed(4)}`,
);
console.log(`training log-loss: learned ${logLoss(train, weights).toFixed(4)}`);
console.log(JSON.stringify(table, null, 2));
if (args.out !== undefined) writeFileSync(args.out, `${JSON.stringify(table, null, 2)}\n`);
