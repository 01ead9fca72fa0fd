// Regenerates the golden replays: `pnpm --filter @ruleloom/colonial-florida golden`.
// A changed outcome of a stored game is a breaking change: bump `rulesVersion` in src/game.ts.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMatch } from '@ruleloom/core';
import { colonialFlorida } from '../../src/index.js';
import { GOLDEN_GAMES } from './games.js';

const here = dirname(fileURLToPath(import.meta.url));
for (const game of GOLDEN_GAMES) {
  const match = createMatch(colonialFlorida, game.setup);
  let step = 0;
  while (!match.isOver) {
    const seat = match.toAct[0] as number;
    const legal = match.legalActions(seat);
    match.apply(seat, legal[(step * game.pick) % legal.length]!);
    step++;
  }
  const saved = { ...match.toJSON(), result: match.result };
  writeFileSync(join(here, `${game.name}.json`), `${JSON.stringify(saved, null, 1)}\n`);
  console.log(
    `${game.name}: ${saved.actions.length} actions, hash ${saved.hash}, winners ${String(match.result?.winners)}`,
  );
}
