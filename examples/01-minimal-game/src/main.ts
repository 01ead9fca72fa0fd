/**
 * Plays one match of High Card with random (but seeded, so reproducible) choices and prints
 * what happened. Run it with `pnpm --filter @ruleloom/example-01-minimal-game run example`.
 */
import { createMatch, restoreMatch, Rng } from '@ruleloom/core';
import { highCard } from './game.js';

const seed = Number(process.argv[2] ?? 7);
const match = createMatch(highCard, { seed, players: 3, options: { rounds: 4 } });
const choices = Rng.fromSeed(`choices-${String(seed)}`);

// Bounded loop: a decision per iteration, and the game ends in at most `rounds` showdowns.
for (let decisions = 0; !match.isOver && decisions < 1000; decisions++) {
  const seat = choices.pick(match.toAct);
  const action = choices.pick(match.legalActions(seat));
  const applied = match.apply(seat, action);
  if (!applied.ok) throw new Error(`a legal action was rejected: ${applied.error.message}`);
  console.log(`seat ${String(seat)} ${match.engine.describeAction(action)}`);
  for (const event of applied.events) {
    if (event.type === 'showdown') console.log(`  showdown: ${JSON.stringify(event)}`);
  }
}

const result = match.result;
if (result === null) throw new Error('the match did not end');
console.log(
  `\nscores ${result.scores.join(' / ')}, winners: seat ${result.winners.join(' and seat ')}`,
);
console.log(`what seat 0 sees at the end: ${JSON.stringify(match.view(0))}`);

// A save is setup + actions + hash; restoring it replays every action and checks the hash.
const saved: unknown = JSON.parse(JSON.stringify(match.toJSON()));
const restored = restoreMatch(highCard, saved);
if (!restored.ok) throw new Error(`restore failed: ${restored.error.code}`);
console.log(
  `saved ${String(match.actions.length)} actions; restored hash ${restored.match.hash()} = ${match.hash()}`,
);
