/**
 * Regenerates the golden replays in test/golden/ (run: `pnpm --filter @ruleloom/st-augustine golden`).
 *
 * A golden file whose outcome changes is a breaking change of the game: bump `rulesVersion`
 * in src/game.ts, then regenerate and commit the new files.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GOLDEN_GAMES } from './games.js';
import { playRandomMatch } from '../random-policy.js';

const dir = fileURLToPath(new URL('./', import.meta.url));
for (const { name, setup, policySeed } of GOLDEN_GAMES) {
  const match = playRandomMatch(setup, policySeed);
  const save = match.toJSON();
  const lines = save.actions.map((a) => `    ${JSON.stringify(a)}`).join(',\n');
  const { actions: _actions, ...head } = save;
  const json = JSON.stringify({ ...head, result: match.result }, null, 2).replace(
    /\n}$/,
    `,\n  "actions": [\n${lines}\n  ]\n}\n`,
  );
  writeFileSync(`${dir}${name}.json`, json);
  process.stdout.write(
    `${name}: ${String(save.actions.length)} actions, hash ${save.hash}, winners ${JSON.stringify(match.result?.winners)}\n`,
  );
}
