import { auctionPolicyBot, greedyBot, randomBot } from '@ruleloom/bots/browser';
import type { LocalBot } from '@ruleloom/client';
import { colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import { stAugustineHeuristic } from '@ruleloom/st-augustine';

/** The bots, by name: what the worker serves and the lobby seats (only the worker imports this). */
export function makeBots(): Readonly<Record<string, LocalBot>> {
  return {
    random: randomBot(),
    'auction-policy': auctionPolicyBot(),
    'greedy-st-augustine': greedyBot({ heuristic: stAugustineHeuristic, samples: 4 }),
    'greedy-colonial-florida': greedyBot({ heuristic: colonialFloridaHeuristic, samples: 4 }),
  };
}
