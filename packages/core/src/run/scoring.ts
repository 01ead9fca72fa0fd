import type { GameResult, GameScore } from '../model/match-state.js';

/**
 * Competition ranks of scores, highest first: `[10, 10, 5]` gives `[1, 1, 3]`.
 * @public
 */
export function competitionRanks(scores: readonly number[]): number[] {
  return scores.map((s) => 1 + scores.filter((t) => t > s).length);
}

/** Turns a game's score into a result: winners default to the top scorers. */
export function rankScores(score: GameScore): GameResult {
  const scores = [...score.scores];
  const best = Math.max(...scores);
  const winners = score.winners
    ? [...score.winners]
    : scores.flatMap((s, i) => (s === best ? [i] : []));
  return { winners, scores, ranks: competitionRanks(scores) };
}
