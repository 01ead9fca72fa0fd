import {
  formatTournamentTable,
  randomBot,
  runTournament,
  type TournamentResult,
} from '@ruleloom/bots';
import { pig } from '@ruleloom/core/games';
import { holdAtBot } from './custom-bot.js';

/** A small tournament of the custom bot against a random bot in two-player Pig. */
export function customBotTournament(games = 40): Promise<TournamentResult> {
  return runTournament({
    game: pig,
    bots: [holdAtBot(20), randomBot()],
    games,
    seed: 'example-03',
    options: { target: 50 },
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  console.log(formatTournamentTable(await customBotTournament()));
}
