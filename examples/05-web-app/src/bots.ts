import { auctionPolicyBot, botSettings, createCatalogBot, randomBot } from '@ruleloom/bots/browser';
import type { LocalBot } from '@ruleloom/client';
import type { GameKit } from '@ruleloom/core';
import { kitBotNames } from './games.js';
import { KITS } from './kits.js';

/** A catalog bot of a kit as the worker serves it (every bot here is honest: never cheats). */
function catalogBot(name: string, kit: GameKit, overrides: Record<string, unknown> = {}): LocalBot {
  return createCatalogBot(name, kit, overrides) as LocalBot;
}

/**
 * The bots of one kit, from the bot catalog with the kit's presets and heuristic: `ismcts-<id>`
 * (the kit's `ismcts` settings: hard), `ismcts-fast-<id>` (a quarter of its iterations: normal)
 * and, when the kit brings a heuristic, `greedy-<id>` (easy).
 */
function kitBots(kit: GameKit): Record<string, LocalBot> {
  const names = kitBotNames(kit);
  const iterations = Number(botSettings('ismcts', kit).iterations);
  return {
    [names.ismcts]: catalogBot('ismcts', kit),
    [names.ismctsFast]: catalogBot('ismcts', kit, {
      name: 'ismcts-fast',
      iterations: Math.max(25, Math.round(iterations / 4)),
    }),
    ...(names.greedy === undefined ? {} : { [names.greedy]: catalogBot('greedy', kit) }),
  };
}

/** The bots, by name: what the worker serves and the lobby seats (only the worker imports this). */
export function makeBots(): Readonly<Record<string, LocalBot>> {
  return {
    random: randomBot(),
    policy: auctionPolicyBot(),
    ...Object.fromEntries(KITS.flatMap(({ kit }) => Object.entries(kitBots(kit)))),
  };
}
