import {
  auctionPolicyBot,
  greedyBot,
  ismctsPreset,
  mctsBot,
  randomBot,
} from '@ruleloom/bots/browser';
import type { LocalBot } from '@ruleloom/client';
import { colonialFloridaHeuristic } from '@ruleloom/colonial-florida';
import type { Heuristic } from '@ruleloom/core';
import { stAugustineHeuristic } from '@ruleloom/st-augustine';

/** The ISMCTS bots of a game: the measured preset (hard) and a quarter of its budget (normal). */
function ismctsBots(gameId: string, heuristic: Heuristic): Record<string, LocalBot> {
  const preset = ismctsPreset(gameId);
  return {
    [`ismcts-${gameId}`]: mctsBot({ ...preset, heuristic }),
    [`ismcts-fast-${gameId}`]: mctsBot({
      ...preset,
      name: 'ismcts-fast',
      iterations: Math.max(25, Math.round(preset.iterations / 4)),
      heuristic,
    }),
  };
}

/** The bots, by name: what the worker serves and the lobby seats (only the worker imports this). */
export function makeBots(): Readonly<Record<string, LocalBot>> {
  return {
    random: randomBot(),
    'auction-policy': auctionPolicyBot(),
    'greedy-st-augustine': greedyBot({ heuristic: stAugustineHeuristic, samples: 4 }),
    'greedy-colonial-florida': greedyBot({ heuristic: colonialFloridaHeuristic, samples: 4 }),
    ...ismctsBots('st-augustine', stAugustineHeuristic),
    ...ismctsBots('colonial-florida', colonialFloridaHeuristic),
  };
}
