import type { BotResult, GameRecord } from './tournament-types.js';
import { bradleyTerryElo, wilsonInterval } from './stats.js';

/**
 * Aggregates game records (in schedule order) into the per-entry table: games, wins, win
 * rate with its 95% interval, Elo, mean score, errors, decision time. `runTournament` uses it
 * for its result; a caller holding only some games (an interrupted tournament) can too.
 * @public
 */
export function summarize(names: readonly string[], records: readonly GameRecord[]): BotResult[] {
  const n = names.length;
  const games = new Array<number>(n).fill(0);
  const wins = new Array<number>(n).fill(0);
  const scores = new Array<number>(n).fill(0);
  const errors = new Array<number>(n).fill(0);
  const errorsCaused = new Array<number>(n).fill(0);
  const ms = new Array<number>(n).fill(0);
  const decisions = new Array<number>(n).fill(0);
  const pairwise = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const record of records) {
    record.seats.forEach((entry, seat) => {
      ms[entry] = (ms[entry] as number) + (record.decisionMs[seat] ?? 0);
      decisions[entry] = (decisions[entry] as number) + (record.seatDecisions[seat] ?? 0);
    });
    if (record.error !== undefined) {
      for (const entry of record.seats) errors[entry] = (errors[entry] as number) + 1;
      const seat = record.error.seat;
      if (seat !== null) {
        const culprit = record.seats[seat] as number;
        errorsCaused[culprit] = (errorsCaused[culprit] as number) + 1;
      }
      continue;
    }
    const share = 1 / record.winners.length;
    record.seats.forEach((entry, seat) => {
      games[entry] = (games[entry] as number) + 1;
      scores[entry] = (scores[entry] as number) + (record.scores[seat] ?? 0);
      if (record.winners.includes(seat)) wins[entry] = (wins[entry] as number) + share;
      const rank = record.ranks[seat] as number;
      record.seats.forEach((other, otherSeat) => {
        if (otherSeat === seat || other === entry) return;
        const otherRank = record.ranks[otherSeat] as number;
        const row = pairwise[entry] as number[];
        if (rank < otherRank) row[other] = (row[other] as number) + 1;
        else if (rank === otherRank) row[other] = (row[other] as number) + 0.5;
      });
    });
  }
  const elo = bradleyTerryElo(pairwise);
  return names.map((name, entry) => {
    const g = games[entry] as number;
    const w = wins[entry] as number;
    return {
      entry,
      name,
      games: g,
      wins: w,
      winRate: g > 0 ? w / g : 0,
      winRateCi95: wilsonInterval(w, g),
      meanScore: g > 0 ? (scores[entry] as number) / g : 0,
      elo: elo[entry] as number,
      errors: errors[entry] as number,
      errorsCaused: errorsCaused[entry] as number,
      meanDecisionMs:
        (decisions[entry] as number) > 0 ? (ms[entry] as number) / (decisions[entry] as number) : 0,
    };
  });
}
