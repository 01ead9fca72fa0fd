import { colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import { greedyBot, policyBot, randomBot, type Bot } from '../src/index.js';
import { builderPolicy } from './colonial-florida-opponents.js';
import { raiderPolicy } from './colonial-florida-raider.js';

/**
 * The Colonial Florida opponents the research benches (`cf-ceiling.ts`, `cf-tune.ts`) play
 * against, by their `--opp` name: random, greedy on the race heuristic (4 samples), and the
 * two rule-based reference opponents.
 */
export const colonialFloridaBenchOpponents: Readonly<Record<string, Bot>> = {
  random: randomBot(),
  greedy: greedyBot({ heuristic: colonialFloridaHeuristic, samples: 4 }),
  builder: policyBot('builder', builderPolicy),
  raider: policyBot('raider', raiderPolicy),
};
