import type { GameResult, GameScore } from '../model/match-state.js';

/**
 * Competition ranks of scores, highest first: `[10, 10, 5]` gives `[1, 1, 3]`.
 * @public
 */
export function competitionRanks(scores: readonly number[]): number[] {
  const ranks: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i] as number;
    let above = 0;
    for (let j = 0; j < scores.length; j++) if ((scores[j] as number) > s) above++;
    ranks.push(1 + above);
  }
  return ranks;
}

/** Turns a game's score into a result: winners default to the top scorers. */
export function rankScores(score: GameScore): GameResult {
  const scores = score.scores.slice();
  let best = -Infinity;
  for (let i = 0; i < scores.length; i++)
    if ((scores[i] as number) > best) best = scores[i] as number;
  let winners: number[];
  if (score.winners) winners = score.winners.slice();
  else {
    winners = [];
    for (let i = 0; i < scores.length; i++) if (scores[i] === best) winners.push(i);
  }
  return { winners, scores, ranks: competitionRanks(scores) };
}
